import '../../styles/full-styles';
import { NotificationPreferencesScreen } from '../../features/notification-preferences';
import { usePageMeta } from '../../hooks/use-page-meta';
import { RequireSignIn } from '../guards';
import { MinimalLayout } from '../layouts/minimal-layout';

/**
 * Route module of /notifications (issue 27): any signed-in user's notification preferences,
 * outside the admin area so members reach it from the link in every notification mail.
 */
export function Component() {
  usePageMeta('Notification preferences', 'Choose what Waymark tells you about, and how.');
  return (
    <RequireSignIn>
      <MinimalLayout>
        <NotificationPreferencesScreen />
      </MinimalLayout>
    </RequireSignIn>
  );
}
