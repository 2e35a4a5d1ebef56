import { AppError, type ErrorCode } from '@waymark/core';
import type { ChangeFeed } from '../../changes/change-feed';
import { createChangeCache, type ChangeCache } from '../../changes/change-cache';
import type { Db } from '../../db/client';
import { resolveProjectScope, type ProjectRef, type ProjectScope } from './project-scope';

/** Most (caller, project) standings kept per server copy. */
const MAX_ENTRIES = 50_000;
/** Longest a standing is trusted without a change (the change feed's safety net). */
const TRUST_MS = 60_000;

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

/**
 * {@link resolveProjectScope}, kept per (caller, project id, admin required) until a membership,
 * project grant, project or user changes on any server copy (the change feed): every write to a
 * project otherwise paid one pooled query for it before its transaction (decision 0064). Refs
 * derived from an item, site, path or release are resolved each time, since those rows move.
 * Refusals are kept too, answered as the same error.
 */
export async function resolveProjectScopeCached(
  deps: { db: Db; changes: ChangeFeed },
  input: { userId: number; ref: ProjectRef; requireAdmin: boolean },
): Promise<ProjectScope> {
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
