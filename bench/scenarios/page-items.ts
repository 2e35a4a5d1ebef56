import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import type { BenchContext, Scenario } from './types';

const PATHS = 10_000;
const ITEMS_PER_PATH = 10;
const DOMAINS = 5;
const PAGE_URL = 'https://env3.bench.test/page/4242?utm_source=bench#top';
/** How many paths the large organization has (`/page/1` … `/page/10000`). */
export const PATH_COUNT = PATHS;

type SeedIds = { orgId: number; userId: number; projectId: number };

/** Two tags on every item of the project (`tag-N` of 50, `area-N` of 7): the summaries' shape. */
export function tagSeededItems({ projectId }: Pick<SeedIds, 'projectId'>): [string, unknown[]] {
  return [
    `insert into item_tags (item_id, tag, position)
     select id, 'tag-' || (id % 50), 0 from items where project_id = $1
     union all select id, 'area-' || (id % 7), 1 from items where project_id = $1`,
    [projectId],
  ];
}

/** A note by `userId` on every 4th item of the project. */
export function noteSeededItems({
  userId,
  projectId,
}: Pick<SeedIds, 'userId' | 'projectId'>): [string, unknown[]] {
  return [
    `insert into item_notes (item_id, author_user_id, text)
     select id, $1, 'A note' from items where project_id = $2 and id % 4 = 0`,
    [userId, projectId],
  ];
}

// Seeds in SQL (generate_series): 100 000 items through the API would take minutes.
const SEED: ((ids: SeedIds) => [string, unknown[]])[] = [
  ({ orgId }) => ['update organizations set plan_id = 4 where id = $1', [orgId]],
  ({ projectId }) => [
    `insert into associated_sites (project_id, base_url, host, base_path)
     select $1, 'https://env' || n || '.bench.test', 'env' || n || '.bench.test', ''
     from generate_series(1, ${DOMAINS}) n`,
    [projectId],
  ],
  ({ projectId }) => [
    `insert into relative_paths (project_id, path)
     select $1, '/page/' || n from generate_series(1, ${PATHS}) n`,
    [projectId],
  ],
  ({ orgId, userId, projectId }) => [
    `insert into items (project_id, relative_path_id, item_type_id, item_status_id, title,
       description_html, created_by, assignee_user_id)
     select $3, rp.id,
       (array(select id from item_types where org_id = $1 order by id))[1 + k % 5],
       (array(select id from item_statuses where org_id = $1 order by id))[1 + k % 3],
       'Item ' || k || ' of ' || rp.path, '<p>Recorded by the benchmark.</p>', $2,
       case when k % 2 = 0 then $2::int end
     from relative_paths rp cross join generate_series(1, ${ITEMS_PER_PATH}) k
     where rp.project_id = $3`,
    [orgId, userId, projectId],
  ],
  tagSeededItems,
  noteSeededItems,
];

/** Calls the API as `token`'s user and parses the answer (JSON or text). */
export async function callJson<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T;
}

/**
 * An organization's item type and status ids, in the order its item forms offer them (the first
 * of each is a new item's default), as `token`'s user reads them.
 */
export async function itemOptionIds(
  serverUrl: string,
  token: string,
  orgId: number,
): Promise<{ typeIds: number[]; statusIds: number[] }> {
  const [types, statuses] = await Promise.all([
    callJson<{ itemTypeId: number }[]>(`${serverUrl}/api/item/getItemTypeOptions/${orgId}`, token),
    callJson<{ itemStatusId: number }[]>(`${serverUrl}/api/item/getStatusOptions/${orgId}`, token),
  ]);
  return {
    typeIds: types.map((type) => type.itemTypeId),
    statusIds: statuses.map((status) => status.itemStatusId),
  };
}

/** Items indexed per transaction: each takes an advisory lock until its transaction ends. */
const SEARCH_INDEX_BATCH = 2_000;

