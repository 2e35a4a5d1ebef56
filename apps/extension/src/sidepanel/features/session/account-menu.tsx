import { Button } from '@mantine/core';
import { ACTION_LABELS } from '@waymark/core';
import type { SessionInfo } from '../../../messaging/index';
import { useSignInOut } from './use-session';
import classes from '../../shared/plain-layout.module.css';

/** The signed-in user's name and the Logout button. */
export function AccountMenu({ session }: { session: Extract<SessionInfo, { signedIn: true }> }) {
  const { signOut } = useSignInOut();
  return (
    <div className={classes.spreadXs}>
      <p className={classes.dimmedLine} title={session.email} data-testid="signed-in-user">
        {session.name || session.email}
      </p>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => signOut.mutate()}
        loading={signOut.isPending}
      >
        {ACTION_LABELS.logout}
      </Button>
    </div>
  );
}
