import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Connects to the embedded PostgreSQL of the server under test, for arranging data no screen can
 * create yet (e.g. a member without admin rights before invitations exist). The server keeps its
 * cluster in `$WAYMARK_DATA_DIR/postgres`: the port is line 4 of `postmaster.pid` and the password
 * of the `postgres` user is in `$WAYMARK_DATA_DIR/postgres-password` (apps/server embedded-postgres).
 */
export async function connectToServerDatabase(): Promise<pg.Client> {
  const dataDir = process.env.WAYMARK_DATA_DIR;
  if (!dataDir) throw new Error('WAYMARK_DATA_DIR is not set: global-setup did not run');
  const pid = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'waymark',
  });
  await client.connect();
  return client;
}

/**
 * Makes the user with `email` an active member without admin rights (access level 2) of a new
 * organization called `orgName`. The user must have called the API once (that provisions the row).
 */
export async function addMemberToNewOrg(email: string, orgName: string): Promise<number> {
  const client = await connectToServerDatabase();
  try {
    const org = await client.query<{ id: number }>(
      'insert into organizations (name) values ($1) returning id',
      [orgName],
    );
    const orgId = org.rows[0]?.id;
    const member = await client.query(
      `insert into org_members (org_id, user_id, access_level_id, status)
       select $1, id, 2, 'Active' from users where lower(email) = lower($2)`,
      [orgId, email],
    );
    if (member.rowCount !== 1) throw new Error(`No user row for ${email}`);
    return orgId ?? 0;
  } finally {
    await client.end();
  }
}
