import { Button, Group, Text } from '@mantine/core';
import type { SessionInfo } from '../../messaging/protocol';
import { useSignInOut } from './use-session';

/** The signed-in user's name and the Sign out button. */
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
        Sign out
      </Button>
    </Group>
  );
}
