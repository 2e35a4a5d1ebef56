// @vitest-environment jsdom
import { STORAGE_KEYS, type TOrganization } from '@waymark/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearOrgKeys,
  isLoggedInButNoOrgs,
  readOrgAccessLevelId,
  readOrganisations,
  readOrgId,
  storeOrganisations,
} from './org-storage';

const owner: TOrganization = {
  orgId: 7,
  orgName: 'Acme',
  orgAccessLevelDescription: 'Owner',
  orgAccessLevelId: 1,
};
const member: TOrganization = {
  orgId: 9,
  orgName: 'Other',
  orgAccessLevelDescription: 'Member',
  orgAccessLevelId: 2,
};

describe('browser-stored organisation keys (spec §3)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults orgId to 0 and reads nothing else when storage is empty', () => {
    expect(readOrgId()).toBe(0);
    expect(readOrgAccessLevelId()).toBeNull();
    expect(readOrganisations()).toEqual([]);
    expect(isLoggedInButNoOrgs()).toBe(false);
  });

  it('selects the first organisation and stores its id and access level under the spec keys', () => {
    storeOrganisations([member, owner]);
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBe('9');
    expect(localStorage.getItem(STORAGE_KEYS.orgAccessLevelId)).toBe('2');
    expect(readOrgId()).toBe(9);
    expect(readOrganisations()).toEqual([member, owner]);
    expect(isLoggedInButNoOrgs()).toBe(false);
  });

  it('sets loggedInButNoOrgs and resets the selection when there is no organisation', () => {
    storeOrganisations([owner]);
    storeOrganisations([]);
    expect(isLoggedInButNoOrgs()).toBe(true);
    expect(readOrgId()).toBe(0);
    expect(readOrgAccessLevelId()).toBeNull();
  });

  it('clears every organisation key and leaves other keys alone', () => {
    storeOrganisations([owner]);
    localStorage.setItem('oidc.user:x', 'token');
    clearOrgKeys();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('oidc.user:x')).toBe('token');
  });

  it('treats unreadable stored organisations as none', () => {
    localStorage.setItem(STORAGE_KEYS.organisations, '{not json');
    expect(readOrganisations()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.organisations, JSON.stringify([{ orgId: 'x' }]));
    expect(readOrganisations()).toEqual([]);
  });
});
