import { UsersScreen } from '../../../features/users';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/users. */
export function Component() {
  usePageMeta('Users', 'Invite people to your organization and manage their project access.');
  return <UsersScreen />;
}
