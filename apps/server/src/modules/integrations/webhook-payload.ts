import type { TWebhookEvent } from '@waymark/core';

/** Someone named in a payload. */
type Person = { id: number; name: string };

/**
 * The JSON body of an event (Standard Webhooks' `{ type, timestamp, data }`), as the triggers of
 * migration 0019 snapshot it in the transaction of the change. docs/integrations.md has an example.
 */
export type WebhookPayload = {
  type: TWebhookEvent;
  /** When the change was made (ISO 8601, UTC). */
  timestamp: string;
  data: {
    organizationId: number;
    item: {
      id: number;
      title: string;
      type: string | null;
      status: string | null;
      project: { id: number; name: string } | null;
      path: string | null;
      /** The page on the project's first site. */
      pageUrl: string | null;
      assignee: Person | null;
      createdAt: string;
    };
    /** Who made the change; `null` when unknown (a user since removed). */
    actor: Person | null;
    /** `item.status_changed`: the status names before and after. */
    change?: { from: string | null; to: string | null };
    /** `note.added`. */
    note?: { id: number; text: string };
    /** `attachment.added`. */
    attachment?: { id: number; fileName: string; contentType: string; sizeBytes: number };
  };
};
