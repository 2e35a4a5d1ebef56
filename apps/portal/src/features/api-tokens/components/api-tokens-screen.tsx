import { routes } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { apiClient } from '../../../lib/api-client';
import { orgProjectsQuery } from '../../../lib/org-projects';
import { readOrgId } from '../../../lib/org-storage';
import { orgKeysQuery } from '../api/token-queries';
import { PersonalTokenSection } from './personal-token-section';
import { TokenSection } from './token-section';

/**
 * Issue 29: personal access tokens (acting as you) and the organization's API keys (bound to
 * projects), for scripts, CI and coding assistants (docs/api.md, docs/mcp.md).
 */
export function ApiTokensScreen() {
  const orgId = readOrgId();
  const keys = useQuery(orgKeysQuery(orgId));
  const projects = useQuery(orgProjectsQuery(orgId));
  return (
    <AdminPage title="API Tokens">
      <PersonalTokenSection />
      <TokenSection
        kind="key"
        title="Organization API keys"
        intro="An API key is for a service, such as CI: it may use only the projects chosen for it."
        tokens={keys.data ?? []}
        projects={projects.data ?? []}
        create={(values, idempotencyKey) =>
          apiClient.call(routes.createOrgApiKey, { body: { ...values, orgId, idempotencyKey } })
        }
        revoke={(token) =>
          apiClient.call(routes.revokeOrgApiKey, { body: { orgId, keyId: token.id } })
        }
        reload={() => keys.refetch()}
      />
    </AdminPage>
  );
}