/** Builds the project's rows of the full-text index (`item_search`) the triggers would have. */
async function indexForSearch(client: pg.Client, projectId: number): Promise<void> {
  const { rows } = await client.query<{ low: number | null; high: number | null }>(
    'select min(id) as low, max(id) as high from items where project_id = $1',
    [projectId],
  );
  const low = Number(rows[0]?.low ?? 0);
  const high = Number(rows[0]?.high ?? -1);
  for (let from = low; from <= high; from += SEARCH_INDEX_BATCH)
    await client.query(
      `select waymark_refresh_item_search(id) from items
       where project_id = $1 and id >= $2 and id < $3`,
      [projectId, from, from + SEARCH_INDEX_BATCH],
    );
}

/** The large organization's ids, as seeded. */
export type SeededOrganization = { orgId: number; projectId: number; userId: number };

/** Organizations seeded in this run, by server and user: several scenarios share one. */
const seeded = new Map<string, Promise<SeededOrganization>>();

/**
 * Creates an organization for `token`'s user through the API, then seeds in SQL one project with
 * 5 domains, 10 000 paths and 100 000 items (2 tags each, a note on every 4th), on Pro. Once per
 * server and user: a second scenario of the same run gets the same organization.
 */
export async function seedLargeOrganization(
  serverUrl: string,
  context: BenchContext,
  token: string,
): Promise<SeededOrganization> {
  const { userId } = await callJson<{ userId: number }>(`${serverUrl}/api/account/whoami`, token);
  const key = `${serverUrl} ${userId}`;
  const existing = seeded.get(key);
  if (existing) return existing;
  const seeding = seedOnce(serverUrl, context, token, userId);
  seeded.set(key, seeding);
  return seeding;
}

async function seedOnce(
  serverUrl: string,
  context: BenchContext,
  token: string,
  userId: number,
): Promise<SeededOrganization> {
  await callJson(`${serverUrl}/api/account/createOrgExistingUser`, token, {
    method: 'POST',
    body: JSON.stringify({ orgName: 'Bench' }),
  });
  const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, token);
  const orgId = org?.orgId ?? 0;
  const client = new pg.Client(embeddedDatabaseUrl(context.dataDir));
  await client.connect();
  try {
    await client.query('begin');
    // Seeded rows are nobody's change: no change feed, live event, webhook delivery or per-row
    // search refresh (its advisory lock per item ran out of lock memory on 100 000 items in one
    // transaction). The search index is built below, in batches, by the same function.
    await client.query('set local session_replication_role = replica');
    const project = await client.query<{ id: number }>(
      `insert into projects (org_id, name) values ($1, 'Bench shop') returning id`,
      [orgId],
    );
    const ids = { orgId, userId, projectId: project.rows[0]?.id ?? 0 };
    for (const statement of SEED) await client.query(...statement(ids));
    await client.query('commit');
    await indexForSearch(client, ids.projectId);
    await client.query('analyze');
    return ids;
  } finally {
    await client.end();
  }
}

// The page lookup's two reads as the server issues them (get-page-items.ts, item-queries.ts),
// written out for EXPLAIN: the server runs them as named prepared statements.
const SITES_SQL = `select p.id, p.name, p.org_id, s.base_url, s.host, s.base_path, o.plan_id
  from associated_sites s join projects p on p.id = s.project_id
  join organizations o on o.id = p.org_id
  where s.host = $1 and exists (select 1 from org_members m
    where m.org_id = p.org_id and m.user_id = $2 and m.status = 'Active'
      and (m.access_level_id = 1 or exists (select 1 from project_access a
        where a.project_id = p.id and a.user_id = $2)))
    and ($3::int is null or p.org_id = $3::int)`;
