import { describe, expect, it } from 'vitest';
import { describeAccessLevel } from './access-level';

describe('describeAccessLevel', () => {
  it('names the creator Owner, other level-1 members Admin and level 2 Member', () => {
    expect(describeAccessLevel(1, true)).toBe('Owner');
    expect(describeAccessLevel(1, false)).toBe('Admin');
    expect(describeAccessLevel(2, false)).toBe('Member');
  });
});
