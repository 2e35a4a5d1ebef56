const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to put into HTML, as element content or a quoted attribute value: the five
 * characters HTML gives meaning to become entities. The one escaper of the server's pages and
 * mails and the extension's descriptions (issue 26: four copies drifted in what they escaped).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
