import type { DbOrTx } from '../../../db/client';
import { readVersionedUrlRules, type VersionedUrlRules } from './read-url-rules';

// Projects whose rules are kept; the oldest read is dropped beyond this (a miss costs one read).
const CACHED_PROJECTS = 1000;

// One map per database client, i.e. per app: project ids of two databases (test files sharing a
// worker, each with its own database) must not meet, since new projects share version 0.
const cachedOf = new WeakMap<DbOrTx, Map<number, VersionedUrlRules>>();

/**
 * The project's URL rules as this server last read them, with their version: a create places its
 * item on them and writes only if the version is still the project's (insertCheckedItemRows), so
 * a stale entry costs a retry, never a wrong place (decision 0104). `fresh`: read them again (the
 * create found the version changed). Per app (`db`, the pool): every server copy checks the same
 * version.
 */
export async function cachedUrlRules(
  db: DbOrTx,
  projectId: number,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<VersionedUrlRules> {
  let cached = cachedOf.get(db);
  if (!cached) cachedOf.set(db, (cached = new Map<number, VersionedUrlRules>()));
  const known = cached.get(projectId);
  if (known && !fresh) return known;
  const read = await readVersionedUrlRules(db, projectId);
  cached.delete(projectId);
  if (cached.size >= CACHED_PROJECTS) cached.delete(cached.keys().next().value ?? projectId);
  cached.set(projectId, read);
  return read;
}
