import '../../styles/full-styles';
import { Anchor, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AdminAccessOnly } from '../../features/auth';
import { TeammateNextSteps, useMemberOrg } from '../../features/extension-install';
import { LeaveOrganization, NewOrganizationModal } from '../../features/organizations';
import { usePageMeta } from '../../hooks/use-page-meta';
import { MinimalLayout } from '../layouts/minimal-layout';

/**
 * Route module of /non-admin (spec §2, §6): Admin Access Only, with Create Organization; a member
 * of an organization is also told what to do next in the extension (issue 25), where their own
 * API tokens are (issue 29), and may leave it (issue 33).
 */
export function Component() {
  usePageMeta('Admin Access Only', 'The Waymark portal is for organization administrators.');
  const [isCreating, creating] = useDisclosure(false);
  const navigate = useNavigate();
  const memberOrg = useMemberOrg();
  return (
    <MinimalLayout>
      <Stack gap="xl" maw={640}>
        <AdminAccessOnly onCreateOrganization={creating.open} />
        {memberOrg && <TeammateNextSteps orgName={memberOrg.orgName} />}
        {memberOrg && (
          <Text size="sm">
            Scripts, CI or a coding assistant working with your items need a token:{' '}
            <Anchor component={Link} to={paths.myApiTokens.getHref()}>
              Your API tokens
            </Anchor>
            .
          </Text>
        )}
        {memberOrg && <LeaveOrganization orgId={memberOrg.orgId} orgName={memberOrg.orgName} />}
      </Stack>
      <NewOrganizationModal
        opened={isCreating}
        title="Create Organization"
        secondaryAction={{ label: 'Cancel', onClick: creating.close }}
        onCreated={() => void navigate(paths.app.root.getHref())}
      />
    </MinimalLayout>
  );
}
