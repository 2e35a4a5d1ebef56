import type { CompiledPageRules } from '@waymark/core';
import { createChangeCache, type ChangeCache } from '../../changes/change-cache';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Clock } from '../../changes/expiry-sweep';
import { rememberItemProjects } from '../access/index';
import { createPageAnswerMemo, type PageAnswerMemo } from './page-answer-memo';

/** A site of the page's host in a project the caller may use (the page lookup's first read). */
export type PageSiteRow = {
  projectId: number;
  projectName: string;
  orgId: number;
  baseUrl: string;
  host: string;
  basePath: string;
  planId: number | null;
};

/** The items on one path of a project (the page lookup's second read), validated and serialized. */
export type PathItems = {
  projectId: number;
  relativePathId: number | null;
  itemsJson: string;
  /** Issue 31: the path an old address was renamed to, when the lookup followed its alias. */
  renamedTo?: string;
};

/** The page lookup's two caches (issue 17), forgotten through the change feed. */
export type PageLookupCache = {
  /** Keyed by caller, host and organization filter: what the caller may see on that host. */
  sites: ChangeCache<string, { rows: PageSiteRow[] }>;
  /** Keyed by project and path; shared by every caller, who reaches it only through `sites`. */
  pathItems: ChangeCache<string, PathItems>;
  /** Compiled URL rules by project (issue 31): compiled once, forgotten when they change. */
  rules: ChangeCache<number, { compiled: CompiledPageRules }>;
  /** Whole answers by request, used while the two entries they were built from are kept. */
  answers: PageAnswerMemo;
  /** Tells the access check the project of the items a path read found (decision 0110). */
  foundItems(projectId: number, itemIds: readonly number[]): void;
};

// Tables whose rows decide which projects a caller matches on a host, and their plan.
const ACCESS_TABLES = new Set([
  'org_members',
  'project_access',
  'projects',
  'associated_sites',
  'organizations',
  'users',
]);
// Tables whose rows show in a path's item summaries, announced with the item's relative path.
// A tag or note is announced with the path its item has when the trigger runs: every writer of
// item_tags and item_notes also updates the item's row in its transaction (waiting for a move
// of the item), so the path announced is the one the item ends up on. Keep it so.
const PATH_ITEM_TABLES = new Set(['items', 'item_tags', 'item_notes']);
// Tables announced with their project: a path created, renamed or merged, an alias (old address,
// canonical link) added or removed; a release renamed.
const PROJECT_TABLES = new Set(['relative_paths', 'relative_path_aliases', 'releases']);
// Tables of a project's URL rules (issue 31), announced with their project.
const URL_RULE_TABLES = new Set(['url_templates', 'project_url_rules']);
// Tables of organization-wide names (types, statuses, people) shown in summaries.
const SHARED_NAME_TABLES = new Set(['item_statuses', 'item_types', 'users']);

// Paths kept, by count and by the bytes of their items' JSON: the whole of a 10,000-path project
// with ten items a page (~3 KB each) fits (issue 34: at 5,000 a random page missed one time in
// two however long the server ran).
const MAX_PATHS = 100_000;
const MAX_PATH_BYTES = 64 * 1024 * 1024;
// Key, entry, labels and bookkeeping beside the JSON, roughly.
const ENTRY_OVERHEAD_BYTES = 300;
// What a caller may use on a host: access rights, trusted at most a minute as the other access
// caches are, and one cheap read per caller and host.
const SITES_TTL_MS = 60_000;
/**
 * A path's items, trusted without a change for ten minutes. Every table their summaries read is
 * forgotten by the feed (onChange below), which resets the caches when it may have missed
 * anything, so this is only a safety net. At 60 s, a project of 10,000 pages looked up steadily
 * read each page again every minute — 167 reads a second with no write at all, 60 % of the path
 * reads under mixed-load's paced writes (decision 0121).
 */
export const PATH_ITEMS_TTL_MS = 10 * 60_000;

/** Creates the page lookup's caches on the app's change feed; `clock` is a test's. */
export function createPageLookupCache(
  feed: ChangeFeed,
  { clock }: { clock?: Clock } = {},
): PageLookupCache {
  const sites: PageLookupCache['sites'] = createChangeCache({
    feed,
    clock,
    max: 20_000,
    ttlMs: SITES_TTL_MS,
    onChange: ({ table }) => (ACCESS_TABLES.has(table) ? 'all' : 'none'),
  });
  const pathItems: PageLookupCache['pathItems'] = createChangeCache({
    feed,
    clock,
    max: MAX_PATHS,
    maxSize: MAX_PATH_BYTES,
    // Bytes, not characters: a string of non-Latin-1 titles takes two bytes a character in V8.
    sizeOf: (value, key) =>
      Buffer.byteLength(value.itemsJson) + Buffer.byteLength(key) + ENTRY_OVERHEAD_BYTES,
    ttlMs: PATH_ITEMS_TTL_MS,
    labelsOf: (_key, value) => [
      `project:${value.projectId}`,
      ...(value.relativePathId === null ? [] : [`path:${value.relativePathId}`]),
    ],
    onChange: ({ table, key }) => {
      if (SHARED_NAME_TABLES.has(table) || table === 'projects') return 'all';
      const isPathChange = PATH_ITEM_TABLES.has(table);
      if (!isPathChange && !PROJECT_TABLES.has(table)) return 'none';
      // Without a key (a tag of an item deleted in the same transaction) it could be any path.
      if (key === null) return 'all';
      return { label: isPathChange ? `path:${key}` : `project:${key}` };
    },
  });
  const rules: PageLookupCache['rules'] = createChangeCache({
    feed,
    max: 2_000,
    ttlMs: 10 * 60_000,
    onChange: ({ table, key }) => {
      if (table === 'projects') return 'all';
      if (!URL_RULE_TABLES.has(table)) return 'none';
      return key === null ? 'all' : (projectId) => projectId === key;
    },
  });
  return {
    sites,
    pathItems,
    rules,
    foundItems: (projectId, itemIds) => rememberItemProjects(feed, projectId, itemIds),
    answers: createPageAnswerMemo(
      ({ sites: read, path, rules: compiled }) =>
        sites.peek(read.key) === read.value &&
        (path === null || pathItems.peek(path.key) === path.value) &&
        (compiled === null || rules.peek(compiled.key) === compiled.value),
    ),
  };
}
