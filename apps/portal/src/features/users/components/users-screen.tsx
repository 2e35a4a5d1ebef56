import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';

/** spec §2 Users screen: licence usage, then the searchable table of the organization's users. */
export function UsersScreen() {
  return (
    <AdminPage title="Users">
      <Panel title="License Usage" />
      <Panel title="Organization Users" />
    </AdminPage>
  );
}
