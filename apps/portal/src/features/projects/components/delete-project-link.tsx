import { Alert, Button, Text } from '@mantine/core';
import { routes, type TProject } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { apiClient } from '../../../lib/api-client';
import { readOrgId } from '../../../lib/org-storage';
import { queryKeys } from '../../../lib/query-keys';
import { SELECT_PROJECT_FIRST_MESSAGE } from '../project-messages';

/** Props of {@link DeleteProjectLink}. */
export type DeleteProjectLinkProps = {
  /** The selected project, or null. */
  project: TProject | null;
  /** Called after the project was deleted. */
  onDeleted: () => void;
};

/**
 * spec §2 Delete Project link with its confirmation. spec §5: without a selection it only shows
 * the alert "Please select a project first."; spec §8: a failed delete is only logged.
 */
export function DeleteProjectLink({ project, onDeleted }: DeleteProjectLinkProps) {
  const orgId = readOrgId();
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isAlerting, setIsAlerting] = useState(false);
  const remove = useMutation({
    mutationFn: (projectId: number) =>
      apiClient.call(routes.deleteProject, { params: { projectId } }),
    onSuccess: async (text) => {
      setIsConfirming(false);
      if (text) showBanner(text);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(orgId) });
    },
    onError: (error) => {
      console.error('Delete Project failed', error);
      setIsConfirming(false);
    },
  });
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        w="fit-content"
        onClick={() => (project ? setIsConfirming(true) : setIsAlerting(true))}
      >
        Delete Project
      </Button>
      {isAlerting && !project && (
        <Alert
          color="orange"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setIsAlerting(false)}
        >
          {SELECT_PROJECT_FIRST_MESSAGE}
        </Alert>
      )}
      <ConfirmDialog
        opened={isConfirming && project !== null}
        title="Delete Project"
        confirmLabel="Delete Project"
        isWorking={remove.isPending}
        onConfirm={() => {
          if (project) remove.mutate(project.projectId);
        }}
        onClose={() => setIsConfirming(false)}
      >
        <Text>
          Delete the project “{project?.projectName}” with its domains, URL paths, releases and
          every item recorded in it? This cannot be undone.
        </Text>
      </ConfirmDialog>
    </>
  );
}
