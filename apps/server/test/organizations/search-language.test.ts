import { SEARCH_LANGUAGES } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;

const getLanguage = (as: As, orgId = world.orgId) =>
  t.call(as, { method: 'GET', url: `/api/account/getSearchLanguage/${orgId}` });
const saveLanguage = (as: As, searchLanguage: string, orgId = world.orgId) =>
  t.call(as, {
    method: 'POST',
    url: '/api/account/saveSearchLanguage',
    payload: { orgId, searchLanguage },
  });
const searchIds = async (text: string) =>
  ok<{ itemId: number }[]>(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/item/searchItems',
      payload: { projectId, text },
    }),
  ).map((hit) => hit.itemId);

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
});
afterAll(() => t.close());

describe("the organization's search language (issue 28)", () => {
  it('offers only configurations the database has', async () => {
    const { rows } = await t.db.$client.query<{ cfgname: string }>(
      'select cfgname from pg_ts_config',
    );
    const present = rows.map((row) => row.cfgname);
    for (const name of Object.keys(SEARCH_LANGUAGES)) expect(present).toContain(name);
  });

  it('is English at first; an admin changes it and search reads items in it at once', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/de',
      title: 'Die Häuser laden langsam',
    });
    expect(ok(await getLanguage(world.admin))).toEqual({ searchLanguage: 'english' });
    expect(await searchIds('Haus')).toEqual([]);
    expect(ok(await saveLanguage(world.admin, 'german'))).toBe(
      'Search language saved. Every item is searched in it now.',
    );
    expect(ok(await getLanguage(world.admin))).toEqual({ searchLanguage: 'german' });
    expect(await searchIds('Haus')).toEqual([itemId]);
    // Saving it again is harmless, and items created afterwards are in it too.
    ok(await saveLanguage(world.admin, 'german'));
    const later = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/de2',
      title: 'Mehrere Häuser',
    });
    expect((await searchIds('Haus')).sort()).toEqual([itemId, later].sort());
    ok(await saveLanguage(world.admin, 'english'));
    expect(await searchIds('Haus')).toEqual([]);
  });

  it('refuses a language it does not offer, and members, changing nothing', async () => {
    for (const language of [
      'klingon',
      "english'::regconfig; drop table items; --",
      '',
      'English',
    ]) {
      const answer = await saveLanguage(world.admin, language);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(
        'Choose one of the listed search languages.',
      );
    }
    const member = await addMember(t, world, [projectId]);
    expect((await saveLanguage(member.as, 'german')).statusCode).toBe(403);
    expect((await getLanguage(member.as)).statusCode).toBe(403);
    expect(ok(await getLanguage(world.admin))).toEqual({ searchLanguage: 'english' });
  });
});
