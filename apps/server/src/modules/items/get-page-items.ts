import {
  compilePageRules,
  getPlan,
  normalizePageUrl,
  PLAN_IDS,
  toRelativePath,
  urlParts,
  ZPageItems,
  type PageIdentity,
  type TPageItems,
  type TPageProject,
} from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { JsonText } from '../../http/json-text';
import {
  associatedSites,
  organizations,
  projects,
  relativePathAliases,
  relativePaths,
} from '../../db/schema';
import { canUseProject } from '../access/index';
import { selectPathItems } from './item-summaries';
import type { PageLookupCache, PageSiteRow, PathItems } from './page-lookup-cache';
import { readUrlRules } from './url-rules/read-url-rules';

/** Input of {@link getPageItems}. */
export type GetPageItemsInput = {
  /** The caller; only projects they may use are matched (spec §6). */
  userId: number;
  /** The page's URL as the browser has it. */
  pageUrl: string;
  /** The project to show items of; default the first match. Ignored when it does not match. */
  projectId?: number | undefined;
  /** Only projects of this organization (the extension's organization switcher). */
  orgId?: number | undefined;
  /** Only these projects (an organization API key's, issue 29); undefined: every usable one. */
  projectIds?: readonly number[] | undefined;
};

const NO_PAGE = new JsonText<TPageItems>(
  JSON.stringify(
    ZPageItems.parse({
      projects: [],
      projectId: null,
      relativePath: null,
      relativePathId: null,
      items: [],
      planFeatures: [],
    }),
  ),
);
const ZPageHead = ZPageItems.omit({ items: true });
const ZItems = ZPageItems.shape.items;

/**
 * The extension's page lookup (the hot path). Query 1 finds the caller's projects with an
 * associated site on the page's host (index associated_sites_host_idx) and its organization's
 * plan; within each project the site with the longest matching base path gives the relative path
 * (as matchPage does). Query 2
 * reads the items on that path of the chosen project (relative_paths_project_id_path_key, then
 * items_relative_path_id_idx). Both reads are cached (page-lookup-cache.ts); the path's items are
 * kept validated and serialized, and the whole answer is kept by request while both cached reads
 * it came from are (page-answer-memo.ts), so a warm lookup sends text it already has.
 */
export async function getPageItems(
  { db, cache }: { db: Db; cache: PageLookupCache },
  input: GetPageItemsInput,
): Promise<JsonText<TPageItems>> {
  // The caller is in the key: what a page answers depends on who may use which project.
  const bound = input.projectIds?.join(',') ?? '*';
  const answerKey = `${input.userId}|${input.orgId ?? ''}|${input.projectId ?? ''}|${bound}|${input.pageUrl}`;
  const kept = cache.answers.get(answerKey);
  if (kept) return kept;
  const page = normalizePageUrl(input.pageUrl);
  if (!page) return NO_PAGE;
  const sitesInput = { host: page.host, userId: input.userId, orgId: input.orgId ?? null };
  const sitesKey = `${sitesInput.userId}|${sitesInput.orgId ?? ''}|${sitesInput.host}`;
  const sites = await cache.sites.get(sitesKey, async () => ({
    rows: await preparedSites(db).execute(sitesInput),
  }));
  const sitesSource = { key: sitesKey, value: sites };
  const matches = bestMatchPerProject(page, sites.rows).filter(
    (match) => !input.projectIds || input.projectIds.includes(match.projectId),
  );
  const chosen = matches.find((match) => match.projectId === input.projectId) ?? matches[0];
  if (!chosen) {
    cache.answers.set(answerKey, { sites: sitesSource, path: null, rules: null }, NO_PAGE);
    return NO_PAGE;
  }
  // Issue 31: the project's URL rules (compiled once per project) name the page.
  const rules = await cache.rules.get(chosen.projectId, async () => ({
    compiled: compilePageRules(await readUrlRules(db, chosen.projectId)),
  }));
  const { search, hash } = urlParts(input.pageUrl);
  const identity = rules.compiled.identify(chosen.relativePath, search, hash);
  const pathKey = `${chosen.projectId}|${identity.key}`;
  const path = await cache.pathItems.get(pathKey, () =>
    readPathItems(db, cache, { projectId: chosen.projectId, relativePath: identity.key }),
  );
  // An old address shows (and files new items on) the path it was renamed to.
  const shown = path.renamedTo
    ? { ...identity, key: path.renamedTo, pagePath: path.renamedTo, template: null }
    : identity;
  const answer = composeAnswer(matches, { ...chosen, relativePath: shown.pagePath }, shown, {
    sites: sites.rows,
    path,
  });
  cache.answers.set(
    answerKey,
    {
      sites: sitesSource,
      path: { key: pathKey, value: path },
      rules: { key: chosen.projectId, value: rules },
    },
    answer,
  );
  return answer;
}

