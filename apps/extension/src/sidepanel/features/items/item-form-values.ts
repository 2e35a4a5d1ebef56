import type { TItemDetail } from '@waymark/core';
import { descriptionHtmlOf } from './mention-text';
import type { ItemGates } from './plan-gates';

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
    // Mentions read as `@Full Name` while editing; saving turns them back into tokens.
    descriptionHtml: item ? descriptionHtmlOf(item.descriptionHtml, item.descriptionMentions) : '',
    tags: item?.tags.join(', ') ?? '',
    assigneeUserId: item?.assigneeUserId ? String(item.assigneeUserId) : '',
    releaseId: item?.releaseId ? String(item.releaseId) : '',
    externalUrls: item?.externalUrls.join('\n') ?? '',
  };
}

/**
 * The item fields the API takes, from the form's values. Fields the plan lacks are left out, so
 * an update keeps what the item has and a create starts without them (the server refuses adding
 * them with PLAN_LIMIT).
 */
export function toItemFields(values: ItemFormValues, gates: ItemGates) {
  const optionalId = (value: string) => (value ? Number(value) : null);
  const lines = (text: string, separator: string) =>
    text
      .split(separator)
      .map((part) => part.trim())
      .filter(Boolean);
  return {
    itemTypeId: Number(values.itemTypeId),
    itemStatusId: Number(values.itemStatusId),
    title: values.title,
    descriptionHtml: values.descriptionHtml,
    ...(gates.canTag && { tags: lines(values.tags, ',') }),
    assigneeUserId: optionalId(values.assigneeUserId),
    ...(gates.canSetRelease && { releaseId: optionalId(values.releaseId) }),
    ...(gates.canAddLinks && { externalUrls: lines(values.externalUrls, '\n') }),
  };
}
