import '../../styles/full-styles';
import { YourDataScreen } from '../../features/data-export';
import { usePageMeta } from '../../hooks/use-page-meta';
import { RequireSignIn } from '../guards';
import { MinimalLayout } from '../layouts/minimal-layout';

/**
 * Route module of /your-data (issue 33): anyone exports their own data, administrator or not,
 * behind a sign-in (not the admin) guard. The portal's and the extension's menus and the export
 * mails link here.
 */
export function Component() {
  usePageMeta('Your data', 'Download a copy of your Waymark data.');
  return (
    <RequireSignIn>
      <MinimalLayout>
        <YourDataScreen />
      </MinimalLayout>
    </RequireSignIn>
  );
}
