import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../src/db/schema';
import { createFileStore } from '../../src/files/create-file-store';
import type { FileStore } from '../../src/files/file-store';
import { countOrgRemains, deleteClosedOrg, runDueDeletions } from '../../src/modules/closing/index';
import {
  purgeOrgAuditEvents,
  recordAudit,
  SYSTEM_AUDIT_CONTEXT,
} from '../../src/modules/audit/index';
import { uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { TINY_PNG } from '../support/multipart';
import { countOrgRows, readOrgIds } from '../support/org-rows';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';

// Issue 33: the deletion after the grace period, on the local store and on S3 (s3rver).
describe.each(['local', 's3'] as const)('deleting a closed organization (%s store)', (kind) => {
  let s3: S3TestServer | undefined;
  let t: AuthTestContext;
  let files: FileStore;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3TestServer() : undefined;
    t = await startAuthTestApp({ env: s3?.env ?? {} });
    files = createFileStore(t.config);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** An organization named "Org" (look-alike) with a member, items, notes, files and an audit trail. */
  async function busyOrg(domain: string): Promise<OrgWorld & { projectId: number }> {
    const world = await createOrgWorld(t, { firstName: 'Olga', email: `olga@${domain}` });
    const projectId = await createProject(
      t,
      world,
      `https://${domain.replace('.', '-')}.example.test`,
    );
    const member = await addMember(t, world, [projectId], { firstName: 'Dana' });
    for (let n = 0; n < 5; n += 1) {
      const itemId = await createItem(t, member.as, world, {
        projectId,
        relativePath: `/page-${n % 2}`,
        title: `Item ${n}`,
      });
      ok(
        await t.call(world.admin, {
          method: 'POST',
          url: '/api/item/addItemNote',
          payload: { itemId, text: `Note on ${n}` },
        }),
      );
      if (n < 3)
        ok(await uploadFile(t, member.as, itemId, TINY_PNG, { fileName: `shot-${n}.png` }));
    }
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/account/saveOrgName',
        payload: { orgId: world.orgId, orgName: 'Org' },
      }),
    );
    // An administrative change in its audit log (a plan change by the billing job).
    await recordAudit(t.db, SYSTEM_AUDIT_CONTEXT, {
      orgId: world.orgId,
      action: 'plan.changed',
      target: { type: 'plan', label: 'Free' },
      at: t.clock.now(),
    });
    return { ...world, projectId };
  }

  const filesOf = async (orgId: number) =>
    (await countOrgRemains({ db: t.db, files }, orgId)).files;
  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n;

  it('deletes every row and file in batches, resumes after a crash mid-way, and leaves the look-alike organization untouched', async () => {
    const doomed = await busyOrg(`${kind}-a.test`);
    const lookAlike = await busyOrg(`${kind}-b.test`);
    // A file of the organization whose row was lost (an upload cut off by a crash) goes too.
    await files.put(`org-${doomed.orgId}/stray-upload`, Readable.from([Buffer.from('stray')]));
    const lookAlikeRows = await countOrgRows(t.db, lookAlike.orgId);
    const doomedIds = await readOrgIds(t.db, doomed.orgId);
    expect(doomedIds.itemIds).toHaveLength(5);
    const lookAlikeFiles = await filesOf(lookAlike.orgId);
    expect(lookAlikeFiles).toBe(3);
    expect(await filesOf(doomed.orgId)).toBe(4);
    const usersBefore = await userCount();

    ok(
      await t.call(doomed.admin, {
        method: 'POST',
        url: '/api/account/closeOrganization',
        payload: { orgId: doomed.orgId, confirmName: 'Org' },
      }),
    );
    const [closed] = await t.db
      .select({ deletesAt: organizations.deletesAt })
      .from(organizations)
      .where(eq(organizations.id, doomed.orgId));
    const afterGrace = new Date((closed?.deletesAt?.getTime() ?? 0) + 1_000);
    const deps = { db: t.db, files, batchSize: 2 };

    // Not yet due: nothing happens.
    expect(
      await deleteClosedOrg(
        { ...deps, clock: { now: () => new Date(afterGrace.getTime() - 5_000) } },
        doomed.orgId,
      ),
    ).toBe('not-due');
    expect(await filesOf(doomed.orgId)).toBe(4);

    // The process dies after the files and two batches of items.
    let batches = 0;
    const crashing = {
      ...deps,
      clock: { now: () => afterGrace },
      afterBatch: () => {
        batches += 1;
        if (batches === 3) throw new Error('killed');
      },
    };
    await expect(deleteClosedOrg(crashing, doomed.orgId)).rejects.toThrow('killed');
    const halfway = await countOrgRemains({ db: t.db, files }, doomed.orgId);
    expect(halfway.orgRowExists).toBe(true);
    expect(halfway.files).toBe(0);
    expect((await countOrgRows(t.db, doomedIds))['items.project_id']).toBe(1);
    // Once begun, the owner can no longer reopen it.
    const reopen = await t.call(doomed.admin, {
      method: 'POST',
      url: '/api/account/reopenOrganization',
      payload: { orgId: doomed.orgId },
    });
    expect(reopen.statusCode).toBe(409);

    // The next run of the job finishes it.
    expect(await runDueDeletions({ ...deps, clock: { now: () => afterGrace } })).toBe(1);
    const remains = await countOrgRemains({ db: t.db, files }, doomed.orgId);
    expect(remains.orgRowExists).toBe(false);
    expect(remains.files).toBe(0);
    expect(Object.entries(remains.rows).filter(([, n]) => n > 0)).toEqual([]);
    expect(remains.rows).toHaveProperty('audit_events', 0);
    // Nothing names its projects, items or notes any more either (tables without a foreign key
    // included), but the live events the deletion itself wrote (pruned within a day).
    const left = Object.entries(await countOrgRows(t.db, doomedIds)).filter(
      ([key, n]) => n > 0 && !key.startsWith('live_events.'),
    );
    expect(left).toEqual([]);

    // Its people keep their accounts; the look-alike organization is exactly as it was.
    expect(await userCount()).toBe(usersBefore);
    expect(await countOrgRows(t.db, lookAlike.orgId)).toEqual(lookAlikeRows);
    expect(await filesOf(lookAlike.orgId)).toBe(lookAlikeFiles);
    expect(
      Object.values(await countOrgRows(t.db, lookAlike.orgId)).reduce((a, b) => a + b, 0),
    ).toBeGreaterThan(30);

    // The audit log of an open organization stays append-only, even for the deletion's own call.
    await expect(
      t.db.transaction((tx) => purgeOrgAuditEvents(tx, { orgId: lookAlike.orgId, limit: 10 })),
    ).rejects.toThrow();

    // A later run finds nothing to do.
    expect(await runDueDeletions({ ...deps, clock: { now: () => afterGrace } })).toBe(0);
  });
});
