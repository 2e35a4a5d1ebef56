import { compilePageRules } from '@waymark/core';
import type { DbOrTx } from '../../../db/client';
import { lockUrlRules, readUrlRules } from './read-url-rules';

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
): Promise<NewItemPlace> {
  await lockUrlRules(tx, projectId, 'shared');
  const compiled = compilePageRules(await readUrlRules(tx, projectId));
  const queryAt = relativePath.indexOf('?');
  const { pagePath, key } =
    queryAt === -1
      ? compiled.identify(relativePath)
      : compiled.identify(relativePath.slice(0, queryAt), relativePath.slice(queryAt));
  return { key, recordedPath: key === pagePath ? null : pagePath };
}
