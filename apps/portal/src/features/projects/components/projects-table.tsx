import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { PROJECTS_PAGE_SIZE, type TProject } from '@waymark/core';
import { useState } from 'react';
import { Pager } from '../../../components/pager/pager';
import { Panel } from '../../../components/panel/panel';
import { slicePage } from '../../../lib/paging';
import { filterProjects } from '../filter-projects';

/** Props of {@link ProjectsTable}. */
export type ProjectsTableProps = {
  projects: readonly TProject[];
  /** The selected project's id, highlighted. */
  selectedId: number | null;
  /** A plan-limit line for the Create project action, if any. */
  usageText: string | null;
  isCreateDisabled: boolean;
  onSelect: (projectId: number) => void;
  onCreate: () => void;
};

/**
 * spec §2: the searchable table of projects (Project Name, Base URL), 5 per page; spec §5: the
 * search matches the name or the base URL. Clicking a row selects that project in the editor.
 */
export function ProjectsTable(props: ProjectsTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const shown = slicePage(filterProjects(props.projects, search), page, PROJECTS_PAGE_SIZE);
  return (
    <Panel title="All Projects">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label="Search projects"
            placeholder="Project name or base URL"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Group gap="sm">
            {props.usageText && <Text size="sm">{props.usageText}</Text>}
            <Button onClick={props.onCreate} disabled={props.isCreateDisabled}>
              Create project
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={320}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project Name</Table.Th>
                <Table.Th>Base URL</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.rows.map((project) => (
                <Table.Tr
                  key={project.projectId}
                  aria-selected={project.projectId === props.selectedId}
                  bg={
                    project.projectId === props.selectedId
                      ? 'var(--mantine-primary-color-light)'
                      : undefined
                  }
                  style={{ cursor: 'pointer' }}
                  onClick={() => props.onSelect(project.projectId)}
                >
                  <Table.Td>
                    {/* A real button, so the row can be chosen by keyboard too. */}
                    <Button
                      variant="transparent"
                      px={0}
                      size="compact-sm"
                      onClick={() => props.onSelect(project.projectId)}
                    >
                      {project.projectName}
                    </Button>
                  </Table.Td>
                  <Table.Td>{project.baseUrl}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown.rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {search ? 'No project matches the search.' : 'No projects yet.'}
          </Text>
        )}
        <Pager
          rangeLabel={shown.rangeLabel}
          page={shown.page}
          pageCount={shown.pageCount}
          label="projects"
          onPageChange={setPage}
        />
      </Stack>
    </Panel>
  );
}
