import type { TItemDetail } from '@waymark/core';

/** What the item form edits; ids as select strings ('' = none). */
export type ItemFormValues = {
  itemTypeId: string;
  itemStatusId: string;
  title: string;
  descriptionHtml: string;
  /** Comma-separated. */
  tags: string;
  assigneeUserId: string;
  releaseId: string;
  /** One address per line. */
  externalUrls: string;
};

/** The form's starting values: an item's, or blanks with the first type and status chosen. */
export function toFormValues(
  item: TItemDetail | null,
  defaults: { itemTypeId?: number; itemStatusId?: number },
): ItemFormValues {
  return {
    itemTypeId: String(item?.itemTypeId ?? defaults.itemTypeId ?? ''),
    itemStatusId: String(item?.itemStatusId ?? defaults.itemStatusId ?? ''),
    title: item?.title ?? '',
    descriptionHtml: item?.descriptionHtml ?? '',
    tags: item?.tags.join(', ') ?? '',
    assigneeUserId: item?.assigneeUserId ? String(item.assigneeUserId) : '',
    releaseId: item?.releaseId ? String(item.releaseId) : '',
    externalUrls: item?.externalUrls.join('\n') ?? '',
  };
}

/** The item fields the API takes, from the form's values. */
export function toItemFields(values: ItemFormValues) {
  const optionalId = (value: string) => (value ? Number(value) : null);
  return {
    itemTypeId: Number(values.itemTypeId),
    itemStatusId: Number(values.itemStatusId),
    title: values.title,
    descriptionHtml: values.descriptionHtml,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    assigneeUserId: optionalId(values.assigneeUserId),
    releaseId: optionalId(values.releaseId),
    externalUrls: values.externalUrls
      .split('\n')
      .map((url) => url.trim())
      .filter(Boolean),
  };
}
