import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import { searchItems } from '../../apps/server/src/modules/items/search-items';
import { logStatements } from '../../apps/server/test/support/statement-log';

/** A value as an SQL literal, for `execute`'s arguments (EXPLAIN takes no bound parameters). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  // The search's values are numbers and strings (the words, options, frequent lexemes).
  return client.escapeLiteral(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * EXPLAIN ANALYZE of the statement `searchItems` (this tree's source) sends for `text` in the
 * project, as the server's search pool runs it: the statement captured with its values from the
 * driver, then prepared and executed once with a generic plan (decision 0103), so the plan shown
 * is the one the server runs, not a statement written for the bench.
 */
export async function explainSearch(
  connectionString: string,
  scope: { projectId: number; orgId: number },
  text: string,
): Promise<string> {
  const db = createDb(connectionString, { max: 1, genericPlans: true });
  const client = new pg.Client(connectionString);
  await client.connect();
  try {
    const { statements } = await logStatements(db, () =>
      searchItems({ db }, { ...scope, accessLevelId: 1 }, { text }),
    );
    const page = statements.find(({ name }) => name?.startsWith('search_items_'));
    if (!page) throw new Error(`no search statement was sent for ${JSON.stringify(text)}`);
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare search_page as ${page.text}`);
    const args = (page.values ?? []).map((value) => literal(client, value)).join(', ');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, buffers off) execute search_page(${args})`,
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
    await db.$client.end();
  }
}
