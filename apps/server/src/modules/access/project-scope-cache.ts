import { AppError, type ErrorCode } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../../changes/change-feed';
import { createChangeCache, type ChangeCache } from '../../changes/change-cache';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import {
  PROJECT_NOT_FOUND,
  resolveProjectScope,
  type ProjectRef,
  type ProjectScope,
} from './project-scope';

/** Most (caller, project) standings kept per server copy. */
const MAX_ENTRIES = 50_000;
/** Longest a standing is trusted without a change (the change feed's safety net). */
const TRUST_MS = 60_000;

/** Most items whose project is kept per server copy (a mixed-load project has 100,000 items). */
const MAX_ITEMS = 100_000;

/** A caller's standing in a project as resolved: the scope, or the refusal it gave. */
type Standing = { scope: ProjectScope } | { refusal: { code: ErrorCode; message: string } };

// The tables a standing is read from (resolveProjectScope): a change to any forgets them all.
// They change rarely (memberships, grants, projects), unlike the items every write touches.
const STANDING_TABLES = new Set(['users', 'org_members', 'projects', 'project_access']);

// One cache per change feed, i.e. per app: projectCheck's hooks are built per route, before the
// app's feed exists, and find the cache through the request.
const caches = new WeakMap<ChangeFeed, ChangeCache<string, Standing>>();

function cacheOf(changes: ChangeFeed): ChangeCache<string, Standing> {
  let cache = caches.get(changes);
  if (!cache) {
    cache = createChangeCache<string, Standing>({
      feed: changes,
      max: MAX_ENTRIES,
      ttlMs: TRUST_MS,
      onChange: ({ table }) => (STANDING_TABLES.has(table) ? 'all' : 'none'),
    });
    caches.set(changes, cache);
  }
  return cache;
}

// Item → project, one map per app like the standings. Nothing forgets an entry: an item's project
// never changes (migration 0044 refuses it) and ids are never reused. A deleted item's entry stays,
// and every route naming an item answers its absence itself (decision 0110).
const itemProjects = new WeakMap<ChangeFeed, LRUCache<number, number>>();

function itemProjectsOf(changes: ChangeFeed): LRUCache<number, number> {
  let kept = itemProjects.get(changes);
  if (!kept) itemProjects.set(changes, (kept = new LRUCache<number, number>({ max: MAX_ITEMS })));
  return kept;
}

/**
 * Keeps the project of items another read found in it (the page lookup's items of a path), for
 * the access check of a call naming one of them next: a note added from the panel's list.
 */
export function rememberItemProjects(
  changes: ChangeFeed,
  projectId: number,
  itemIds: readonly number[],
): void {
  const kept = itemProjectsOf(changes);
  for (const itemId of itemIds) kept.set(itemId, projectId);
}

/** The project of item `itemId`, kept once read; NOT_FOUND (not kept) for an item never seen. */
async function projectOfItem(
  deps: { db: Db; changes: ChangeFeed },
  itemId: number,
): Promise<number> {
  const kept = itemProjectsOf(deps.changes);
  const known = kept.get(itemId);
  if (known !== undefined) return known;
  const [row] = await deps.db
    .select({ projectId: items.projectId })
    .from(items)
    .where(eq(items.id, itemId));
  if (!row) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
  kept.set(itemId, row.projectId);
  return row.projectId;
}

/**
 * {@link resolveProjectScope}, kept per (caller, project id, admin required) until a membership,
 * project grant, project or user changes on any server copy (the change feed): every write to a
 * project otherwise paid one pooled query for it before its transaction (decision 0064). An
 * item's project is kept too, since items never change project: a note then waits for the write
 * pool once, like a create (decision 0110). Refs derived from a site, path or release are resolved
 * each time. Refusals are kept too, answered as the same error.
 */
export async function resolveProjectScopeCached(
  deps: { db: Db; changes: ChangeFeed },
  input: { userId: number; ref: ProjectRef; requireAdmin: boolean },
): Promise<ProjectScope> {
  if ('itemId' in input.ref) {
    const projectId = await projectOfItem(deps, input.ref.itemId);
    return resolveProjectScopeCached(deps, { ...input, ref: { projectId } });
  }
  if (!('projectId' in input.ref)) return resolveProjectScope(deps, input);
  const key = `${input.userId}:${input.ref.projectId}:${input.requireAdmin ? 'admin' : 'member'}`;
  const standing = await cacheOf(deps.changes).get(key, async () => {
    try {
      return { scope: await resolveProjectScope(deps, input) };
    } catch (error) {
      if (error instanceof AppError)
        return { refusal: { code: error.code, message: error.message } };
      throw error;
    }
  });
  if ('refusal' in standing) throw new AppError(standing.refusal.code, standing.refusal.message);
  return standing.scope;
}
