import '../../../styles/full-styles';
import { RequireAdmin } from '../../guards';
import { AdminLayout } from '../../layouts/admin-layout';

/** Route module of /app: the admin layout behind the admin guard. */
export function Component() {
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}
