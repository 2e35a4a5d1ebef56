import { describe, expect, it } from 'vitest';
import { isUnchanged, type CurrentFields } from './current-fields';

const stored: CurrentFields = {
  title: 'Pay',
  itemTypeId: 1,
  itemStatusId: 2,
  descriptionHtml: '<p>x</p>',
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
