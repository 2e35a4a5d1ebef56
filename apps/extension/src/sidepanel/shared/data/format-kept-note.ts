// Plain code without React: the panel's note and the entry's pre-paint (`prepaint/`) share it.

/** The marker of a page shown from the offline cache (issue 16): "offline — last updated {time}". */
export function formatOfflineNote(updatedAt: number, locale?: string): string {
  return `offline — last updated ${formatTime(updatedAt, locale)}`;
}

/** The marker of a kept page lookup still being revalidated: "last updated {time} — updating…". */
export function formatUpdatingNote(updatedAt: number, locale?: string): string {
  return `last updated ${formatTime(updatedAt, locale)} — updating…`;
}

function formatTime(updatedAt: number, locale?: string): string {
  return new Date(updatedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
