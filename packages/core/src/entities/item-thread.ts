// The plain (zod-free) sizes of an item's threads: extension pages' first chunks read them and
// must not pull zod in with them (docs/extension.md, "First paint", step 9).

/**
 * How many of an item's newest history entries and notes its detail carries (decision 0138): an
 * item's reads and every write's answer stay bounded however long its life; older ones are read
 * a page at a time (`getItemHistory`, `getItemNotes`).
 */
export const ITEM_DETAIL_HISTORY_SIZE = 50;
/** See {@link ITEM_DETAIL_HISTORY_SIZE}. */
export const ITEM_DETAIL_NOTES_SIZE = 100;
/** Entries or notes per page of `getItemHistory` and `getItemNotes`. */
export const ITEM_THREAD_PAGE_SIZE = 100;
