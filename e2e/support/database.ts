import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';

/**
 * Connects to the embedded PostgreSQL of the server under test, for arranging data no screen can
 * create yet (e.g. a member without admin rights before invitations exist).
 */
export async function connectToServerDatabase(): Promise<pg.Client> {
  const dataDir = process.env.WAYMARK_DATA_DIR;
  if (!dataDir) throw new Error('WAYMARK_DATA_DIR is not set: global-setup did not run');
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await client.connect();
  return client;
}

/** Runs `work` with a connection to the server's database, closing it afterwards. */
async function withServerDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectToServerDatabase();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the user with `email` an active member without admin rights (access level 2) of a new
 * organization called `orgName`. The user must have called the API once (that provisions the row).
 */
export function addMemberToNewOrg(email: string, orgName: string): Promise<number> {
  return withServerDatabase(async (client) => {
    const org = await client.query<{ id: number }>(
      'insert into organizations (name) values ($1) returning id',
      [orgName],
    );
    const orgId = org.rows[0]?.id;
    if (!orgId) throw new Error('Organization was not created');
    await addMember(client, orgId, email);
    return orgId;
  });
}

/**
 * Makes an existing user an active member (access level 2) of an organization without access to
 * any of its projects — what an accepted invitation leaves when the admin granted no project.
 */
export function addOrgMember(orgId: number, email: string): Promise<void> {
  return withServerDatabase((client) => addMember(client, orgId, email));
}

async function addMember(client: pg.Client, orgId: number, email: string): Promise<void> {
  const result = await client.query(
    `insert into org_members (org_id, user_id, access_level_id, status)
     select $1, id, 2, 'Active' from users where lower(email) = lower($2)`,
    [orgId, email],
  );
  if (result.rowCount !== 1) throw new Error(`No user row for ${email}`);
}
