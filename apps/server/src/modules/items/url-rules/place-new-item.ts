import { compilePageRules, type PageRules } from '@waymark/core';
import type { DbOrTx } from '../../../db/client';
import { lockUrlRules, readUrlRulesInOneStatement } from './read-url-rules';

/** Where a new item goes: the key path it lives on and the concrete page it remembers. */
export type NewItemPlace = { key: string; recordedPath: string | null };

/** {@link placeOnRules} for one page. */
export function placeOneOnRules(rules: PageRules, relativePath: string): NewItemPlace {
  return (
    placeOnRules(rules, [relativePath]).get(relativePath) ?? {
      key: relativePath,
      recordedPath: null,
    }
  );
}

/** `lockTaken`: the caller's transaction already holds the shared lock (urlRulesSharedLockSql). */
export type PlaceOptions = { lockTaken?: boolean };

/**
 * {@link placeNewItem} for many pages at once (the CSV import): the lock taken and the rules
 * compiled once; answers each distinct path's place.
 */
export async function placeNewItems(
  tx: DbOrTx,
  projectId: number,
  relativePaths: readonly string[],
  { lockTaken = false }: PlaceOptions = {},
): Promise<Map<string, NewItemPlace>> {
  if (!lockTaken) await lockUrlRules(tx, projectId, 'shared');
  return placeOnRules(await readUrlRulesInOneStatement(tx, projectId), relativePaths);
}

/**
 * The places of new items on `relativePaths` under `rules` as read by the caller: answers each
 * distinct path's place. Rules read before the URL-rules lock was granted, or cached, must be
 * checked after it (insertCheckedItemRows' version).
 */
export function placeOnRules(
  rules: PageRules,
  relativePaths: readonly string[],
): Map<string, NewItemPlace> {
  const compiled = compilePageRules(rules);
  const places = new Map<string, NewItemPlace>();
  for (const relativePath of relativePaths) {
    if (places.has(relativePath)) continue;
    const queryAt = relativePath.indexOf('?');
    const { pagePath, key } =
      queryAt === -1
        ? compiled.identify(relativePath)
        : compiled.identify(relativePath.slice(0, queryAt), relativePath.slice(queryAt));
    places.set(relativePath, { key, recordedPath: key === pagePath ? null : pagePath });
  }
  return places;
}
