import sanitizeHtml from 'sanitize-html';

// Issue 4: item descriptions are rich text shown in every member's extension, so only this
// allow-list survives; scripts, styles, event handlers and non-http(s)/mailto links never do.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    // A Bug's recorded time: words for people, the ISO instant for machines (issue 25).
    'time',
  ],
  allowedAttributes: { a: ['href', 'rel'], time: ['datetime'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

/** Makes an item description safe to render: the allow-listed tags and links only. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
