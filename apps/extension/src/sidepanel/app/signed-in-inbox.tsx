import { InboxButton } from '../features/inbox/index';
import { useSessionQuery } from '../features/session/index';

/** The header's inbox, shown once someone is signed in (issue 27). */
export function SignedInInbox() {
  const session = useSessionQuery();
  return session.data?.signedIn ? <InboxButton /> : null;
}
