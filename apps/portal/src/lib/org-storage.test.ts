// @vitest-environment jsdom
import { STORAGE_KEYS, type TOrganization } from '@waymark/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearOrgKeys,
  isLoggedInButNoOrgs,
  readOrgAccessLevelId,
  readOrganizations,
  readOrgId,
  selectOrganization,
  storeOrganizations,
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

describe('browser-stored organization keys (spec §3)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults orgId to 0 and reads nothing else when storage is empty', () => {
    expect(readOrgId()).toBe(0);
    expect(readOrgAccessLevelId()).toBeNull();
    expect(readOrganizations()).toEqual([]);
    expect(isLoggedInButNoOrgs()).toBe(false);
  });

  it('selects the first organization and stores its id and access level under the spec keys', () => {
    storeOrganizations([member, owner]);
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBe('9');
    expect(localStorage.getItem(STORAGE_KEYS.orgAccessLevelId)).toBe('2');
    expect(readOrgId()).toBe(9);
    expect(readOrganizations()).toEqual([member, owner]);
    expect(isLoggedInButNoOrgs()).toBe(false);
  });

  it('keeps an organization chosen in the switcher while the user still belongs to it (issue 25)', () => {
    storeOrganizations([owner, member]);
    selectOrganization(member);
    storeOrganizations([owner, member]);
    expect(readOrgId()).toBe(9);
    expect(readOrgAccessLevelId()).toBe(2);
    storeOrganizations([owner]);
    expect(readOrgId()).toBe(7);
  });

  it('sets loggedInButNoOrgs and resets the selection when there is no organization', () => {
    storeOrganizations([owner]);
    storeOrganizations([]);
    expect(isLoggedInButNoOrgs()).toBe(true);
    expect(readOrgId()).toBe(0);
    expect(readOrgAccessLevelId()).toBeNull();
  });

  it('clears every organization key and leaves other keys alone', () => {
    storeOrganizations([owner]);
    localStorage.setItem('oidc.user:x', 'token');
    clearOrgKeys();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('oidc.user:x')).toBe('token');
  });

  it('treats unreadable stored organizations as none', () => {
    localStorage.setItem(STORAGE_KEYS.organizations, '{not json');
    expect(readOrganizations()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.organizations, JSON.stringify([{ orgId: 'x' }]));
    expect(readOrganizations()).toEqual([]);
  });
});
