import sanitizeHtml from 'sanitize-html';

// The portal renders notificationDescription as HTML (spec §3), so only inline formatting,
// lists and http(s)/mailto links survive; scripts, styles and event handlers never do.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** Makes notification HTML safe to render in the portal. */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
