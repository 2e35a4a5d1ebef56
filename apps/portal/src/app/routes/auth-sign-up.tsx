import '../../styles/full-styles';
import { InvitedSignUp } from '../../features/auth';
import { usePageMeta } from '../../hooks/use-page-meta';
import { MinimalLayout } from '../layouts/minimal-layout';

/** Route module of /auth/sign-up, the invitation e-mail's link (issue 12). */
export function Component() {
  usePageMeta('Sign up', 'Create your Waymark account to accept an invitation.');
  return (
    <MinimalLayout>
      <InvitedSignUp />
    </MinimalLayout>
  );
}
