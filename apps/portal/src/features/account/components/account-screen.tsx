import { SimpleGrid } from '@mantine/core';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';

/** spec §2 Account screen: plan, licences, plan features, payment method, payment history. */
export function AccountScreen() {
  return (
    <AdminPage title="Account">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Panel title="Account Plan" />
        <Panel title="Licenses" />
      </SimpleGrid>
      <Panel title="Plan Features" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Panel title="Payment Method" />
        <Panel title="Payment History" />
      </SimpleGrid>
    </AdminPage>
  );
}
