import { Text } from '@mantine/core';
import { formatFeatureLimit, hasFeature, routes } from '@waymark/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { ProjectSelect } from '../../../components/project-select/project-select';
import { apiClient } from '../../../lib/api-client';
import type { EditableRow } from '../../../lib/editable-rows';
import { getErrorMessage } from '../../../lib/error-message';
import { useOrgPlan } from '../../../lib/org-plan';
import { orgProjectsQuery } from '../../../lib/org-projects';
import { readOrgId } from '../../../lib/org-storage';
import { useRowEditor } from '../../../lib/use-row-editor';
import { releasesQuery } from '../api/data-field-queries';
import { checkDataFieldName } from '../check-data-field-name';
import { useSaveFeedback } from '../use-save-feedback';
import { FieldPanelBody } from './field-panel-body';

/**
 * spec §2 Release panel: releases belong to a project, so a project is chosen first (spec §5:
 * Add New is disabled and nothing is saved without one).
 */
export function ReleasePanel() {
  const orgId = readOrgId();
  const plan = useOrgPlan();
  const { showBanner } = useBanner();
  const projects = useQuery(orgProjectsQuery(orgId));
  const [projectId, setProjectId] = useState<number | null>(null);
  const releases = useQuery(releasesQuery(projectId));
  const editor = useRowEditor({
    values: projectId === null ? [] : releases.data,
    checkText: checkDataFieldName,
    sendCreate: (releaseTitle) =>
      apiClient.call(routes.saveRelease, { body: { releaseTitle, projectId, orgId } }),
    sendUpdate: (ReleaseId, releaseTitle) =>
      apiClient.call(routes.saveRelease, { body: { releaseTitle, ReleaseId, orgId } }),
    reload: async () => (await releases.refetch()).data,
  });
  const showFeedback = useSaveFeedback();
  const [removing, setRemoving] = useState<EditableRow | null>(null);
  const remove = useMutation({
    mutationFn: (releaseId: number) =>
      apiClient.call(routes.deleteRelease, { params: { releaseId } }),
    onSuccess: async (text) => {
      showBanner(text);
      if (removing) editor.drop(removing.key);
      setRemoving(null);
      await releases.refetch();
    },
    onError: (error) => showBanner(getErrorMessage(error), 'error'),
  });
  // spec §9: release management is Basic and up.
  const canEdit = plan !== undefined && hasFeature(plan, 'releaseManagement');
  return (
    <>
      <FieldPanelBody
        title="Release"
        placeholder="Enter release name"
        editor={editor}
        canEdit={canEdit}
        notice={plan && !canEdit ? formatFeatureLimit(plan, 'releaseManagement') : null}
        isAddDisabled={projectId === null}
        emptyText={projectId === null ? 'Select a project to see its releases.' : 'No release yet.'}
        header={
          <ProjectSelect
            label="Project"
            placeholder="Select project to manage releases"
            projects={projects.data ?? []}
            value={projectId}
            onChange={(next) => {
              setProjectId(next);
              editor.reset();
            }}
          />
        }
        onRemove={(row) => (row.id === null ? editor.drop(row.key) : setRemoving(row))}
        onSave={() => {
          if (projectId !== null) void editor.save().then(showFeedback);
        }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Delete Release"
        confirmLabel="Delete"
        isWorking={remove.isPending}
        onConfirm={() => {
          if (removing?.id) remove.mutate(removing.id);
        }}
        onClose={() => setRemoving(null)}
      >
        <Text>
          Delete the release “{removing?.original}”? Items in it will then have no release.
        </Text>
      </ConfirmDialog>
    </>
  );
}
