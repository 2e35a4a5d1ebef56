import { Button, Group, Stack, Text } from '@mantine/core';
import { DOMAINS_PAGE_SIZE, routes, type Plan, type TProject } from '@waymark/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { Panel } from '../../../components/panel/panel';
import { apiClient } from '../../../lib/api-client';
import type { EditableRow } from '../../../lib/editable-rows';
import { readOrgId } from '../../../lib/org-storage';
import { queryKeys } from '../../../lib/query-keys';
import { useRowEditor, type RowSaveResult } from '../../../lib/use-row-editor';
import { sitesQuery } from '../api/project-queries';
import { describePlanUsage } from '../plan-usage';
import { DOMAINS_INFO, SAVED_FALLBACK_MESSAGE, SITES_NOT_SAVED_MESSAGE } from '../project-messages';
import { DeleteRowDialog } from './delete-row-dialog';
import { InfoButton } from '../../../components/info-button/info-button';
import { PagedRowList } from './paged-row-list';

/** Props of {@link AssociatedDomainsPanel}. */
export type AssociatedDomainsPanelProps = {
  /** The selected project, or null. */
  project: TProject | null;
  plan: Plan | undefined;
  /** Shown under the list (the Delete Project link on wide screens). */
  footer?: ReactNode;
};

/**
 * spec §2 Associated Domains: the selected project's sites, 3 per page, Add New, a remove icon
 * only on saved rows, Save Changes (spec §5: only new or edited rows that are not blank).
 */
export function AssociatedDomainsPanel({ project, plan, footer }: AssociatedDomainsPanelProps) {
  const projectId = project?.projectId ?? null;
  const orgId = readOrgId();
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  const sites = useQuery(sitesQuery(projectId));
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<EditableRow | null>(null);
  const editor = useRowEditor({
    values: sites.data,
    skipBlank: true,
    sendCreate: (baseUrl) =>
      apiClient.call(routes.saveAssociatedSite, { body: { projectId: projectId ?? 0, baseUrl } }),
    sendUpdate: (siteManagementId, baseUrl) =>
      apiClient.call(routes.saveAssociatedSite, {
        body: { projectId: projectId ?? 0, baseUrl, siteManagementId },
      }),
    reload: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(orgId) });
      return (await sites.refetch()).data;
    },
  });
  const usage = describePlanUsage(plan, editor.rows.length, plan?.maxSitesPerProject, 'domain');
  const showResult = (result: RowSaveResult | null) => {
    if (!result) return;
    // spec §8: any failure → the one message; success → the server's text or "Saved successfully".
    if (result.failures.length > 0) showBanner(SITES_NOT_SAVED_MESSAGE, 'error');
    else if (result.messages.length > 0)
      showBanner(result.messages.at(-1) || SAVED_FALLBACK_MESSAGE);
  };
  return (
    <Panel
      title="Associated Domains"
      headingAside={<InfoButton title="Associated Domains" text={DOMAINS_INFO} />}
    >
      <Stack gap="sm">
        {usage.text && (
          <Text size="sm" c={usage.isAtLimit ? 'orange.9' : 'dimmed'}>
            {usage.text}
          </Text>
        )}
        <PagedRowList
          rows={editor.rows}
          page={page}
          pageSize={DOMAINS_PAGE_SIZE}
          pageLabel="domains"
          onPageChange={setPage}
          placeholder="Enter account url"
          itemLabel="Domain"
          errors={editor.errors}
          canRemove={(row) => row.id !== null}
          emptyText={project ? 'No domain yet.' : 'Select a project to see its domains.'}
          onChange={editor.change}
          onRemove={setRemoving}
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={!project || usage.isAtLimit}
            onClick={() => {
              editor.add();
              setPage(Math.ceil((editor.rows.length + 1) / DOMAINS_PAGE_SIZE));
            }}
          >
            Add New
          </Button>
          <Button
            disabled={!project || !editor.isDirty}
            loading={editor.isSaving}
            onClick={() => void editor.save().then(showResult)}
          >
            Save Changes
          </Button>
        </Group>
        {footer}
      </Stack>
      <DeleteRowDialog
        title="Delete Associated Domain"
        text={`Remove ${removing?.original ?? ''} from the project? Its URL paths and items stay.`}
        target={removing?.id ?? null}
        remove={(id) => apiClient.call(routes.deleteAssociatedSite, { params: { id } })}
        onClose={() => setRemoving(null)}
        onDeleted={async () => {
          if (removing) editor.drop(removing.key);
          await queryClient.invalidateQueries({ queryKey: queryKeys.projects(orgId) });
          await sites.refetch();
        }}
      />
    </Panel>
  );
}
