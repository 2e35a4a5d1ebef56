import { describe, expect, it } from 'vitest';
import { lintMessages } from './config-linter';

/**
 * Issue 26: the repository's lint configuration refuses, in a server module, a write to a table
 * its manifest does not own — drizzle's insert/update/delete and raw SQL — and lets the owner
 * write and anyone read. Lints text as if it were an existing file, with the real config.
 */
const BILLING = 'apps/server/src/modules/billing/move-to-free.ts';
const TEAMS = 'apps/server/src/modules/teams/remove-org-access.ts';

function foreignWrites(code: string, file: string): Promise<string[]> {
  return lintMessages(code, file, 'waymark/owned-table-writes');
}

const withTx = (body: string, imports = 'orgMembers') =>
  `import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ${imports} } from '../../db/schema';

/** Probe. */
export async function probe(tx: DbOrTx, orgId: number): Promise<void> {
  ${body}
}
`;

describe('owned-table writes in eslint.config.js', { timeout: 60_000 }, () => {
  it("refuses drizzle's insert, update and delete on another module's table, naming the owner", async () => {
    const errors = await foreignWrites(
      withTx(`await tx.delete(orgMembers).where(eq(orgMembers.orgId, orgId));
  await tx.update(orgMembers).set({ status: 'Active' });
  await tx.insert(orgMembers).values({ orgId, userId: 1, accessLevelId: 2, status: 'Active' });`),
      BILLING,
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('Module "billing" writes org_members, which module "teams" owns');
  });

  it('sees through an aliased import', async () => {
    const errors = await foreignWrites(
      withTx('await tx.delete(members).where(eq(members.orgId, orgId));', 'orgMembers as members'),
      BILLING,
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses raw SQL writing a foreign table, interpolated or by name', async () => {
    const errors = await foreignWrites(
      withTx(`await tx.execute(sql\`delete from \${orgMembers} where \${orgMembers.orgId} = \${orgId}\`);
  await tx.execute(sql\`update org_members set status = 'Active' where org_id = \${orgId}\`);
  await tx.execute(sql.raw('insert into licenses (org_id) values (1)'));`),
      BILLING,
    );
    expect(errors).toHaveLength(3);
    expect(errors[2]).toContain('writes licenses');
  });

  it('lets the owner write its table and anyone read it', async () => {
    const body = `await tx.select().from(orgMembers).where(eq(orgMembers.orgId, orgId)).for('update');
  if (orgId < 0) throw new Error('Insert into org_members returned no row');`;
    expect(await foreignWrites(withTx(body), BILLING)).toEqual([]);
    expect(
      await foreignWrites(
        withTx('await tx.delete(orgMembers).where(eq(orgMembers.orgId, orgId));'),
        TEAMS,
      ),
    ).toEqual([]);
  });
});
