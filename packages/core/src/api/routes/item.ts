import { z } from 'zod';
import { ZItemType, ZRelease, ZStatus } from '../../entities/data-fields';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZText } from '../../entities/text';
import { ZItemHistoryEntry, ZItemNote } from '../../entities/item';
import {
  ZAssigneeOption,
  ZItemDetail,
  ZItemSearchHit,
  ZPageItems,
  ZRelatedItem,
} from '../../entities/item-detail';
import {
  ZCreateItemRequest,
  ZSearchItemsRequest,
  ZUpdateItemRequest,
} from '../../entities/item-input';
import { defineRoute } from '../define-route';

/** Path parameters of the item-scoped calls. */
export const ZItemIdParams = z.object({ itemId: ZIdParam });
/** A page of an item's history or notes: those before `beforeId` (decision 0138). */
const ZItemThreadQuery = z.object({ beforeId: ZIdParam.optional() });
const ZItemLink = z.object({ itemId: ZId, relatedItemId: ZId });

/** The item calls: spec §7's option lists plus the item API the extension uses. */
export const itemRoutes = {
  /** spec §7: the organization's statuses. */
  getStatusOptions: defineRoute({
    method: 'GET',
    path: '/api/item/getStatusOptions/:orgId',
    summary: "The organization's item statuses.",
    tag: 'item',
    params: z.object({ orgId: ZIdParam }),
    response: z.array(ZStatus),
  }),
  /** spec §7: the organization's item types. */
  getItemTypeOptions: defineRoute({
    method: 'GET',
    path: '/api/item/getItemTypeOptions/:orgId',
    summary: "The organization's item types.",
    tag: 'item',
    params: z.object({ orgId: ZIdParam }),
    response: z.array(ZItemType),
  }),
  /** spec §7: a project's releases (we read the id as the projectId: releases belong to one). */
  getReleaseOptions: defineRoute({
    method: 'GET',
    path: '/api/item/getReleaseOptions/:projectId',
    summary: "A project's releases.",
    tag: 'item',
    params: z.object({ projectId: ZIdParam }),
    response: z.array(ZRelease),
  }),
  /** Who items of a project can be assigned to: members with access to it. */
  getAssigneeOptions: defineRoute({
    method: 'GET',
    path: '/api/item/getAssigneeOptions/:projectId',
    summary: 'Users with access to a project, who its items can be assigned to.',
    tag: 'item',
    params: z.object({ projectId: ZIdParam }),
    response: z.array(ZAssigneeOption),
  }),
  /**
   * The extension's page lookup: the caller's projects the page URL belongs to (optionally of
   * one organization), and the items on its path in `projectId` or the first match. A GET with
   * the page in the query: a read with no body costs the server a fifth less per call than the
   * same read as a POST (docs/benchmarks.md, issue 17), and can be cached by URL.
   */
  getPageItems: defineRoute({
    method: 'GET',
    path: '/api/item/getPageItems',
    summary: 'Projects a page URL belongs to and the items recorded on that page.',
    tag: 'item',
    query: z.object({
      pageUrl: ZText.trim().min(1).max(4_000),
      projectId: ZIdParam.optional(),
      orgId: ZIdParam.optional(),
    }),
    response: ZPageItems,
  }),
  /**
   * Full-text search of a project's items (titles, tags, descriptions, notes, attachment names;
   * docs/workspace.md has the syntax), filtered by type, status, tag, release, assignee. Title
   * matches first, then by rank; without text, most recently changed first.
   */
  searchItems: defineRoute({
    method: 'POST',
    path: '/api/item/searchItems',
    tokenScope: 'items:read',
    summary: "Searches a project's items.",
    tag: 'item',
    body: ZSearchItemsRequest,
    response: z.array(ZItemSearchHit),
  }),
  /** Creates an item on a page (relative path) of a project. */
  createItem: defineRoute({
    method: 'POST',
    path: '/api/item/createItem',
    summary: 'Creates an item on a page of a project.',
    tag: 'item',
    body: ZCreateItemRequest,
    response: ZItemDetail,
  }),
  /** An item with every field, its notes, related items and history. */
  getItem: defineRoute({
    method: 'GET',
    path: '/api/item/getItem/:itemId',
    summary: 'An item in full: fields, notes, related items, history.',
    tag: 'item',
    params: ZItemIdParams,
    response: ZItemDetail,
  }),
  /** Changes the given fields of an item; each change is recorded in its history. */
  updateItem: defineRoute({
    method: 'POST',
    path: '/api/item/updateItem',
    summary: 'Changes some fields of an item.',
    tag: 'item',
    body: ZUpdateItemRequest,
    response: ZItemDetail,
  }),
  /** Deletes an item with its notes, links and history. */
  deleteItem: defineRoute({
    method: 'POST',
    path: '/api/item/deleteItem/:itemId',
    summary: 'Deletes an item.',
    tag: 'item',
    params: ZItemIdParams,
    response: z.string(),
    responseKind: 'text',
  }),
  /** A page of an item's history, newest first: the newest, or those older than `beforeId`. */
  getItemHistory: defineRoute({
    method: 'GET',
    path: '/api/item/getItemHistory/:itemId',
    summary: "A page of an item's change history, newest first.",
    tag: 'item',
    params: ZItemIdParams,
    query: ZItemThreadQuery,
    response: z.array(ZItemHistoryEntry),
  }),
  /** A page of an item's notes, oldest first: the newest, or those earlier than `beforeId`. */
  getItemNotes: defineRoute({
    method: 'GET',
    path: '/api/item/getItemNotes/:itemId',
    summary: "A page of an item's notes, oldest first.",
    tag: 'item',
    params: ZItemIdParams,
    query: ZItemThreadQuery,
    response: z.array(ZItemNote),
  }),
  /** Items of the same project that could be related to an item: title contains `text`. */
  searchRelatedItems: defineRoute({
    method: 'POST',
    path: '/api/item/searchRelatedItems',
    tokenScope: 'items:read',
    summary: 'Finds items of the same project by title, to relate to an item.',
    tag: 'item',
    body: z.object({ itemId: ZId, text: ZText.trim().max(200) }),
    response: z.array(ZRelatedItem),
  }),
  /** Relates two items of one project; the link shows on both. */
  linkRelatedItem: defineRoute({
    method: 'POST',
    path: '/api/item/linkRelatedItem',
    summary: 'Relates two items of a project (both ways).',
    tag: 'item',
    body: ZItemLink,
    response: z.string(),
    responseKind: 'text',
  }),
  /** Removes the relation between two items (from both). */
  unlinkRelatedItem: defineRoute({
    method: 'POST',
    path: '/api/item/unlinkRelatedItem',
    summary: 'Removes the relation between two items.',
    tag: 'item',
    body: ZItemLink,
    response: z.string(),
    responseKind: 'text',
  }),
};
