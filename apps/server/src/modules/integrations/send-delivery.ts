import type { DeliveryRow } from './delivery-view';
import type { EndpointRow } from './endpoint-view';
import type { IntegrationsDeps } from './integrations-deps';
import { DeliveryRefusedError, safePost, type PostAnswer } from './safe-post';
import { signPayload } from './sign-payload';
import { toSlackMessage } from './slack-message';
import type { WebhookPayload } from './webhook-payload';

/** How one attempt went, and what follows from it. */
export type AttemptOutcome = {
  /** `delivered`; `retry` on the schedule; `give-up` now (a payload the receiver will never take);
   *  `disable` the endpoint now (Slack says the webhook is gone). */
  verdict: 'delivered' | 'retry' | 'give-up' | 'disable';
  /** The receiver's HTTP status; `null` when it did not answer. */
  responseStatus: number | null;
  /** The start of its answer, or why there was none. */
  excerpt: string;
  retryAfterSeconds?: number;
};

const EXCERPT_CHARS = 1000;
const USER_AGENT = 'Waymark-Webhooks/1.0';

/**
 * Makes one attempt of a delivery: a signed Standard Webhooks POST, or a Block Kit message for
 * a Slack incoming webhook, through {@link safePost}. Never throws: every failure is an outcome.
 */
export async function sendDelivery(
  deps: Pick<IntegrationsDeps, 'box' | 'clock' | 'allowPrivateAddresses' | 'resolve'>,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
): Promise<AttemptOutcome> {
  const payload = delivery.payload as WebhookPayload;
  let answer: PostAnswer;
  try {
    const { body, headers } =
      endpoint.kind === 'slack'
        ? { body: JSON.stringify(toSlackMessage(payload)), headers: {} }
        : signedRequest(deps, endpoint, delivery);
    answer = await safePost(
      endpoint.url,
      body,
      { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
      { allowPrivateAddresses: deps.allowPrivateAddresses, resolve: deps.resolve },
    );
  } catch (error) {
    const reason =
      error instanceof DeliveryRefusedError ? error.message : `No answer: ${describe(error)}`;
    return { verdict: 'retry', responseStatus: null, excerpt: reason };
  }
  const excerpt = answer.body.slice(0, EXCERPT_CHARS);
  const base = {
    responseStatus: answer.status,
    excerpt,
    retryAfterSeconds: answer.retryAfterSeconds,
  };
  if (answer.status >= 200 && answer.status < 300) return { ...base, verdict: 'delivered' };
  if (endpoint.kind === 'slack') return { ...base, verdict: slackVerdict(answer.status) };
  return { ...base, verdict: answer.status === 410 ? 'disable' : 'retry' };
}

// Slack's incoming-webhook errors (api.slack.com/messaging/webhooks#handling_errors): 400
// invalid_payload/no_text is this message's fault; 403 (action_prohibited, invalid_token), 404
// (no_service, channel_not_found) and 410 (channel_is_archived) mean the webhook is gone.
function slackVerdict(status: number): AttemptOutcome['verdict'] {
  if (status === 400) return 'give-up';
  if (status === 403 || status === 404 || status === 410) return 'disable';
  return 'retry';
}

function signedRequest(
  deps: Pick<IntegrationsDeps, 'box' | 'clock'>,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(delivery.payload);
  const secrets = [deps.box.open(endpoint.secretCiphertext)];
  if (
    endpoint.previousSecretCiphertext &&
    endpoint.previousSecretUntil &&
    endpoint.previousSecretUntil > deps.clock.now()
  )
    secrets.push(deps.box.open(endpoint.previousSecretCiphertext));
  return { body, headers: signPayload({ messageId: delivery.messageId, body, secrets }) };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    return code ? `${code}` : error.message;
  }
  return String(error);
}
