import { z } from 'zod';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZText } from '../../entities/text';
import { defineRoute } from '../define-route';

/** Longest status, item type or release name. */
export const DATA_FIELD_MAX_LENGTH = 60;

/** A status, item type or release name as saved: trimmed, 1–60 characters. */
export const ZDataFieldName = ZText.trim()
  .min(1, 'Enter a name.')
  .max(DATA_FIELD_MAX_LENGTH, `Use at most ${DATA_FIELD_MAX_LENGTH} characters.`);

const ZTextResponse = { response: z.string(), responseKind: 'text' } as const;

/**
 * Query of the status and item-type deletes: the value the items using the deleted one get
 * instead (issue 11: nothing is silently orphaned). Without it, a value in use is a CONFLICT.
 */
const ZReplaceQuery = z.object({ replaceWith: ZIdParam.optional() });

/** How many items use a status or an item type: the admin is told before deleting it. */
export const ZDataFieldUsage = z.object({ itemCount: z.number().int().nonnegative() });
/** How many items use a status or an item type. */
export type TDataFieldUsage = z.infer<typeof ZDataFieldUsage>;

/** spec §7 OrgSettings: the organization's data fields (statuses, item types, releases). */
export const dataFieldRoutes = {
  /** spec §7: creates (no itemStatusId) or renames a status; text for the banner. */
  saveOrgStatus: defineRoute({
    method: 'POST',
    path: '/api/OrgSettings/saveOrgStatus',
    summary: 'Creates or renames an item status of the organization.',
    tag: 'data-fields',
    body: z.object({ orgStatusName: ZDataFieldName, orgId: ZId, itemStatusId: ZId.nullish() }),
    ...ZTextResponse,
  }),
  /** spec §7: deletes a status; items using it move to `replaceWith` (required if any do). */
  deleteOrgStatus: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/orgSettings/deleteOrgStatus/:statusId',
    summary: 'Deletes an item status, moving the items that use it to replaceWith.',
    tag: 'data-fields',
    params: z.object({ statusId: ZIdParam }),
    query: ZReplaceQuery,
    ...ZTextResponse,
  }),
  /** How many items use a status (shown before it is deleted). */
  getStatusUsage: defineRoute({
    method: 'GET',
    path: '/api/orgSettings/getStatusUsage/:statusId',
    summary: 'How many items use an item status.',
    tag: 'data-fields',
    params: z.object({ statusId: ZIdParam }),
    response: ZDataFieldUsage,
  }),
  /** spec §7: creates (no itemTypeId) or renames an item type. */
  saveOrgItemType: defineRoute({
    method: 'POST',
    path: '/api/OrgSettings/saveOrgItemType',
    summary: 'Creates or renames an item type of the organization.',
    tag: 'data-fields',
    body: z.object({ itemTypeDescription: ZDataFieldName, orgId: ZId, itemTypeId: ZId.nullish() }),
    ...ZTextResponse,
  }),
  /** spec §7: deletes an item type; items using it move to `replaceWith` (required if any do). */
  deleteOrgItemType: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/orgSettings/deleteOrgItemType/:id',
    summary: 'Deletes an item type, moving the items that use it to replaceWith.',
    tag: 'data-fields',
    params: z.object({ id: ZIdParam }),
    query: ZReplaceQuery,
    ...ZTextResponse,
  }),
  /** How many items use an item type (shown before it is deleted). */
  getItemTypeUsage: defineRoute({
    method: 'GET',
    path: '/api/orgSettings/getItemTypeUsage/:id',
    summary: 'How many items use an item type.',
    tag: 'data-fields',
    params: z.object({ id: ZIdParam }),
    response: ZDataFieldUsage,
  }),
  /** spec §7: creates a release (projectId) or renames one (ReleaseId, as the spec spells it). */
  saveRelease: defineRoute({
    method: 'POST',
    path: '/api/OrgSettings/saveRelease',
    summary: 'Creates a release of a project, or renames one.',
    tag: 'data-fields',
    body: z
      .object({
        releaseTitle: ZDataFieldName,
        orgId: ZId,
        projectId: ZId.nullish(),
        ReleaseId: ZId.nullish(),
      })
      .refine((body) => body.projectId != null || body.ReleaseId != null, {
        message: 'Select a project first.',
        path: ['projectId'],
      }),
    ...ZTextResponse,
  }),
  /** spec §7: deletes a release; its items keep no release. */
  deleteRelease: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/orgSettings/deleteRelease/:releaseId',
    summary: 'Deletes a release; items in it are left without one.',
    tag: 'data-fields',
    params: z.object({ releaseId: ZIdParam }),
    ...ZTextResponse,
  }),
};
