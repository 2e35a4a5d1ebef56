import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the same on every attempt, for the
 * receiver's de-duplication), `webhook-timestamp` and `webhook-signature` — one `v1,` signature
 * per secret given (the current one, and the previous one during a rotation's grace day).
 *
 * The timestamp is the wall clock's, not the app's clock: receivers compare it to their own
 * time (the library refuses more than five minutes apart).
 */
export function signPayload(input: {
  messageId: string;
  body: string;
  secrets: string[];
  at?: Date;
}): Record<string, string> {
  const at = input.at ?? new Date();
  const signatures = input.secrets.map((secret) =>
    new Webhook(secret).sign(input.messageId, at, input.body),
  );
  return {
    'webhook-id': input.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
