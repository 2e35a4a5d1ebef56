/** Tags the editor's browser commands produce, renamed to those the server's allow-list keeps. */
const RENAMES: Record<string, string> = { b: 'strong', i: 'em', div: 'p' };

/**
 * Turns the editor's HTML into what the server keeps: Chrome's bold and italic commands write
 * `<b>` and `<i>`, and Enter writes `<div>`, which the server's allow-list would drop. An empty
 * editor becomes ''. The server sanitises anyway; this only keeps the user's formatting.
 */
export function toAllowedHtml(html: string): string {
  const renamed = html.replace(
    /<(\/?)(b|i|div)(\s[^>]*)?>/gi,
    (_match, slash: string, tag: string) => `<${slash}${RENAMES[tag.toLowerCase()] ?? tag}>`,
  );
  const text = renamed
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text ? renamed : '';
}
