import { eq } from 'drizzle-orm';
import { itemExternalUrls, itemTags } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** Replaces an item's tags with `tags` (already trimmed and deduplicated), keeping their order. */
export async function replaceItemTags(tx: DbOrTx, itemId: number, tags: string[]): Promise<void> {
  await tx.delete(itemTags).where(eq(itemTags.itemId, itemId));
  await insertItemTags(tx, itemId, tags);
}

/** Adds `tags` to an item that has none yet (a new one), in order; nothing sent when empty. */
export async function insertItemTags(tx: DbOrTx, itemId: number, tags: string[]): Promise<void> {
  if (tags.length > 0)
    await tx.insert(itemTags).values(tags.map((tag, position) => ({ itemId, tag, position })));
}

/** Replaces an item's external URLs with `urls` (already checked http(s)), keeping their order. */
export async function replaceItemUrls(tx: DbOrTx, itemId: number, urls: string[]): Promise<void> {
  await tx.delete(itemExternalUrls).where(eq(itemExternalUrls.itemId, itemId));
  await insertItemUrls(tx, itemId, urls);
}

/** Adds `urls` to an item that has none yet (a new one), in order; nothing sent when empty. */
export async function insertItemUrls(tx: DbOrTx, itemId: number, urls: string[]): Promise<void> {
  if (urls.length > 0)
    await tx
      .insert(itemExternalUrls)
      .values(urls.map((url, position) => ({ itemId, url, position })));
}
