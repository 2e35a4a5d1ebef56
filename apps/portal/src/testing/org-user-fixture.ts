import type { TOrgUser } from '@waymark/core';

/** An org user for tests: the Owner, Ada Admin, unless `overrides` say otherwise. */
export function orgUser(overrides: Partial<TOrgUser> = {}): TOrgUser {
  return {
    userId: 1,
    orgId: 7,
    fullName: 'Ada Admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@example.test',
    orgAccessLevelDescription: 'Owner',
    orgAccessStatusDescription: 'Active',
    projects: [],
    ...overrides,
  };
}
