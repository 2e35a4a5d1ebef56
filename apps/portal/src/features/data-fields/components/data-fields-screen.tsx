import { SimpleGrid } from '@mantine/core';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';

/** spec §2 Data Fields screen: Status, Item Type and Release panels side by side. */
export function DataFieldsScreen() {
  return (
    <AdminPage title="Data Fields">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Panel title="Status" />
        <Panel title="Item Type" />
        <Panel title="Release" />
      </SimpleGrid>
    </AdminPage>
  );
}
