import { SimpleGrid, Stack } from '@mantine/core';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';

/**
 * spec §2 Project screen: left column project name and associated domains, right column URL
 * paths, and the table of all projects below.
 */
export function ProjectsScreen() {
  return (
    <AdminPage title="Projects">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="lg">
          <Panel title="Edit Project Name" />
          <Panel title="Associated Domains" />
        </Stack>
        <Panel title="URL Paths" />
      </SimpleGrid>
      <Panel title="All Projects" />
    </AdminPage>
  );
}
