import { ATTACHMENT_HISTORY_FIELD } from '../entities/attachment';
import type { TItemHistoryEntry } from '../entities/item';

/** The history field of an item's creation; `after` is the title it was created with. */
export const CREATED_HISTORY_FIELD = 'created';

/** The history field of a link to (after) or from (before) another item, as `#id title`. */
export const RELATED_HISTORY_FIELD = 'relatedItems';

/** The history field of an edited (before → after) or deleted (before only) note (issue 27). */
export const NOTE_HISTORY_FIELD = 'note';

/** The history field of the description, whose values are HTML and never shown as text. */
export const DESCRIPTION_HISTORY_FIELD = 'description';

// The words people see for the other fields the server's update-item records; the server's
// items test checks that every field it records is one of DESCRIBED_HISTORY_FIELDS.
const FIELD_LABELS: Readonly<Record<string, string>> = {
  itemType: 'Type',
  itemStatus: 'Status',
  title: 'Title',
  tags: 'Tags',
  assignee: 'Assignee',
  release: 'Release',
  externalUrls: 'Links',
};

/** The fields of an item's history that {@link describeHistoryEntry} has words for. */
export const DESCRIBED_HISTORY_FIELDS: readonly string[] = [
  CREATED_HISTORY_FIELD,
  RELATED_HISTORY_FIELD,
  DESCRIPTION_HISTORY_FIELD,
  ATTACHMENT_HISTORY_FIELD,
  NOTE_HISTORY_FIELD,
  ...Object.keys(FIELD_LABELS),
];

/**
 * One entry of an item's history as a sentence (issue 25: it read `created: set to "…"` and
 * `itemStatus: …`): "Created this item as “…”", "Status: “New” → “Done”", "Attached “a.png”".
 */
export function describeHistoryEntry(
  entry: Pick<TItemHistoryEntry, 'field' | 'before' | 'after'>,
): string {
  const { field, before, after } = entry;
  const quote = (value: string | null) => `“${(value ?? '').replace(/\n/g, ', ')}”`;
  switch (field) {
    case CREATED_HISTORY_FIELD:
      return `Created this item as ${quote(after)}`;
    case ATTACHMENT_HISTORY_FIELD:
      return after !== null ? `Attached ${quote(after)}` : `Removed attachment ${quote(before)}`;
    case RELATED_HISTORY_FIELD:
      return after !== null ? `Linked to ${quote(after)}` : `Unlinked from ${quote(before)}`;
    case NOTE_HISTORY_FIELD:
      return after !== null
        ? `Edited a note (was ${quote(before)})`
        : `Deleted a note ${quote(before)}`;
    case DESCRIPTION_HISTORY_FIELD:
      if (!before) return 'Added a description';
      return after ? 'Changed the description' : 'Removed the description';
  }
  const label = FIELD_LABELS[field] ?? field;
  if (!before && after) return `${label} set to ${quote(after)}`;
  if (!after) return `${label} cleared (was ${quote(before)})`;
  return `${label}: ${quote(before)} → ${quote(after)}`;
}
