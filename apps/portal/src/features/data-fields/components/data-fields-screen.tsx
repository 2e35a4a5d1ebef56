import { SimpleGrid } from '@mantine/core';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { OrgFieldPanel } from './org-field-panel';
import { ReleasePanel } from './release-panel';

/**
 * spec §2 Data Fields screen: Status, Item Type and Release panels side by side, stacked below
 * 768px (Mantine's `sm` breakpoint is the spec's 768px, see app/theme.ts).
 */
export function DataFieldsScreen() {
  return (
    <AdminPage title="Data Fields">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <OrgFieldPanel kind="status" />
        <OrgFieldPanel kind="itemType" />
        <ReleasePanel />
      </SimpleGrid>
    </AdminPage>
  );
}
