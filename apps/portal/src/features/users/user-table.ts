import type { TOrgUser } from '@waymark/core';

/** spec §9: rows per page of the users table. */
export const USERS_PAGE_SIZE = 5;

/**
 * spec §5: the users table search matches name, e-mail, level or status, case-insensitively,
 * as a substring.
 */
export function filterUsers(users: readonly TOrgUser[], search: string): TOrgUser[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...users];
  return users.filter((user) =>
    [
      user.fullName,
      user.email,
      user.orgAccessLevelDescription,
      user.orgAccessStatusDescription,
    ].some((value) => value.toLowerCase().includes(needle)),
  );
}

/** The rows of 1-based `page`, and how many pages there are (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * USERS_PAGE_SIZE;
  return { rows: rows.slice(start, start + USERS_PAGE_SIZE), pageCount };
}

/** spec §4, §6: Resend shows for a Pending user who is not the Owner. */
export function canResend(user: TOrgUser): boolean {
  return (
    user.orgAccessStatusDescription === 'Pending' && user.orgAccessLevelDescription !== 'Owner'
  );
}

/** spec §6: the Owner cannot be deleted. */
export function canDelete(user: TOrgUser): boolean {
  return user.orgAccessLevelDescription !== 'Owner';
}

/**
 * What an edit of a user's projects sends (issue 12: only the difference): the projects to add
 * and to remove, each sorted.
 */
export function projectAccessChange(
  before: readonly number[],
  after: readonly number[],
): { added: number[]; removed: number[] } {
  const had = new Set(before);
  const has = new Set(after);
  return {
    added: [...has].filter((id) => !had.has(id)).sort((a, b) => a - b),
    removed: [...had].filter((id) => !has.has(id)).sort((a, b) => a - b),
  };
}
