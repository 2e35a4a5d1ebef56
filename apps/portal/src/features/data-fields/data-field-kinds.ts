import { routes, type Feature } from '@waymark/core';
import { apiClient } from '../../lib/api-client';
import type { OrgFieldKind } from './api/data-field-queries';

export type { OrgFieldKind } from './api/data-field-queries';

/** The words and calls of one organization-wide data field panel (spec §2, §7). */
export type OrgFieldConfig = {
  /** Panel title (spec §2). */
  title: string;
  /** Placeholder of each row (spec §2). */
  placeholder: string;
  /** spec §2 Dialogs: the delete confirmation's title. */
  deleteTitle: string;
  /** The field's name in sentences ("status"). */
  noun: string;
  /** The plan feature that allows changing it (spec §9). */
  feature: Feature;
  /** Creates (no id) or renames a value; the server's text. */
  save: (orgId: number, text: string, id?: number) => Promise<string>;
  /** Deletes a value, moving its items to `replaceWith`; the server's text. */
  remove: (id: number, replaceWith: number | undefined) => Promise<string>;
  /** How many items use a value. */
  countItems: (id: number) => Promise<number>;
};

const replaceQuery = (replaceWith: number | undefined) =>
  replaceWith === undefined ? {} : { replaceWith: String(replaceWith) };

/** spec §2 Status and Item Type panels. */
export const ORG_FIELDS: Record<OrgFieldKind, OrgFieldConfig> = {
  status: {
    title: 'Status',
    placeholder: 'Enter status name',
    deleteTitle: 'Delete Status',
    noun: 'status',
    feature: 'customStatuses',
    save: (orgId, text, id) =>
      apiClient.call(routes.saveOrgStatus, {
        // spec §7: itemStatusId only on update.
        body: { orgStatusName: text, orgId, ...(id !== undefined && { itemStatusId: id }) },
      }),
    remove: (id, replaceWith) =>
      apiClient.call(routes.deleteOrgStatus, {
        params: { statusId: id },
        query: replaceQuery(replaceWith),
      }),
    countItems: async (id) =>
      (await apiClient.call(routes.getStatusUsage, { params: { statusId: id } })).itemCount,
  },
  itemType: {
    title: 'Item Type',
    placeholder: 'Enter item type name',
    deleteTitle: 'Delete Item Type',
    noun: 'item type',
    feature: 'customItemTypes',
    save: (orgId, text, id) =>
      apiClient.call(routes.saveOrgItemType, {
        body: { itemTypeDescription: text, orgId, ...(id !== undefined && { itemTypeId: id }) },
      }),
    remove: (id, replaceWith) =>
      apiClient.call(routes.deleteOrgItemType, {
        params: { id },
        query: replaceQuery(replaceWith),
      }),
    countItems: async (id) =>
      (await apiClient.call(routes.getItemTypeUsage, { params: { id } })).itemCount,
  },
};
