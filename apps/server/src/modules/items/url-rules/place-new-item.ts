import { compilePageRules, type PageRules } from '@waymark/core';
import type { DbOrTx } from '../../../db/client';
import { lockUrlRules, readUrlRulesInOneStatement } from './read-url-rules';

/** Where a new item goes: the key path it lives on and the concrete page it remembers. */
export type NewItemPlace = { key: string; recordedPath: string | null };

/**
 * The place of an item created on `relativePath` (the concrete page the client sent) under the
 * project's URL rules (issue 31). Takes the URL-rules lock shared until the caller's transaction
 * ends, so a template saved meanwhile either sees this item or is seen by it.
 */
export async function placeNewItem(
  tx: DbOrTx,
  projectId: number,
  relativePath: string,
  { lockTaken = false }: PlaceOptions = {},
): Promise<NewItemPlace> {
  if (!lockTaken) await lockUrlRules(tx, projectId, 'shared');
  return placeOneOnRules(await readUrlRulesInOneStatement(tx, projectId), relativePath);
}

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
 * distinct path's place. Rules read before the URL-rules lock was granted must be checked in a
 * statement after it (insertNewItemRows' `rulesAsRead`).
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
