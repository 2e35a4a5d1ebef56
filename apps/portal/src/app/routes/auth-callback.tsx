import '../../styles/full-styles';
import { AuthCallback } from '../../features/auth';
import { usePageMeta } from '../../hooks/use-page-meta';
import { MinimalLayout } from '../layouts/minimal-layout';

/** Route module of /auth/callback, where the identity provider returns after sign-in (spec §2). */
export function Component() {
  usePageMeta('Signing in', 'Completing sign-in to the Waymark portal.');
  return (
    <MinimalLayout>
      <AuthCallback />
    </MinimalLayout>
  );
}
