import { describe, expect, it } from 'vitest';
import { orgUser } from '../../testing/org-user-fixture';
import { canDelete, canResend, filterUsers, pageOf, projectAccessChange } from './user-table';

const user = orgUser;

const owner = user({});
const pending = user({
  userId: 2,
  fullName: 'Tess Teammate',
  email: 'tess@shop.test',
  orgAccessLevelDescription: 'Member',
  orgAccessStatusDescription: 'Pending',
});

describe('filterUsers (spec §5)', () => {
  it('matches name, e-mail, level or status, ignoring case', () => {
    expect(filterUsers([owner, pending], 'tess')).toEqual([pending]);
    expect(filterUsers([owner, pending], 'SHOP.test')).toEqual([pending]);
    expect(filterUsers([owner, pending], 'owner')).toEqual([owner]);
    expect(filterUsers([owner, pending], 'pend')).toEqual([pending]);
    expect(filterUsers([owner, pending], '  ')).toEqual([owner, pending]);
    expect(filterUsers([owner, pending], 'nobody')).toEqual([]);
  });
});

describe('pageOf (spec §9: 5 per page)', () => {
  it('slices 5 rows a page and clamps the page', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(rows, 1)).toEqual({ rows: [0, 1, 2, 3, 4], pageCount: 3 });
    expect(pageOf(rows, 3)).toEqual({ rows: [10, 11], pageCount: 3 });
    expect(pageOf(rows, 9).rows).toEqual([10, 11]);
    expect(pageOf([], 1)).toEqual({ rows: [], pageCount: 1 });
  });
});

describe('row actions (spec §4, §6)', () => {
  it('offers Resend only to a Pending non-Owner and delete to anyone but the Owner', () => {
    expect(canResend(pending)).toBe(true);
    expect(canResend(user({ orgAccessLevelDescription: 'Member' }))).toBe(false);
    expect(canResend(user({ orgAccessStatusDescription: 'Pending' }))).toBe(false);
    expect(canDelete(owner)).toBe(false);
    expect(canDelete(pending)).toBe(true);
  });
});

describe('projectAccessChange', () => {
  it('sends only the difference', () => {
    expect(projectAccessChange([1, 2], [2, 3, 4])).toEqual({ added: [3, 4], removed: [1] });
    expect(projectAccessChange([1], [1])).toEqual({ added: [], removed: [] });
  });
});
