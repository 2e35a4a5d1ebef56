import { eq } from 'drizzle-orm';
import { dataExports, orgOwners } from '../../src/db/schema';
import type { MatrixRow } from './access-matrix';
import type { AuthTestContext } from './auth-test-app';

/**
 * Issue 33: data exports. Each matrix organization's owner already has a personal archive and an
 * organization archive being prepared (rows without a job, so they stay that way), which makes a
 * repeated request a no-op that changes nothing; `dataExportId` is a ready organization archive,
 * which another organization's admin cannot download (404, as if it did not exist). The real
 * preparation, download and expiry are tested in test/data-export/.
 */
export const DATA_EXPORT_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/data-export/requestMyDataExport',
    who: 'authenticated',
    outsider: 200,
  },
  { method: 'GET', path: '/api/data-export/getMyDataExport', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/data-export/requestOrganizationExport',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/data-export/getOrganizationExport/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'GET',
    path: '/api/data-export/downloadExport/:exportId',
    who: 'authenticated',
    request: (ids) => ({ params: { exportId: ids.dataExportId } }),
    outsider: 404,
  },
];

/** The matrix organization's archives (see {@link DATA_EXPORT_ROWS}); answers the ready one's id. */
export async function createDataExportIds(
  t: AuthTestContext,
  orgId: number,
): Promise<{ dataExportId: number }> {
  const [owner] = await t.db.select().from(orgOwners).where(eq(orgOwners.orgId, orgId));
  const userId = owner?.userId ?? 0;
  const requestedAt = t.clock.now();
  const expiresAt = new Date(requestedAt.getTime() + 365 * 86_400_000);
  await t.db.insert(dataExports).values([
    { kind: 'personal', userId, requestedAt },
    { kind: 'organization', userId, orgId, requestedAt },
  ]);
  const [ready] = await t.db
    .insert(dataExports)
    .values({
      kind: 'organization',
      userId,
      orgId,
      status: 'ready',
      storageKey: `exports/organization-probe-${orgId}.zip`,
      sizeBytes: 0,
      requestedAt,
      readyAt: requestedAt,
      expiresAt,
    })
    .returning({ id: dataExports.id });
  return { dataExportId: ready?.id ?? 0 };
}
