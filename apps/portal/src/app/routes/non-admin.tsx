import { AdminAccessOnly } from '../../features/auth/components/admin-access-only';
import { usePageMeta } from '../../hooks/use-page-meta';
import { MinimalLayout } from '../layouts/minimal-layout';

/** Route module of /non-admin (spec §2, §6). */
export function Component() {
  usePageMeta('Admin Access Only', 'The Waymark portal is for organization administrators.');
  return (
    <MinimalLayout>
      <AdminAccessOnly />
    </MinimalLayout>
  );
}
