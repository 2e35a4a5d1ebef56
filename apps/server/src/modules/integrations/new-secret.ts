import { randomBytes } from 'node:crypto';

/** A fresh Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
