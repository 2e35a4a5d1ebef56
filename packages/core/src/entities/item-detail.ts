import { z } from 'zod';
import { FEATURES } from '../plans/plans';
import { ZDescriptionMention } from './conversation';
import { ZId, ZTimestamp } from './ids';
import { ZItem, ZItemHistoryEntry, ZItemNote } from './item';

export * from './item-thread';

/** A person shown on an item: its assignee or its author. */
export const ZItemPerson = z.object({ userId: ZId, fullName: z.string() });
/** A person shown on an item. */
export type TItemPerson = z.infer<typeof ZItemPerson>;

/** An item as a list shows it: on a page, in search results, as a related item. */
export const ZItemSummary = z.object({
  itemId: ZId,
  projectId: ZId,
  relativePathId: ZId,
  relativePath: z.string(),
  title: z.string(),
  itemTypeId: ZId,
  itemTypeDescription: z.string(),
  itemStatusId: ZId,
  itemStatusDescription: z.string(),
  tags: z.array(z.string()),
  assignee: ZItemPerson.nullable(),
  releaseId: ZId.nullable(),
  releaseTitle: z.string().nullable(),
  noteCount: z.number().int().nonnegative(),
  updatedAt: ZTimestamp,
});
/** An item as a list shows it. */
export type TItemSummary = z.infer<typeof ZItemSummary>;

/** A run of text, `hit` when it matched the search (issue 28): rendered as text, never as HTML. */
export const ZHighlightRun = z.object({ text: z.string(), hit: z.boolean() });
/** Text cut into runs, matched ones marked. */
export const ZHighlighted = z.array(ZHighlightRun);
/** Text cut into runs, matched ones marked. */
export type THighlighted = z.infer<typeof ZHighlighted>;

/**
 * An item found by the search. `match` is null when no search text was given; otherwise the
 * title with its matched words marked and a snippet of the description, notes, attachment names
 * and tags around the matches (its runs all unmarked when only the title matched).
 */
export const ZItemSearchHit = ZItemSummary.extend({
  match: z.object({ title: ZHighlighted, snippet: ZHighlighted }).nullable(),
});
/** An item found by the search. */
export type TItemSearchHit = z.infer<typeof ZItemSearchHit>;

/** A related item, linked both ways (spec §1). */
export const ZRelatedItem = ZItemSummary.pick({
  itemId: true,
  title: true,
  relativePath: true,
  itemTypeDescription: true,
  itemStatusDescription: true,
});
/** A related item. */
export type TRelatedItem = z.infer<typeof ZRelatedItem>;

/** An item with everything the detail view shows: every field, notes, related items, history. */
export const ZItemDetail = ZItem.extend({
  relativePath: z.string(),
  itemTypeDescription: z.string(),
  itemStatusDescription: z.string(),
  assignee: ZItemPerson.nullable(),
  releaseTitle: z.string().nullable(),
  createdBy: ZItemPerson.nullable(),
  /** Whom the description's `@[user:ID]` tokens mention, by their current names (issue 27). */
  descriptionMentions: z.array(ZDescriptionMention),
  /** How many notes the item has in all. */
  noteCount: z.number().int().nonnegative(),
  /** The newest `ITEM_DETAIL_NOTES_SIZE` notes, oldest first. */
  notes: z.array(ZItemNote),
  /** Earlier notes exist than `notes` holds: `getItemNotes` with `beforeId` reads them. */
  hasEarlierNotes: z.boolean(),
  relatedItems: z.array(ZRelatedItem),
  /** The newest `ITEM_DETAIL_HISTORY_SIZE` entries, newest first. */
  history: z.array(ZItemHistoryEntry),
  /** Older entries exist than `history` holds: `getItemHistory` with `beforeId` reads them. */
  hasOlderHistory: z.boolean(),
});
/** An item with everything the detail view shows. */
export type TItemDetail = z.infer<typeof ZItemDetail>;

/** A project a page belongs to and the caller can open (the extension's project switcher). */
export const ZPageProject = z.object({
  projectId: ZId,
  projectName: z.string(),
  orgId: ZId,
  /** The associated site of the project the page matched. */
  baseUrl: z.string(),
  /** The page's path within that project. */
  relativePath: z.string(),
});
/** A project a page belongs to. */
export type TPageProject = z.infer<typeof ZPageProject>;

/** The items of one page: the matching projects and the items of the chosen (or first) one. */
export const ZPageItems = z.object({
  projects: z.array(ZPageProject),
  /** The chosen project, or the first match; null when the page is in no accessible project. */
  projectId: ZId.nullable(),
  relativePath: z.string().nullable(),
  /** Null while no item was ever recorded on this path. */
  relativePathId: ZId.nullable(),
  items: z.array(ZItemSummary),
  /**
   * The features of the chosen project's organization's plan (spec §9), so the extension can
   * offer only what the plan includes; empty when the page is in no accessible project.
   */
  planFeatures: z.array(z.enum(FEATURES)),
  /**
   * Issue 31: where the page's items live when the project's URL rules make it differ from
   * `relativePath` (the concrete page, sent back when creating an item), e.g. `/orders/:id`.
   */
  pageKey: z.string().nullable().optional(),
  /** Issue 31: the URL template the page matched ("Order page (/orders/:id)"); null for none. */
  template: z
    .object({ templateId: ZId, pattern: z.string(), name: z.string().nullable() })
    .nullable()
    .optional(),
});
/** The items of one page. */
export type TPageItems = z.infer<typeof ZPageItems>;

/** Someone an item of a project can be assigned to: a member with access to the project. */
export const ZAssigneeOption = z.object({ userId: ZId, fullName: z.string(), email: z.string() });
/** An assignee option. */
export type TAssigneeOption = z.infer<typeof ZAssigneeOption>;
