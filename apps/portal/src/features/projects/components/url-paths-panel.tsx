import { Button, Group, Select, Stack } from '@mantine/core';
import {
  routes,
  SAVED_MESSAGE,
  URL_PATHS_PAGE_SIZE,
  ZRelativePathInput,
  type TProject,
} from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { Panel } from '../../../components/panel/panel';
import { apiClient } from '../../../lib/api-client';
import type { EditableRow } from '../../../lib/editable-rows';
import { getErrorMessage } from '../../../lib/error-message';
import { useRowEditor, type RowSaveResult } from '../../../lib/use-row-editor';
import { pathsQuery, sitesQuery } from '../api/project-queries';
import { PATHS_INFO } from '../project-messages';
import { DeleteRowDialog } from './delete-row-dialog';
import { InfoButton } from '../../../components/info-button/info-button';
import { PagedRowList } from './paged-row-list';
import { PathAliases } from './path-aliases';
import { UrlRulesSection } from './url-rules-section';

function checkPath(text: string): string | null {
  const parsed = ZRelativePathInput.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a path.');
}

/** Props of {@link UrlPathsPanel}. */
export type UrlPathsPanelProps = {
  /** The selected project, or null. */
  project: TProject | null;
  /** Shown under the list (the Delete Project link on narrow screens, spec §2). */
  footer?: ReactNode;
};

/**
 * spec §2 URL Paths: pick one of the project's domains, then its paths 3 per page, each with a
 * remove icon; Save Changes renames only the paths whose text changed (spec §5). A rename onto
 * an existing path merges, and the banner says how many items moved. Under each path, its aliases
 * (issue 31: old addresses, accepted canonical links), each removable after a confirmation.
 */
export function UrlPathsPanel({ project, footer }: UrlPathsPanelProps) {
  const projectId = project?.projectId ?? null;
  const { showBanner } = useBanner();
  const [urlPath, setUrlPath] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<EditableRow | null>(null);
  const [removingAlias, setRemovingAlias] = useState<{ alias: string; path: string } | null>(null);
  const sites = useQuery(sitesQuery(projectId));
  const paths = useQuery(pathsQuery(projectId, urlPath));
  const editor = useRowEditor({
    values: urlPath === null ? [] : paths.data,
    checkText: checkPath,
    allowDuplicates: true,
    sendUpdate: (relativePathId, relativePath) =>
      apiClient.call(routes.updateRelativePath, {
        body: { projectId: projectId ?? 0, relativePathId, relativePath },
      }),
    reload: async () => (await paths.refetch()).data,
  });
  const showResult = (result: RowSaveResult | null) => {
    if (!result) return;
    if (result.failures.length > 0) return showBanner(getErrorMessage(result.failures[0]), 'error');
    // A merge says how many items moved; plain renames just "Saved successfully".
    const merges = result.messages.filter((message) => message !== SAVED_MESSAGE);
    if (result.messages.length > 0) showBanner(merges.join(' ') || SAVED_MESSAGE);
  };
  return (
    <Panel title="URL Paths" headingAside={<InfoButton title="URL Paths" text={PATHS_INFO} />}>
      <Stack gap="sm">
        <Select
          label="URL"
          placeholder="Select a URL to display associated paths"
          data={(sites.data ?? []).map((site) => site.text)}
          value={urlPath}
          onChange={(next) => {
            setUrlPath(next);
            setPage(1);
            editor.reset();
          }}
          disabled={!project}
          allowDeselect={false}
        />
        <PagedRowList
          rows={editor.rows}
          page={page}
          pageSize={URL_PATHS_PAGE_SIZE}
          pageLabel="URL paths"
          onPageChange={setPage}
          placeholder="Enter URL path"
          itemLabel="Path"
          errors={editor.errors}
          emptyText={
            urlPath
              ? 'No item has been recorded on this site yet.'
              : 'Select a URL to see its paths.'
          }
          onChange={editor.change}
          onRemove={setRemoving}
          renderDetails={(row) => (
            <PathAliases
              path={row.original}
              aliases={paths.data?.find((path) => path.id === row.id)?.aliases ?? []}
              onRemove={(alias) => setRemovingAlias({ alias, path: row.original })}
            />
          )}
        />
        <Group justify="flex-end">
          <Button
            disabled={!editor.isDirty}
            loading={editor.isSaving}
            onClick={() => void editor.save().then(showResult)}
          >
            Save Changes
          </Button>
        </Group>
        {projectId !== null && <UrlRulesSection key={projectId} projectId={projectId} />}
        {footer}
      </Stack>
      <DeleteRowDialog
        title="Delete URL Path"
        text={`Delete the path ${removing?.original ?? ''} and every item recorded on it? This cannot be undone.`}
        target={removing?.id ?? null}
        remove={(id) => apiClient.call(routes.deleteRelativePath, { params: { id } })}
        onClose={() => setRemoving(null)}
        onDeleted={async () => {
          if (removing) editor.drop(removing.key);
          await paths.refetch();
        }}
      />
      <DeleteRowDialog
        title="Delete URL Alias"
        text={`${removingAlias?.alias ?? ''} will stop showing the items of ${removingAlias?.path ?? ''} and show its own page again. No item moves.`}
        target={removingAlias?.alias ?? null}
        remove={(path) =>
          apiClient.call(routes.deletePathAlias, { body: { projectId: projectId ?? 0, path } })
        }
        onClose={() => setRemovingAlias(null)}
        onDeleted={async () => {
          await paths.refetch();
        }}
        // Not in spec §8's "only logged" list (aliases came after it): say why nothing changed,
        // and reload, as the alias may have gone meanwhile or the list be out of date.
        onFailed={async (error) => {
          showBanner(getErrorMessage(error), 'error');
          await paths.refetch();
        }}
      />
    </Panel>
  );
}
