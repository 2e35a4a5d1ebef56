import { IntegrationsScreen } from '../../../features/integrations';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/integrations (issue 30). */
export function Component() {
  usePageMeta(
    'Integrations',
    'Outgoing webhooks and Slack: send item changes to the tools your team works in.',
  );
  return <IntegrationsScreen />;
}
