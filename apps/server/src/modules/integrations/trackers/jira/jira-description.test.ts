import { describe, expect, it } from 'vitest';
import { jiraDescription } from './jira-description';

describe('jiraDescription', () => {
  it('turns the issue Markdown into an ADF document with headings, lists and links', () => {
    const doc = jiraDescription(
      [
        'Click **Pay**: nothing.',
        '',
        '### Page',
        '- <https://shop.example.com/checkout>',
        '',
        '---',
        'Bug · Open · [Open in Waymark](https://shop.example.com/checkout#waymark-item=4) (item 4)',
      ].join('\n'),
    );
    expect(doc).toMatchObject({ version: 1, type: 'doc' });
    const text = JSON.stringify(doc);
    expect(doc.content.map((node) => node.type)).toEqual([
      'paragraph',
      'heading',
      'bulletList',
      'rule',
      'paragraph',
    ]);
    expect(text).toContain('{"type":"strong"}');
    expect(text).toContain('"href":"https://shop.example.com/checkout"');
    expect(text).toContain('"href":"https://shop.example.com/checkout#waymark-item=4"');
  });
});
