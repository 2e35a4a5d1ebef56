import { describe, expect, it } from 'vitest';
import { describeHistoryEntry } from './item-history';

const described = (field: string, before: string | null, after: string | null) =>
  describeHistoryEntry({ field, before, after });

describe('describeHistoryEntry', () => {
  it('reads the creation entry as a sentence, not as a field set', () => {
    expect(described('created', null, 'Checkout fails')).toBe(
      'Created this item as “Checkout fails”',
    );
  });

  it('names every field with a word people use, never its code name', () => {
    expect(described('itemStatus', 'New', 'Done')).toBe('Status: “New” → “Done”');
    expect(described('itemType', null, 'Bug')).toBe('Type set to “Bug”');
    expect(described('assignee', 'Ada Lovelace', null)).toBe(
      'Assignee cleared (was “Ada Lovelace”)',
    );
    expect(described('externalUrls', '', 'https://a.test\nhttps://b.test')).toBe(
      'Links set to “https://a.test, https://b.test”',
    );
    expect(described('tags', 'ui', 'ui, login')).toBe('Tags: “ui” → “ui, login”');
  });

  it('never shows the HTML of a description', () => {
    expect(described('description', null, '<p>Steps</p>')).toBe('Added a description');
    expect(described('description', '<p>a</p>', '<p>b</p>')).toBe('Changed the description');
    expect(described('description', '<p>a</p>', '')).toBe('Removed the description');
  });

  it('says which item was linked or unlinked and which file attached or removed', () => {
    expect(described('relatedItems', null, '#12 Cart')).toBe('Linked to “#12 Cart”');
    expect(described('relatedItems', '#12 Cart', null)).toBe('Unlinked from “#12 Cart”');
    expect(described('attachments', null, 'a.png')).toBe('Attached “a.png”');
    expect(described('attachments', 'a.png', null)).toBe('Removed attachment “a.png”');
  });
});
