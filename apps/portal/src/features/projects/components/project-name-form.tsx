import { Button, Group, TextInput } from '@mantine/core';
import { routes, type TProject } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { readOrgId } from '../../../lib/org-storage';
import { queryKeys } from '../../../lib/query-keys';

/** Props of {@link ProjectNameForm}. */
export type ProjectNameFormProps = {
  /** The selected project, or null. */
  project: TProject | null;
};

/**
 * spec §2 Edit Project Name box with Save Changes. spec §5: nothing is sent without a selected
 * project and a non-empty name.
 */
export function ProjectNameForm({ project }: ProjectNameFormProps) {
  const orgId = readOrgId();
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  const [draft, setDraft] = useState<{ projectId: number; name: string } | null>(null);
  // The box shows the selected project's name until the admin types.
  const name =
    draft && draft.projectId === project?.projectId ? draft.name : (project?.projectName ?? '');
  const save = useMutation({
    mutationFn: (input: { projectId: number; projectName: string }) =>
      apiClient.call(routes.saveProject, { body: { ...input, orgId } }),
    onSuccess: async (text) => {
      showBanner(text);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(orgId) });
    },
    onError: (error) => showBanner(getErrorMessage(error), 'error'),
  });
  const projectName = name.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (project && projectName) save.mutate({ projectId: project.projectId, projectName });
      }}
    >
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          flex={1}
          label="Edit Project Name"
          value={name}
          disabled={!project}
          onChange={(event) =>
            project && setDraft({ projectId: project.projectId, name: event.currentTarget.value })
          }
        />
        <Button
          type="submit"
          disabled={!project || !projectName || projectName === project.projectName}
          loading={save.isPending}
        >
          Save Changes
        </Button>
      </Group>
    </form>
  );
}
