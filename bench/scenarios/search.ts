import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { seedLargeOrganization, type SeededOrganization } from './page-items';
import { compareSearchShapes } from './search-shapes';
import type { BenchContext, Scenario } from './types';

// Issue 28: full-text search over a 100,000-item project whose descriptions and notes are
// searched too. The large organization of page-items, plus notes naming a browser on every 100th
// item, so one word is rare (in 1,000 notes) and another everywhere (every description).
const RARE_NOTES = `insert into item_notes (item_id, author_user_id, text)
  select id, $1, 'Reproduced on Safari ' || (id % 20) || ' only; the total leaves the page.'
  from items where project_id = $2 and id % 100 = 0`;

// Issue 28: a word in most items but not in the newest ones — what `benchmark` became once a
// load round had added 9,000 items without it. The newest 9,000 seeded items say "Noted" instead
// of "Recorded", so `recorded` is in 91,000 items, none of them among the newest 9,000.
const NEWEST_WITHOUT_WORD = 9_000;
const OLD_ONLY_WORD = `update items set description_html = '<p>Noted by the benchmark.</p>'
  where id in (select id from items where project_id = $1 order by id desc limit ${NEWEST_WITHOUT_WORD})`;

let searchSeed: Promise<SeededOrganization> | null = null;

/**
 * The large organization of page-items plus a note naming Safari on every 100th item; once per
 * run, shared by the search scenarios.
 */
export function seedSearchOrganization(
  serverUrl: string,
  context: BenchContext,
  token: string,
): Promise<SeededOrganization> {
  searchSeed ??= (async () => {
    const ids = await seedLargeOrganization(serverUrl, context, token);
    const client = new pg.Client(embeddedDatabaseUrl(context.dataDir));
    await client.connect();
    try {
      await client.query(RARE_NOTES, [ids.userId, ids.projectId]);
      await client.query(OLD_ONLY_WORD, [ids.projectId]);
      await client.query('analyze');
    } finally {
      await client.end();
    }
    return ids;
  })();
  return searchSeed;
}

/**
 * The texts every search bench asks for: a rare word, a phrase, a prefix, a word everywhere, a
 * word everywhere but in the newest items.
 */
export const SEARCH_TEXTS = [
  { label: 'word in 1,000 notes', text: 'Safari 17', prefix: true },
  { label: 'phrase in notes', text: '"leaves the page"', prefix: false },
  { label: 'prefix while typing', text: 'Saf', prefix: true },
  { label: 'word in every description', text: 'benchmark', prefix: true },
  { label: 'word in old items only, none of the newest 9,000', text: 'recorded', prefix: true },
];

/** Search of a large project: rare word, phrase, prefix while typing, word in every item. */
export const searchScenario: Scenario = {
  name: 'search',
  description:
    'Full-text search (issue 28) of a 100,000-item project: titles, tags, descriptions, notes.',
  prepare: async (serverUrl, context) => {
    const token = await context.signToken({ subject: 'bench-owner', email: 'owner@bench.test' });
    const ids = await seedSearchOrganization(serverUrl, context, token);
    const shapes = await compareSearchShapes(context, ids.projectId, SEARCH_TEXTS);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const search = (label: string, text: string) => ({
      label: `POST /api/item/searchItems (${label})`,
      url: `${serverUrl}/api/item/searchItems`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify({ projectId: ids.projectId, text }),
    });
    return {
      baseline: {
        label: 'GET /api/account/whoami (baseline)',
        url: `${serverUrl}/api/account/whoami`,
        headers,
      },
      targets: SEARCH_TEXTS.map(({ label, text }) => search(label, text)),
      notes: `Data: the page-items organization (100,000 items, 2 tags each, a note on every 4th) plus a note naming Safari on every 100th item. Since decision 0048 each answer ranks only the newest 500 title matches and the newest 500 matches anywhere (title first, then ts_rank) and highlights the first 100 with ts_headline. The query before and after, timed in the same run on the same data (EXPLAIN ANALYZE execution time, 5 runs each, ids and order only):\n\n${shapes}`,
    };
  },
};
