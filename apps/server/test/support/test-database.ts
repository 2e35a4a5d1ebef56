import pg from 'pg';

/** The migrated database every test database is cloned from. */
export const TEMPLATE_DATABASE = 'waymark_template';

/** `url` pointing at database `name` instead (same server and credentials). */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs `sql` on a short-lived connection to `url`. */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Quotes a database name for SQL. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