function composeAnswer(
  matches: TPageProject[],
  chosen: TPageProject,
  identity: PageIdentity,
  { sites, path: { itemsJson, relativePathId } }: { sites: PageSiteRow[]; path: PathItems },
): JsonText<TPageItems> {
  const planId = sites.find((site) => site.projectId === chosen.projectId)?.planId;
  const { template } = identity;
  const head = ZPageHead.parse({
    projects: matches.map((match) => (match.projectId === chosen.projectId ? chosen : match)),
    projectId: chosen.projectId,
    relativePath: chosen.relativePath,
    relativePathId,
    planFeatures: [...getPlan(planId ?? PLAN_IDS.free).features],
    pageKey: identity.key,
    template: template && {
      templateId: template.id,
      pattern: template.pattern,
      name: template.name,
    },
  });
  return new JsonText(`${JSON.stringify(head).slice(0, -1)},"items":${itemsJson}}`);
}

function prepareSites(db: Db) {
  const orgId = sql.placeholder('orgId');
  return db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      orgId: projects.orgId,
      baseUrl: associatedSites.baseUrl,
      host: associatedSites.host,
      basePath: associatedSites.basePath,
      planId: organizations.planId,
    })
    .from(associatedSites)
    .innerJoin(projects, eq(projects.id, associatedSites.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .where(
      and(
        eq(associatedSites.host, sql.placeholder('host')),
        canUseProject(sql.placeholder('userId')),
        sql`(${orgId}::int is null or ${projects.orgId} = ${orgId}::int)`,
      ),
    )
    .prepare('page_sites');
}

const sitesByDb = new WeakMap<Db, ReturnType<typeof prepareSites>>();

// A named prepared statement, planned once per connection (see selectPathItems).
function preparedSites(db: Db): ReturnType<typeof prepareSites> {
  let prepared = sitesByDb.get(db);
  if (!prepared) {
    prepared = prepareSites(db);
    sitesByDb.set(db, prepared);
  }
  return prepared;
}

function bestMatchPerProject(
  page: NonNullable<ReturnType<typeof normalizePageUrl>>,
  sites: PageSiteRow[],
): TPageProject[] {
  const best = new Map<number, TPageProject & { prefixLength: number }>();
  for (const { host, basePath, planId: _, ...site } of sites) {
    const relativePath = toRelativePath(page, { host, basePath });
    const current = best.get(site.projectId);
    if (relativePath === null || (current && current.prefixLength >= basePath.length)) continue;
    best.set(site.projectId, { ...site, relativePath, prefixLength: basePath.length });
  }
  return [...best.values()]
    .sort((a, b) => a.projectName.localeCompare(b.projectName) || a.projectId - b.projectId)
    .map(({ prefixLength: _, ...match }) => match);
}

async function readPathItems(
  db: Db,
  cache: Pick<PageLookupCache, 'foundItems'>,
  { projectId, relativePath }: { projectId: number; relativePath: string },
): Promise<PathItems> {
  const items = await selectPathItems(db, { projectId, path: relativePath });
  cache.foundItems(
    projectId,
    items.map((item) => item.itemId),
  );
  const itemsJson = JSON.stringify(ZItems.parse(items));
  if (items[0]) return { projectId, relativePathId: items[0].relativePathId, itemsJson };
  const [row] = await db
    .select({ id: relativePaths.id })
    .from(relativePaths)
    .where(and(eq(relativePaths.projectId, projectId), eq(relativePaths.path, relativePath)));
  if (row) return { projectId, relativePathId: row.id, itemsJson };
  // Issue 31, old links: an address renamed in the portal answers the path it became.
  const [alias] = await db
    .select({ id: relativePaths.id, path: relativePaths.path })
    .from(relativePathAliases)
    .innerJoin(relativePaths, eq(relativePaths.id, relativePathAliases.relativePathId))
    .where(
      and(eq(relativePathAliases.projectId, projectId), eq(relativePathAliases.path, relativePath)),
    );
  if (!alias) return { projectId, relativePathId: null, itemsJson };
  const renamed = await selectPathItems(db, { projectId, path: alias.path });
  cache.foundItems(
    projectId,
    renamed.map((item) => item.itemId),
  );
  return {
    projectId,
    relativePathId: alias.id,
    itemsJson: JSON.stringify(ZItems.parse(renamed)),
    renamedTo: alias.path,
  };
}
