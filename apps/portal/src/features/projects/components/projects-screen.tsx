import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';
import { ProjectSelect } from '../../../components/project-select/project-select';
import { useOrgPlan } from '../../../lib/org-plan';
import { orgProjectsQuery } from '../../../lib/org-projects';
import { readOrgId } from '../../../lib/org-storage';
import { describePlanUsage } from '../plan-usage';
import { useNoProjectsDialog } from '../use-no-projects-dialog';
import { AssociatedDomainsPanel } from './associated-domains-panel';
import { CreateProjectDialog } from './create-project-dialog';
import { DeleteProjectLink } from './delete-project-link';
import { NoProjectsDialog } from './no-projects-dialog';
import { ProjectNameForm } from './project-name-form';
import { ProjectsTable } from './projects-table';
import { UrlPathsPanel } from './url-paths-panel';

/**
 * spec §2 Project screen: left column the project picker, its name and associated domains;
 * right column its URL paths; below, the table of all projects. One column below 768px, where
 * the Delete Project link moves under URL Paths.
 */
export function ProjectsScreen() {
  const orgId = readOrgId();
  const plan = useOrgPlan();
  const projects = useQuery(orgProjectsQuery(orgId));
  const list = projects.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const noProjects = useNoProjectsDialog(projects.isSuccess && list.length === 0);
  const project = list.find((candidate) => candidate.projectId === selectedId) ?? null;
  const usage = describePlanUsage(plan, list.length, plan?.maxProjects, 'project');
  const deleteLink = <DeleteProjectLink project={project} onDeleted={() => setSelectedId(null)} />;
  // spec §4: a new project starts on page 1 with no URL selected: the panels remount per project.
  const panelKey = project?.projectId ?? 'none';
  return (
    <AdminPage title="Project">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="lg">
          <Panel title="Selected Project">
            <Stack gap="sm">
              <ProjectSelect
                label="Select project"
                placeholder="Select project"
                projects={list}
                value={project?.projectId ?? null}
                onChange={setSelectedId}
              />
              <ProjectNameForm project={project} />
            </Stack>
          </Panel>
          <AssociatedDomainsPanel
            key={panelKey}
            project={project}
            plan={plan}
            footer={<Stack visibleFrom="sm">{deleteLink}</Stack>}
          />
        </Stack>
        <UrlPathsPanel
          key={panelKey}
          project={project}
          footer={<Stack hiddenFrom="sm">{deleteLink}</Stack>}
        />
      </SimpleGrid>
      <ProjectsTable
        projects={list}
        selectedId={project?.projectId ?? null}
        usageText={usage.text}
        isCreateDisabled={usage.isAtLimit}
        onSelect={setSelectedId}
        onCreate={() => setIsCreating(true)}
      />
      <NoProjectsDialog
        opened={noProjects.isOpen && !isCreating}
        onClose={noProjects.close}
        onCreate={() => {
          noProjects.close();
          setIsCreating(true);
        }}
      />
      <CreateProjectDialog
        opened={isCreating}
        plan={plan}
        projectCount={list.length}
        onClose={() => setIsCreating(false)}
        onCreated={(created) => setSelectedId(created.projectId)}
      />
    </AdminPage>
  );
}
