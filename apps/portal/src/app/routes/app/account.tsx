import { AccountScreen } from '../../../features/account';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/account. */
export function Component() {
  usePageMeta('Account', 'Your Waymark plan, licenses, payment method and payment history.');
  return <AccountScreen />;
}
