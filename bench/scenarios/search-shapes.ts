import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import type { BenchContext } from './types';

// Decision 0049: the search's query before and after, written out (ids and order only; the
// highlighting of the 100 returned rows is the same in both), timed with EXPLAIN ANALYZE on the
// same seeded database in the same run. $1 is the project, $2 the search text.

/** The organization's language, as the server wrote it into the query before. */
const LANGUAGE = `(select o.search_language from projects p join organizations o on o.id = p.org_id
  where p.id = $1)`;

/** The tsquery as the server built it (prefix: the last lexeme matched as a prefix). */
function tsqueryExpression(prefix: boolean): string {
  const parsed = `websearch_to_tsquery(${LANGUAGE}, $2)`;
  return prefix
    ? `regexp_replace(${parsed}::text, $re$('(?:[^']|'')*')$$re$, '\\1:*')::tsquery`
    : parsed;
}

/** Before: the tsquery as an expression (parsed per row), every match ranked, title first. */
function rankAll(prefix: boolean): string {
  const q = tsqueryExpression(prefix);
  return `select s.item_id from items i join item_search s on s.item_id = i.id
  where i.project_id = $1 and s.document @@ ${q}
  order by (ts_filter(s.document, '{a}') @@ ${q}) desc, ts_rank(s.document, ${q}) desc,
    i.updated_at desc, i.id desc limit 100`;
}

/**
 * After: the tsquery resolved first (its text form, $2), only the newest 500 title matches and
 * newest 500 matches anywhere ranked.
 */
const RANK_CANDIDATES = `select s.item_id from items i join item_search s on s.item_id = i.id
  where i.id = any(array(
    (select i2.id from items i2 join item_search s2 on s2.item_id = i2.id
      where i2.project_id = $1 and to_tsvector(s2.search_config, s2.title) @@ $2::tsquery
      order by i2.id desc limit 500)
    union
    (select i2.id from items i2 join item_search s2 on s2.item_id = i2.id
      where i2.project_id = $1 and s2.document @@ $2::tsquery order by i2.id desc limit 500)))
  order by (to_tsvector(s.search_config, s.title) @@ $2::tsquery) desc,
    ts_rank(s.document, $2::tsquery) desc, i.updated_at desc, i.id desc limit 100`;

/** A search measured: its label, its text, and whether the server reads it as a prefix. */
export type SearchShapeCase = { label: string; text: string; prefix: boolean };

const RUNS = 5;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function executionMs(client: pg.Client, text: string, values: unknown[]): Promise<number> {
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, buffers off, timing off) ${text}`,
    values,
  );
  const line = result.rows.map((row) => row['QUERY PLAN']).find((l) => l.startsWith('Execution'));
  return Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? Number.NaN);
}

/**
 * A Markdown table: p95 execution time of both query shapes over {@link RUNS} runs each, per
 * search, plus the new shape's plan for the last search (the word in every item).
 */
export async function compareSearchShapes(
  context: BenchContext,
  projectId: number,
  cases: SearchShapeCase[],
): Promise<string> {
  const client = new pg.Client(embeddedDatabaseUrl(context.dataDir));
  await client.connect();
  try {
    await client.query(`set statement_timeout = '60s'`);
    const rows = [
      '| Search | tsquery | before: parsed per row, every match ranked, p95 ms | after: resolved once, 500 + 500 ranked, p95 ms |',
      '|---|---|---:|---:|',
    ];
    let lastQuery = '';
    for (const { label, text, prefix } of cases) {
      const resolved = await client.query<{ query: string }>(
        `select (${tsqueryExpression(prefix)})::text as query`,
        [projectId, text],
      );
      lastQuery = resolved.rows[0]?.query ?? '';
      const before: number[] = [];
      const after: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        before.push(await executionMs(client, rankAll(prefix), [projectId, text]));
        after.push(await executionMs(client, RANK_CANDIDATES, [projectId, lastQuery]));
      }
      rows.push(
        `| ${label} | \`${lastQuery}\` | ${p95(before).toFixed(1)} | ${p95(after).toFixed(1)} |`,
      );
    }
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, buffers off) ${RANK_CANDIDATES}`,
      [projectId, lastQuery],
    );
    const planText = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    return `${rows.join('\n')}\n\nEXPLAIN ANALYZE of the new shape, ${cases.at(-1)?.label ?? ''}:\n\n\`\`\`text\n${planText}\n\`\`\``;
  } finally {
    await client.end();
  }
}