const PATH_ITEMS_SQL = `select i.id, i.title, rp.path, t.description, st.description, i.project_id,
    i.relative_path_id, i.item_type_id, i.item_status_id,
    coalesce((select array_agg(g.tag order by g.position) from item_tags g where g.item_id = i.id), '{}'),
    i.assignee_user_id, coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email),
    i.release_id, r.title, (select count(*)::int from item_notes n where n.item_id = i.id), i.updated_at
  from items i join relative_paths rp on rp.id = i.relative_path_id
  join item_types t on t.id = i.item_type_id join item_statuses st on st.id = i.item_status_id
  left join users a on a.id = i.assignee_user_id left join users c on c.id = i.created_by
  left join releases r on r.id = i.release_id
  where rp.project_id = $1 and rp.path = $2
  order by i.updated_at desc, i.id desc limit 500`;

/** EXPLAIN ANALYZE of both reads on the seeded data, for docs/benchmarks.md. */
async function explainLookup(context: BenchContext, ids: SeededOrganization): Promise<string> {
  const client = new pg.Client(embeddedDatabaseUrl(context.dataDir));
  await client.connect();
  try {
    const plans: string[] = [];
    for (const [name, text, values] of [
      ['sites of the host the caller may use', SITES_SQL, ['env3.bench.test', ids.userId, null]],
      ['items of the path', PATH_ITEMS_SQL, [ids.projectId, '/page/4242']],
    ] as const) {
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, buffers off) ${text}`,
        [...values],
      );
      plans.push(`${name}:\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    return plans.join('\n\n');
  } finally {
    await client.end();
  }
}

/** Issue 4: the extension's page lookup on a large organization. */
export const pageItemsScenario: Scenario = {
  name: 'page-items',
  description:
    "GET /api/item/getPageItems (the extension's page lookup: projects by host, then the items of the path) on one organization with 100 000 items over 10 000 paths and 5 associated domains, against the trivial authenticated GET /api/account/whoami.",
  prepare: async (serverUrl, context) => {
    const token = await context.signToken({ subject: 'bench-owner', email: 'owner@bench.test' });
    const ids = await seedLargeOrganization(serverUrl, context, token);
    const plans = await explainLookup(context, ids);
    const lookupUrl = `${serverUrl}/api/item/getPageItems?${new URLSearchParams({ pageUrl: PAGE_URL }).toString()}`;
    const page = await callJson<{ items: unknown[] }>(lookupUrl, token, {});
    if (page.items.length !== ITEMS_PER_PATH)
      throw new Error(`Expected ${ITEMS_PER_PATH} items on the page, got ${page.items.length}`);
    const headers = { authorization: `Bearer ${token}` };
    return {
      baseline: {
        label: 'GET /api/account/whoami (baseline)',
        url: `${serverUrl}/api/account/whoami`,
        headers,
      },
      targets: [
        {
          label: 'GET /api/item/getPageItems (10 items)',
          url: lookupUrl,
          headers,
        },
        {
          // Decision 0070: the lookup a client sends first after a change waits for the feed.
          label: 'GET /api/item/getPageItems asked fresh (Cache-Control: no-cache)',
          url: lookupUrl,
          headers: { ...headers, 'cache-control': 'no-cache' },
        },
      ],
      notes: `Data: 1 organization (Pro), 1 project, ${DOMAINS} associated domains, ${PATHS} paths, ${PATHS * ITEMS_PER_PATH} items (2 tags each, a note on every 4th), seeded in SQL; the page answers 10 items. Both calls pay the same token check and user lookup, so the ratio is the cost of the two lookup queries (sites by host: associated_sites_host_idx; path: relative_paths_project_id_path_key; items: items_relative_path_id_idx; tags and note counts by item_tags_pkey / item_notes_item_id_idx). Since issue 17 both reads are cached per caller and host, and per project path, and forgotten through the change feed, and the whole answer is kept as text while both cached reads are; every request of the run asks for the same page as the same caller without If-None-Match, so the figures measure the warm path a page reload takes, the full ~3 KB answer written each time. The third row asks every time as a client does only on its first call after a change (decision 0070): the server first waits for its change feed (one NOTIFY round trip), so it is the barrier's cost, paid only when asked. EXPLAIN ANALYZE of the cold path's two reads on this data:\n\n\`\`\`text\n${plans}\n\`\`\``,
    };
  },
};
