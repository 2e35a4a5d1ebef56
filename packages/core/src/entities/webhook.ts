import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';

/** The events an outgoing webhook can subscribe to (issue 30, docs/integrations.md "Events"). */
export const WEBHOOK_EVENTS = [
  'item.created',
  'item.updated',
  'item.status_changed',
  'item.deleted',
  'note.added',
  'attachment.added',
] as const;

/** One event type of {@link WEBHOOK_EVENTS}. */
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What an endpoint receives: signed JSON (Standard Webhooks) or a Slack Block Kit message. */
export const WEBHOOK_KINDS = ['webhook', 'slack'] as const;

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** The refusal of an endpoint URL that is not an absolute http(s) URL without credentials. */
export const WEBHOOK_URL_INVALID =
  'The endpoint URL must be an absolute http:// or https:// URL without a user name or password.';

/** The refusal of an endpoint URL that points into a private network (docs/integrations.md). */
export const WEBHOOK_URL_PRIVATE =
  'The endpoint URL points to a loopback, link-local or private address, which this server does not deliver to.';

/** The refusal of a Slack endpoint whose URL is not an https URL. */
export const SLACK_URL_INVALID = 'A Slack incoming webhook URL must be an https:// URL.';

/** The refusal of a rotation made with an outdated secret version (another rotation won). */
export const WEBHOOK_SECRET_ROTATED =
  'The secret was already rotated; reload the endpoint to see its current version.';

/** An endpoint the caller's organization does not have. */
export const WEBHOOK_ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';

const ZEndpointUrl = ZText.trim()
  .min(1, { error: 'Enter the endpoint URL.' })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: `At most ${WEBHOOK_URL_MAX_LENGTH} characters.` });

/** What an admin sets on an endpoint (create and update). */
export const ZWebhookEndpointInput = z.strictObject({
  url: ZEndpointUrl,
  kind: z.enum(WEBHOOK_KINDS),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, { error: 'Choose at least one event.' })
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, {
      error: 'Each event at most once.',
    }),
  /** Only items of this project; `null`: every project of the organization. */
  projectId: ZId.nullable(),
  description: ZText.trim().max(200, { error: 'At most 200 characters.' }).default(''),
});

/** Input of {@link ZWebhookEndpointInput}. */
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

/** An endpoint as the portal lists it; its secret is never part of it. */
export const ZWebhookEndpoint = z.object({
  endpointId: ZId,
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  projectId: ZId.nullable(),
  description: z.string(),
  isEnabled: z.boolean(),
  /** Why it was disabled (a day of failed deliveries), when it was. */
  disabledReason: z.string().nullable(),
  /** Increases with each rotation; a rotation names the version it replaces. */
  secretVersion: z.number().int(),
  createdAt: ZTimestamp,
});

/** An endpoint. */
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer of a creation or rotation: the only time the signing secret is shown. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  /** `whsec_…` (Standard Webhooks); empty for Slack endpoints, which Slack does not verify. */
  secret: z.string(),
});

/** One event for one endpoint and how its delivery went. */
export const ZWebhookDelivery = z.object({
  deliveryId: ZId,
  /** The `webhook-id` header: the same on every attempt, for the receiver's de-duplication. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  itemId: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: ZTimestamp,
  lastAttemptAt: ZTimestamp.nullable(),
  nextAttemptAt: ZTimestamp.nullable(),
  /** The receiver's HTTP status of the last attempt; `null` when it did not answer. */
  responseStatus: z.number().int().nullable(),
  /** The first 1 000 characters of the receiver's answer, or why there was none. */
  responseExcerpt: z.string().nullable(),
});

/** A delivery of the log. */
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
