import { Button, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useChromeApi } from '../../../ui/index';
import { ErrorAlert } from '../../shared/error-alert';
import { useCallApi } from '../../shared/use-call-api';
import { requestSiteAccess } from '../../shared/site-access/request-site-access';
import { queryKeys } from '../../shared/data/query-keys';

/** For admins: "Add this site to a project" — another environment of an existing project. */
export function AddSiteForm({
  orgId,
  pageUrl,
  onAdded,
}: {
  orgId: number;
  pageUrl: string;
  onAdded: () => void;
}) {
  const api = useChromeApi();
  const callApi = useCallApi();
  const origin = new URL(pageUrl).origin;
  const projects = useQuery({
    queryKey: queryKeys.projects(orgId),
    queryFn: () => callApi('getAllProjects', { params: { orgId } }),
  });
  const [projectId, setProjectId] = useState('');
  const add = useMutation({
    mutationFn: () =>
      callApi('saveAssociatedSite', { body: { projectId: Number(projectId), baseUrl: origin } }),
    onSuccess: onAdded,
  });
  if (projects.isPending) return <Loader size="xs" aria-label="Loading projects" />;
  if (projects.isError) return <ErrorAlert error={projects.error} title="Cannot list projects" />;
  if (projects.data.length === 0) return null;
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Add this site to a project"
      onSubmit={(event) => {
        event.preventDefault();
        void requestSiteAccess(api, pageUrl);
        add.mutate();
      }}
    >
      <Text size="sm">Or add {origin} to an existing project, as another environment of it:</Text>
      <NativeSelect
        size="xs"
        label="Project"
        value={projectId}
        onChange={(event) => setProjectId(event.currentTarget.value)}
        data={[
          { value: '', label: 'Choose a project' },
          ...projects.data.map((project) => ({
            value: String(project.projectId),
            label: `${project.projectName} (${project.baseUrl})`,
          })),
        ]}
      />
      {add.isError && <ErrorAlert error={add.error} title="The site was not added" />}
      <Button type="submit" size="xs" variant="light" disabled={!projectId} loading={add.isPending}>
        Add this site to the project
      </Button>
    </Stack>
  );
}
