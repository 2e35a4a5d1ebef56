import { describe, expect, it } from 'vitest';
import { toAllowedHtml } from './to-allowed-html';

describe('toAllowedHtml', () => {
  it("renames Chrome's editing tags to the allow-listed ones", () => {
    expect(toAllowedHtml('<b>Bold</b> and <i class="x">it</i><div>next</div>')).toBe(
      '<strong>Bold</strong> and <em>it</em><p>next</p>',
    );
  });

  it('keeps lists and links as they are', () => {
    const html = '<ul><li>one</li></ul><a href="https://example.com">link</a>';
    expect(toAllowedHtml(html)).toBe(html);
  });

  it('answers an empty string for an editor with nothing typed', () => {
    expect(toAllowedHtml('<div><br></div>')).toBe('');
    expect(toAllowedHtml('&nbsp;')).toBe('');
  });
});
