import { Anchor, Stack, Text, Title } from '@mantine/core';
import { ADMIN_ACCESS_LEVEL_ID, TOKEN_SCOPES } from '@waymark/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useOrganizations } from '../../../lib/organizations';
import { PersonalTokenSection } from './personal-token-section';

/** The scopes of a member who administers no organization: `admin` would grant nothing. */
const MEMBER_SCOPES = TOKEN_SCOPES.filter((scope) => scope !== 'admin');

/**
 * Issue 29: every signed-in user's own personal access tokens, outside the admin area, so a
 * member who is no administrator can give a script, CI or a coding assistant their access. The
 * extension's menu opens it. An administrator is also pointed to the organization's API keys.
 */
export function MyApiTokensScreen() {
  const organizations = useOrganizations();
  const isAdmin = (organizations.data ?? []).some(
    (org) => org.orgAccessLevelId === ADMIN_ACCESS_LEVEL_ID,
  );
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap="xs">
        <Title order={1}>Your API tokens</Title>
        <Text>
          Scripts, CI and coding assistants use a token to read and write the items you can, through
          the Waymark API and its MCP server. Each token has its own scopes and expiry, and you can
          revoke it at any time.
        </Text>
        {isAdmin && (
          <Text size="sm">
            Keys for a service, bound to chosen projects, are under{' '}
            <Anchor component={Link} to={paths.app.apiTokens.getHref()}>
              Organization API keys in the admin portal
            </Anchor>
            .
          </Text>
        )}
      </Stack>
      <PersonalTokenSection scopeChoices={isAdmin ? TOKEN_SCOPES : MEMBER_SCOPES} />
    </Stack>
  );
}
