import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMembers, organizations, users } from '../../src/db/schema/index';
import { buildTestApp, type TestApp } from '../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migrations', () => {
  it('create the base tables', async () => {
    const result = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = result.rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'organizations', 'org_members']));
  });

  it('generate integer ids and enforce uniqueness and references in the schema', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ subject: 'sub-1', email: 'ada@example.com' })
      .returning();
    const [org] = await t.db.insert(organizations).values({}).returning();
    expect(user?.id).toBeTypeOf('number');
    expect(org?.name).toBe('');
    const member = { orgId: org!.id, userId: user!.id, accessLevelId: 1, status: 'Active' };
    await t.db.insert(orgMembers).values(member);
    await expect(t.db.insert(orgMembers).values(member)).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    await expect(
      t.db.insert(users).values({ subject: 'sub-1', email: 'other@example.com' }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(
      t.db.insert(orgMembers).values({ ...member, orgId: org!.id + 1000 }),
    ).rejects.toMatchObject({ cause: { code: '23503' } });
    await expect(
      t.db.insert(orgMembers).values({ ...member, userId: user!.id, status: 'Gone' }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});

describe('readiness', () => {
  it('is not ready when migrations are missing', async () => {
    await t.db.execute(sql`drop schema drizzle cascade`);
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
  });
});
