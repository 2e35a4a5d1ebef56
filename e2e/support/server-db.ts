// Direct access to the e2e server's embedded PostgreSQL, for arranging what no API offers yet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** The connection string of the embedded database in the server's DATA_DIR. */
export function serverDatabaseUrl(dataDir: string): string {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  // postmaster.pid line 4 is the port the cluster listens on.
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port?.trim()}/waymark`;
}

/**
 * Makes an existing user an active member (access level 2) of an organization without access to
 * any of its projects — what an accepted invitation leaves when the admin granted no project.
 */
export async function addOrgMember(dataDir: string, orgId: number, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const result = await client.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from users where lower(email) = lower($2)`,
      [orgId, email],
    );
    if (result.rowCount !== 1) throw new Error(`No user ${email} to add to org ${orgId}`);
  } finally {
    await client.end();
  }
}
