import type { IntegrationsDeps } from './integrations-deps';
import { deliverDueWebhooks } from './deliver-due-webhooks';

/** Runs delivery passes on this copy: one at a time, another right after when woken meanwhile. */
export type WebhookDispatcher = {
  /** Asks for a pass now (a new event, a redelivery, the minute's job). */
  wake(): void;
  /** Resolves when no pass is running or asked for (tests, shutdown). */
  idle(): Promise<void>;
};

/**
 * A {@link WebhookDispatcher}: passes never overlap on one copy; a failing pass is logged and
 * the next wake or the minute's job tries again (the deliveries are safe in their table).
 */
export function createWebhookDispatcher(
  deps: IntegrationsDeps,
  logger: { warn(details: Record<string, unknown>, message: string): void },
): WebhookDispatcher {
  let running: Promise<void> | null = null;
  let isAsked = false;
  const run = async () => {
    while (isAsked) {
      isAsked = false;
      try {
        await deliverDueWebhooks(deps);
      } catch (error) {
        logger.warn({ err: error }, 'webhook delivery pass failed');
      }
    }
  };
  const wake = () => {
    isAsked = true;
    running ??= run().finally(() => {
      running = null;
      // A wake that came after the loop's last check but before this line.
      if (isAsked) wake();
    });
  };
  return {
    wake,
    async idle() {
      while (running) await running;
    },
  };
}
