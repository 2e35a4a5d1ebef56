import { request } from 'node:http';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { loadAverage } from '../lib/process-stats';
import { callJson, itemOptionIds } from './page-items';
import type { Scenario } from './types';
import { median } from '../lib/median';

// Decision 0140: a URL-rule change that re-homes a whole project — the template /page/:id
// absorbing 1,000 pages of 10 items, then its removal putting every item back — each timed
// once against the same change on a project of one page of 10 items (median of 10) in the same
// run. Before 0140 each moved page cost three statements or more in the change's transaction.
// 1,000 by default, as `npm run bench` runs every scenario; BENCH_REHOME_PAGES=10000 is 100,000
// items, 16–17 s a change since decision 0150 (its commit had not ended after minutes before).

const PAGES = Number(process.env.BENCH_REHOME_PAGES ?? 1_000);
const ITEMS = 10;
const BASELINE_CALLS = 10;
const PATTERN = '/page/:id';

let server = '';
let owner = '';
let dataDir = '';
let large = 0;
let small = 0;
let userId = 0;
let isSplitShown = false;

const post = <T>(path: string, body: object) =>
  callJson<T>(`${server}${path}`, owner, { method: 'POST', body: JSON.stringify(body) });

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Pages /page/1… of the project, ten items each, written with the triggers off (as url-rules'). */
async function seedPages(projectId: number, pages: number, ids: { type: number; status: number }) {
  await withClient(async (client) => {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(
      `insert into relative_paths (project_id, path)
       select $1::int, '/page/' || n from generate_series(1, $2::int) n`,
      [projectId, pages],
    );
    await client.query(
      `insert into items (project_id, relative_path_id, item_type_id, item_status_id, title,
         description_html, created_by)
       select $1::int, p.id, $2::int, $3::int, 'Item ' || k || ' on ' || p.path,
         '<p>Seeded by the benchmark.</p>', $4::int
       from relative_paths p cross join generate_series(1, ${ITEMS}) k
       where p.project_id = $1 order by p.id, k`,
      [projectId, ids.type, ids.status, userId],
    );
    await client.query('commit');
    await client.query('analyze');
  });
}

/**
 * POSTs without a client-side time limit: fetch (undici) gives up on an answer's headers after
 * 300 s, which a base build's change of 10,000 pages outlasted on a loaded machine.
 */
function postUnbounded<T>(path: string, body: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${server}${path}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve((text.startsWith('{') ? JSON.parse(text) : text) as T)
            : reject(new Error(`${path}: ${response.statusCode} ${text}`)),
        );
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** The template saved, then removed, on the project: each call's milliseconds and the answer. */
async function changeRules(projectId: number) {
  let start = performance.now();
  const { templateId } = await postUnbounded<{ templateId: number }>(
    '/api/project/createUrlTemplate',
    {
      projectId,
      pattern: PATTERN,
    },
  );
  const create = performance.now() - start;
  start = performance.now();
  const message = await postUnbounded<string>('/api/project/deleteUrlTemplate', {
    projectId,
    templateId,
  });
  return { create, remove: performance.now() - start, message };
}

type Explained = {
  'Execution Time': number;
  Triggers?: { 'Trigger Name': string; Time: number; Calls: number }[];
};

/**
 * Where one UPDATE moving every item of the large project goes (rolled back): the statement, each
 * row trigger, the deferred live-event triggers (fired by SET CONSTRAINTS), and the history rows'
 * INSERT with its triggers. The same SQL whichever server build runs.
 */
async function splitTheMove(): Promise<string[]> {
  return withClient(async (client) => {
    await client.query('begin');
    try {
      const target = await client.query<{ id: number }>(
        `insert into relative_paths (project_id, path) values ($1, '/split/:id') returning id`,
        [large],
      );
      const explain = async (text: string, values: unknown[]) =>
        (
          await client.query<{ 'QUERY PLAN': Explained[] }>(
            `explain (analyze, format json) ${text}`,
            values,
          )
        ).rows[0]?.['QUERY PLAN'][0];
      const history = await explain(
        `insert into item_history (item_id, user_id, field, before, after)
         select i.id, $2::int, 'relativePath', p.path, '/split/:id'
         from items i join relative_paths p on p.id = i.relative_path_id where i.project_id = $1`,
        [large, userId],
      );
      const update = await explain(
        `update items i set relative_path_id = $2, recorded_path = p.path, updated_at = now()
         from relative_paths p where p.id = i.relative_path_id and i.project_id = $1`,
        [large, target.rows[0]?.id],
      );
      const start = performance.now();
      await client.query('set constraints all immediate');
      const deferred = performance.now() - start;
      const row = (what: string, plan: Explained | undefined) => [
        `| ${what} | ${(plan?.['Execution Time'] ?? 0).toFixed(0)} ms | ${(plan?.Triggers ?? [])
          .map((t) => `${t['Trigger Name']} ${t.Time.toFixed(0)} ms (${t.Calls} calls)`)
          .join(' · ')} |`,
      ];
      return [
        '',
        `Where one UPDATE of ${PAGES * ITEMS} items goes (the same SQL for either build, run once and rolled back; EXPLAIN ANALYZE, so the times include its instrumentation):`,
        '',
        '| statement | time (triggers included) | its row triggers |',
        '|---|---:|---|',
        ...row('INSERT of the history rows', history),
        ...row('UPDATE moving every item', update),
        `| the deferred live-event triggers (\`items_live\`, fired by SET CONSTRAINTS at "commit") | ${deferred.toFixed(0)} ms | |`,
      ];
    } finally {
      await client.query('rollback');
    }
  });
}

/** Decision 0140: a URL-rule change re-homing 10,000 pages against one re-homing one page. */
export const urlRulesRehomeScenario: Scenario = {
  name: 'url-rules-rehome',
  description: `A URL-rule change that re-homes a project (decision 0140): the template ${PATTERN} saved on a project of ${PAGES} pages × ${ITEMS} items (every item moves onto it), then removed (every item goes back), against the same two changes on a project of one page of ${ITEMS} items.`,
  prepare: async (serverUrl, context) => {
    server = serverUrl;
    dataDir = context.dataDir;
    const baseline = { label: 'ping', url: `${serverUrl}/api/ping` };
    // An A/B prepares again before each variant, on the same data: seeded once.
    if (large > 0) return { baseline, targets: [] };
    owner = await context.signToken({ subject: 'rehome-owner', email: 'rehome-owner@bench.test' });
    await post('/api/account/createOrgExistingUser', { orgName: 'Rehome bench' });
    const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, owner);
    const orgId = org?.orgId ?? 0;
    const {
      typeIds: [itemTypeId],
      statusIds: [itemStatusId],
    } = await itemOptionIds(serverUrl, owner, orgId);
    const project = (projectName: string, baseUrl: string) =>
      post<{ projectId: number }>('/api/project/createProject', { orgId, projectName, baseUrl });
    ({ projectId: small } = await project('One page', 'https://one.rehome.bench.test'));
    ({ projectId: large } = await project('Ten thousand pages', 'https://all.rehome.bench.test'));
    userId = await withClient(
      async (client) =>
        (
          await client.query<{ id: number }>(
            'select user_id as id from org_members where org_id = $1 order by user_id limit 1',
            [orgId],
          )
        ).rows[0]?.id ?? 0,
    );
    const ids = { type: itemTypeId ?? 0, status: itemStatusId ?? 0 };
    await seedPages(small, 1, ids);
    await seedPages(large, PAGES, ids);
    return { baseline, targets: [] };
  },
  run: async () => {
    const loadAtStart = loadAverage();
    const creates: number[] = [];
    const removals: number[] = [];
    for (let n = 0; n < BASELINE_CALLS; n += 1) {
      const one = await changeRules(small);
      creates.push(one.create);
      removals.push(one.remove);
    }
    const baseline = { create: median(creates), remove: median(removals) };
    const all = await changeRules(large);
    const line = (what: string, ms: number, base: number) =>
      `| ${what} | ${(ms / 1000).toFixed(2)} s | ${(ms / PAGES).toFixed(2)} ms | ${base.toFixed(1)} ms | ${(ms / base).toFixed(0)} | ${(ms / base / PAGES).toFixed(3)} |`;
    const split = isSplitShown ? [] : await splitTheMove();
    isSplitShown = true;
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${PAGES} pages × ${ITEMS} items · load average ${loadAtStart} at the start, ${loadAverage()} at the end · removal's answer: "${all.message}".`,
      '',
      `| change | time | per page | the same on one page (median of ${BASELINE_CALLS}) | ratio | ratio per page |`,
      '|---|---:|---:|---:|---:|---:|',
      line(`save ${PATTERN} (every item moves onto it)`, all.create, baseline.create),
      line(`remove it (every item back on its page)`, all.remove, baseline.remove),
      ...split,
    ];
  },
};
