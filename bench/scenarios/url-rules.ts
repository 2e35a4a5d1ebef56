import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';
import { callJson, noteSeededItems, seedLargeOrganization, tagSeededItems } from './page-items';
import type { Scenario } from './types';

const TEMPLATES = 200;
const KEPT_PARAMS = 20;
const ITEMS = 10;
const BASELINE_URL = 'https://env3.bench.test/page/4242?utm_source=bench#top';
const RULES_URL = 'https://rules.bench.test/page/4242?p3=x&utm_source=bench&q=1#top';

/**
 * Seeds a second project of the same organization with 200 templates (one of them,
 * `/page/:id`, naming the page), 20 kept parameters and 10 items on the page's key.
 */
async function seedRulesProject(dataDir: string, ids: { orgId: number; userId: number }) {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const project = await client.query<{ id: number }>(
      `insert into projects (org_id, name) values ($1, 'Bench rules') returning id`,
      [ids.orgId],
    );
    const projectId = project.rows[0]?.id ?? 0;
    await client.query(
      `insert into associated_sites (project_id, base_url, host, base_path)
       values ($1, 'https://rules.bench.test', 'rules.bench.test', '')`,
      [projectId],
    );
    await client.query(
      `insert into url_templates (project_id, pattern)
       select $1::int, '/section-' || n || '/:id/' || case when n % 2 = 0 then 'edit' else '*' end
       from generate_series(1, ${TEMPLATES - 1}) n
       union all select $1::int, '/page/:id'`,
      [projectId],
    );
    await client.query(
      `insert into project_url_rules (project_id, kept_params)
       values ($1, array(select 'p' || n from generate_series(1, ${KEPT_PARAMS}) n))`,
      [projectId],
    );
    await client.query(
      `with path as (insert into relative_paths (project_id, path) values ($1, '/page/:id?p3=x')
         returning id)
       insert into items (project_id, relative_path_id, item_type_id, item_status_id, title,
         description_html, created_by, recorded_path)
       select $1, path.id, (select min(id) from item_types where org_id = $2),
         (select min(id) from item_statuses where org_id = $2), 'Item ' || k || ' of /page/' || k,
         '<p>Recorded by the benchmark.</p>', $3, '/page/' || k || '?p3=x'
       from path cross join generate_series(1, ${ITEMS}) k`,
      [projectId, ids.orgId, ids.userId],
    );
    // The same tags, notes and assignee shape as the page-items data, so both answers weigh alike.
    await client.query(
      `update items set assignee_user_id = case when id % 2 = 0 then $2::int end
       where project_id = $1`,
      [projectId, ids.userId],
    );
    await client.query(...tagSeededItems({ projectId }));
    await client.query(...noteSeededItems({ userId: ids.userId, projectId }));
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

// A run is well under 10^9 requests: the counter makes each page URL unique within it.
const RUN_ID = Date.now().toString(36);

/** The lookup's path with a page URL no earlier request used (`v` is dropped by every rule). */
function firstTimeUrl(path: string, n: number): string {
  const url = new URL(path, 'http://bench');
  const pageUrl = new URL(url.searchParams.get('pageUrl') ?? '');
  pageUrl.searchParams.set('v', `${RUN_ID}-${n}`);
  url.searchParams.set('pageUrl', pageUrl.toString());
  return `${url.pathname}${url.search}`;
}

/** Issue 31: the page lookup with URL rules against the same lookup without. */
export const urlRulesScenario: Scenario = {
  name: 'url-rules',
  description:
    "GET /api/item/getPageItems on a project with 200 URL templates and 20 kept query parameters (issue 31), against the same lookup on a project without URL rules (today's lookup), both in the 100 000-item organization of page-items; baseline: whoami.",
  prepare: async (serverUrl, context) => {
    const token = await context.signToken({ subject: 'bench-owner', email: 'owner@bench.test' });
    const ids = await seedLargeOrganization(serverUrl, context, token);
    await seedRulesProject(context.dataDir, ids);
    const lookup = (pageUrl: string) =>
      `${serverUrl}/api/item/getPageItems?${new URLSearchParams({ pageUrl }).toString()}`;
    const withRules = await callJson<{ items: unknown[]; pageKey: string }>(
      lookup(RULES_URL),
      token,
    );
    if (withRules.items.length !== ITEMS || withRules.pageKey !== '/page/:id?p3=x')
      throw new Error(`The rules page answered ${JSON.stringify(withRules).slice(0, 300)}`);
    const headers = { authorization: `Bearer ${token}` };
    return {
      baseline: {
        label: 'GET /api/account/whoami (baseline)',
        url: `${serverUrl}/api/account/whoami`,
        headers,
      },
      targets: [
        {
          label: "GET getPageItems, no URL rules (today's lookup, 10 items)",
          url: lookup(BASELINE_URL),
          headers,
        },
        {
          label: 'GET getPageItems, 200 templates + 20 kept params (10 items)',
          url: lookup(RULES_URL),
          headers,
        },
        // First-time lookups: every request a page URL never answered before (a dropped query
        // parameter differs), so the whole-answer memo misses; the rules and the path's items
        // stay cached, as for a team browsing many distinct URLs of known pages.
        {
          label: 'first-time URLs: getPageItems, no URL rules',
          url: lookup(BASELINE_URL),
          headers,
          varyPath: firstTimeUrl,
        },
        {
          label: 'first-time URLs: getPageItems, 200 templates + 20 kept params',
          url: lookup(RULES_URL),
          headers,
          varyPath: firstTimeUrl,
        },
      ],
      notes: `The rules project's page ${RULES_URL} is named by the template /page/:id (one of ${TEMPLATES}; the others start with /section-N, so the first-part bucket tries one) and keeps p3 of ${KEPT_PARAMS} kept parameters. The rules are compiled once per project and kept in the page lookup's change-fed cache; the whole answer is then kept by request as before, so the warm path costs the same with or without rules. Compare the two getPageItems ratios. The two first-time rows give every request a page URL never seen (a parameter \`v\` no rule keeps), so each answer is built again from the cached rules and path items: the cost of identifying a URL under 200 templates and 20 kept parameters, against the same without rules.`,
    };
  },
};
