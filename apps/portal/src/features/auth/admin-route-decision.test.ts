import type { TOrganization } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { decideAdminRoute } from './admin-route-decision';

const org = (orgId: number, orgAccessLevelId: number): TOrganization => ({
  orgId,
  orgName: `Org ${orgId}`,
  orgAccessLevelDescription: orgAccessLevelId === 1 ? 'Owner' : 'Member',
  orgAccessLevelId,
});

describe('the /app guard (spec §2, §4, §6)', () => {
  it('starts sign-in when nobody is signed in, whatever is stored', () => {
    expect(decideAdminRoute({ isSignedIn: false, organizations: [org(1, 1)] })).toBe('sign-in');
  });

  it('lets an admin of any of their organizations in', () => {
    expect(decideAdminRoute({ isSignedIn: true, organizations: [org(1, 2), org(2, 1)] })).toBe(
      'admin',
    );
  });

  it('sends a member without admin rights anywhere to /non-admin', () => {
    expect(decideAdminRoute({ isSignedIn: true, organizations: [org(1, 2), org(2, 2)] })).toBe(
      'non-admin',
    );
  });

  it('lets a user with no organization into the shell, where New Organization blocks it', () => {
    expect(decideAdminRoute({ isSignedIn: true, organizations: [] })).toBe('admin');
  });
});
