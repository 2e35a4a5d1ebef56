import { and, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { ClaimedDelivery } from './claim-delivery';
import type { IntegrationsDeps } from './integrations-deps';
import { notifyEndpointDisabled } from './notify-endpoint-disabled';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule';
import type { AttemptOutcome } from './send-delivery';

/**
 * Records an attempt's outcome on its delivery and endpoint in one transaction, if this copy
 * still holds the claim (a copy that outlived its claim records nothing). A failure schedules
 * the next attempt; an endpoint failing for a day without a success — or one Slack says is gone —
 * is disabled and its organization's admins are told.
 */
export async function recordAttempt(
  deps: Pick<IntegrationsDeps, 'db' | 'clock' | 'mailer' | 'publicUrl'>,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, claimed.endpoint.id))
      .for('update');
    const failures = outcome.verdict === 'delivered' ? 0 : claimed.delivery.failures + 1;
    const retryAt =
      outcome.verdict === 'retry' ? nextAttemptAt(now, failures, outcome.retryAfterSeconds) : null;
    const status =
      outcome.verdict === 'delivered'
        ? 'delivered'
        : outcome.verdict === 'retry' && retryAt
          ? 'pending'
          : outcome.verdict === 'disable'
            ? 'pending'
            : 'failed';
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: claimed.delivery.attempts + 1,
        failures,
        lastAttemptAt: now,
        nextAttemptAt: retryAt,
        responseStatus: outcome.responseStatus,
        responseExcerpt: outcome.excerpt,
        claimToken: null,
        claimedUntil: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, claimed.delivery.id),
          eq(webhookDeliveries.claimToken, claimed.token),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0 || !endpoint) return;
    if (outcome.verdict === 'delivered') {
      if (endpoint.failingSince)
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const failingSince = endpoint.failingSince ?? now;
    const reason = disableReason(outcome, failingSince, now);
    await tx
      .update(webhookEndpoints)
      .set(
        reason && endpoint.isEnabled
          ? { failingSince, isEnabled: false, disabledReason: reason }
          : { failingSince },
      )
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (reason && endpoint.isEnabled)
      await notifyEndpointDisabled(tx, deps, { orgId: endpoint.orgId, url: endpoint.url, reason });
  });
}

function disableReason(outcome: AttemptOutcome, failingSince: Date, now: Date): string | null {
  if (outcome.verdict === 'disable')
    return `The receiver answered ${outcome.responseStatus ?? '—'} (${outcome.excerpt.slice(0, 100) || 'no reason given'}): the webhook no longer exists.`;
  if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS)
    return `Every delivery failed for a day (since ${failingSince.toISOString()}); the last answer was ${outcome.responseStatus ?? 'none'}: ${outcome.excerpt.slice(0, 200)}`;
  return null;
}
