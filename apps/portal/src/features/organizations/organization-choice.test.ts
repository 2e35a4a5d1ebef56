import { NOTIFICATION_TEMPLATES, type TOrganization } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { adminOrganizations, isQuietWelcome, organizationLabel } from './organization-choice';

const org = (orgId: number, orgName: string, orgAccessLevelId = 1): TOrganization => ({
  orgId,
  orgName,
  orgAccessLevelDescription: 'Owner',
  orgAccessLevelId,
});
const welcome = (orgId: number) => ({
  notificationTemplateId: NOTIFICATION_TEMPLATES.welcome,
  notificationOrgId: orgId,
});

describe('organization choice (issue 25)', () => {
  it('offers only the organizations the user administers', () => {
    expect(
      adminOrganizations([org(1, 'A'), org(2, 'B', 2), org(3, 'C')]).map((o) => o.orgId),
    ).toEqual([1, 3]);
  });

  it('labels an unnamed organization', () => {
    expect(organizationLabel(org(1, '  '))).toBe('Unnamed organization');
    expect(organizationLabel(org(1, 'Acme'))).toBe('Acme');
  });

  it('answers quietly only the welcome of a named organization', () => {
    const orgs = [org(1, 'Acme'), org(2, '')];
    expect(isQuietWelcome(welcome(1), orgs)).toBe(true);
    expect(isQuietWelcome(welcome(2), orgs)).toBe(false);
    expect(isQuietWelcome(welcome(3), orgs)).toBe(false);
    expect(
      isQuietWelcome(
        { notificationTemplateId: NOTIFICATION_TEMPLATES.planChanged, notificationOrgId: 1 },
        orgs,
      ),
    ).toBe(false);
  });
});
