import { Button, Group, Text } from '@mantine/core';
import { ACTION_LABELS } from '@waymark/core';
import type { SessionInfo } from '../../../messaging/index';
import { useSignInOut } from './use-session';

/** The signed-in user's name and the Logout button. */
export function AccountMenu({ session }: { session: Extract<SessionInfo, { signedIn: true }> }) {
  const { signOut } = useSignInOut();
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed" truncate title={session.email} data-testid="signed-in-user">
        {session.name || session.email}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => signOut.mutate()}
        loading={signOut.isPending}
      >
        {ACTION_LABELS.logout}
      </Button>
    </Group>
  );
}
