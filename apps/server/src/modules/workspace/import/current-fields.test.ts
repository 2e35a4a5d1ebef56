import { describe, expect, it } from 'vitest';
import { isUnchanged, keepStoredMentions, type CurrentFields } from './current-fields';

const stored: CurrentFields = {
  title: 'Pay',
  itemTypeId: 1,
  itemStatusId: 2,
  descriptionHtml: '<p>x</p>',
  exportedDescriptionHtml: '<p>x</p>',
  tags: ['a', 'b'],
  assigneeUserId: null,
  releaseId: 4,
};

describe('isUnchanged', () => {
  it('is true when every field the file has equals the stored one', () => {
    expect(isUnchanged({ title: 'Pay', tags: ['a', 'b'], releaseId: 4 }, stored)).toBe(true);
    expect(isUnchanged({ title: 'Pay', descriptionHtml: '<p>x</p>' }, stored)).toBe(true);
  });

  it('is false for any difference, tag order included, or an unknown item', () => {
    expect(isUnchanged({ title: 'Pay', tags: ['b', 'a'] }, stored)).toBe(false);
    expect(isUnchanged({ title: 'Pay', assigneeUserId: 3 }, stored)).toBe(false);
    expect(isUnchanged({ title: 'Pay', releaseId: null }, stored)).toBe(false);
    expect(isUnchanged({ title: 'Pay', descriptionHtml: 'x' }, stored)).toBe(false);
    expect(isUnchanged({ title: 'Pay' }, undefined)).toBe(false);
  });
});

describe('keepStoredMentions', () => {
  const mentioning = {
    ...stored,
    descriptionHtml: '<p>@[user:3]</p>',
    exportedDescriptionHtml: '<p>@Ada</p>',
  };

  it("drops a description that is the item's own as exported, so its mentions stay", () => {
    expect(
      keepStoredMentions({ title: 'Pay', descriptionHtml: '<p>@Ada</p>' }, mentioning),
    ).toEqual({
      title: 'Pay',
    });
  });

  it('keeps a changed description, and any for a new item', () => {
    const edited = { title: 'Pay', descriptionHtml: '<p>@Ada, now</p>' };
    expect(keepStoredMentions(edited, mentioning)).toEqual(edited);
    expect(keepStoredMentions(edited, undefined)).toEqual(edited);
  });
});
