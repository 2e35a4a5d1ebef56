import { ITEM_NOTE_MAX_LENGTH, ZItemDescription, ZItemTitle, ZText } from '@waymark/core';
import { z } from 'zod';

/** A database id given to a tool. */
export const ZToolId = z.number().int().positive().max(2_147_483_647);
/** A page URL given to a tool. */
export const ZToolUrl = z.string().min(1).max(4_000);
/** An item's title, as the API validates it. */
export const ZToolTitle = ZItemTitle;
/** Plain text for a description (escaped into HTML, then sanitised like the API's). */
export const ZToolDescription = ZItemDescription;
/** A note's text, as the API validates it. */
export const ZToolNote = ZText.trim().min(1).max(ITEM_NOTE_MAX_LENGTH);
/** A status or type, by name (case-insensitive) as the organization calls it. */
export const ZToolFieldName = ZText.trim().min(1).max(200);

/** Plain text as HTML paragraphs, every character escaped. */
export function plainTextToHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return escaped
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
