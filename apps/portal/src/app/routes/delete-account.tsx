import '../../styles/full-styles';
import { DeleteAccountScreen } from '../../features/delete-account';
import { usePageMeta } from '../../hooks/use-page-meta';
import { RequireSignIn } from '../guards';
import { MinimalLayout } from '../layouts/minimal-layout';

/**
 * Route module of /delete-account (issue 33): anyone deletes their own account, administrator or
 * not, behind a sign-in (not the admin) guard. The portal's and the extension's menus link here.
 */
export function Component() {
  usePageMeta('Delete your account', 'Delete your Waymark account.');
  return (
    <RequireSignIn>
      <MinimalLayout>
        <DeleteAccountScreen />
      </MinimalLayout>
    </RequireSignIn>
  );
}
