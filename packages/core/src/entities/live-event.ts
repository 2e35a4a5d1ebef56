import { z } from 'zod';

/**
 * The SSE event names of a live stream (`GET /api/item/liveEvents/:projectId`, issue 16):
 * - `ready`: the stream is open; its `id` is where a reconnect resumes from.
 * - `change`: one committed change on the project ({@link ZLiveChange}).
 * - `resync`: events since the client's `Last-Event-ID` were pruned; reload everything.
 * - `revoked`: the caller lost access to the project; the stream ends and must not be reopened.
 */
export const LIVE_EVENT_NAMES = ['ready', 'change', 'resync', 'revoked'] as const;

/** The name of an SSE event of a live stream. */
export type TLiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/**
 * The data of a `change` event: what was written and where it shows. Ids only, never content.
 * A transaction sends one event per project, page and item it changed (decision 0119): a create
 * with tags is one `items` event, a note one `item_notes` event, though each wrote two tables.
 * Read the event as "this item on this page changed", never as "only this table changed".
 */
export const ZLiveChange = z.object({
  projectId: z.number().int(),
  /**
   * The first table the transaction wrote for this item and page (items, item_notes,
   * item_relations, item_tags, relative_paths, …); later writes of the same transaction to
   * others send nothing more. `inbox_entries` (the recipients' new notifications) is never
   * folded with the others.
   */
  topic: z.string(),
  /** The page (relative path) it shows on; null for project-wide changes (releases, statuses). */
  relativePathId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
});

/** A `change` event's data. */
export type TLiveChange = z.infer<typeof ZLiveChange>;

/** Answered (429) when a user already holds the most live streams one server copy allows. */
export const LIVE_STREAM_LIMIT_MESSAGE =
  'Too many live connections for this account. Close a Waymark panel or window and try again.';

/** Answered (400) for a `Last-Event-ID` header that is not an event id. */
export const LAST_EVENT_ID_MESSAGE = 'Last-Event-ID must be the id of an event of this stream.';
