import type { AuthTestContext } from '../support/auth-test-app';
import { resolveIntegrationsKey } from '../../src/modules/integrations/integrations-key';
import { reconcileTrackers } from '../../src/modules/integrations/trackers/reconcile-trackers';
import { createTrackerRegistry } from '../../src/modules/integrations/trackers/tracker-registry';
import { createSecretBox } from '../../src/modules/integrations/secret-box';

/** The reconciliation job's function, as the cron runs it, on the vendors' stand-in addresses. */
export async function reconcileNow(
  t: AuthTestContext,
  apis: { githubApiUrl?: string; linearApiUrl?: string },
) {
  const key = await resolveIntegrationsKey(t.config.integrations.key, t.config.dataDir, {
    warn: () => {},
  });
  return reconcileTrackers(
    {
      db: t.db,
      clock: t.clock,
      box: createSecretBox(key),
      publicUrl: t.config.publicUrl,
      allowPrivateAddresses: true,
      registry: createTrackerRegistry({
        githubApiUrl: apis.githubApiUrl ?? 'http://127.0.0.1:9',
        linearApiUrl: apis.linearApiUrl ?? 'http://127.0.0.1:9/graphql',
        allowPrivateAddresses: true,
        jiraRequestTimeoutMs: t.config.integrations.jiraRequestTimeoutMs,
      }),
    },
    { warn: () => {} },
  );
}
