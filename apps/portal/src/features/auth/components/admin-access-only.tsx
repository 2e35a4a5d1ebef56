import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAuthActions } from '../use-auth-actions';
import { ACTION_LABELS } from '@waymark/core';

/** Props of {@link AdminAccessOnly}. */
export type AdminAccessOnlyProps = {
  /** Opens the Create Organization dialog (spec §2). */
  onCreateOrganization: () => void;
};

/** spec §2 Non-admin screen: explains the portal is for administrators; Logout or Create Organization. */
export function AdminAccessOnly({ onCreateOrganization }: AdminAccessOnlyProps) {
  const { logOut } = useAuthActions();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Admin Access Only</Title>
      <Text>
        This site is for administrators to manage the organization&apos;s subscription, add users
        and customise the drop-down fields used in the Waymark extension.
      </Text>
      <Text>
        Your account is not an administrator of any organization. To get administrator access,
        please contact your site administrator. You can keep using the extension with the access you
        already have, or create an organization of your own.
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={logOut}>
          {ACTION_LABELS.logout}
        </Button>
        <Button onClick={onCreateOrganization}>Create Organization</Button>
      </Group>
    </Stack>
  );
}
