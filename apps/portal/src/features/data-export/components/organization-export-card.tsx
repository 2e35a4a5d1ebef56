import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@waymark/core';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { downloadExport, organizationExportQuery } from '../api/data-export-queries';
import { ExportStatus, isDownloadable } from './export-status';

/**
 * Issue 33: on the admin Account screen, an admin prepares a ZIP of the whole organization
 * (projects, domains, pages, items, notes, history, data fields and attachment files) and
 * downloads it once ready; a link is mailed too. Closing an organization offers the same export.
 */
export function OrganizationExportCard({ orgId }: { orgId: number }) {
  const queryClient = useQueryClient();
  const status = useQuery(organizationExportQuery(orgId));
  const latest = status.data?.latest ?? null;
  const prepare = useMutation({
    mutationFn: () => apiClient.call(routes.requestOrganizationExport, { body: { orgId } }),
    onSuccess: (created) =>
      queryClient.setQueryData(organizationExportQuery(orgId).queryKey, { latest: created }),
  });
  const fetchFile = useMutation({
    mutationFn: (input: { id: number; fileName: string }) =>
      downloadExport(input.id, input.fileName),
  });
  const error = prepare.error ?? fetchFile.error;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="organization-export-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="organization-export-title">
          Export organization data
        </Title>
        <Text size="sm">
          A ZIP file with every project, domain, page, item, note, change history, data field and
          attached file of the organization. We e-mail you a link when it is ready; it works for a
          limited time.
        </Text>
        {latest && <ExportStatus latest={latest} />}
        {error && (
          <Alert color="red" role="alert">
            {getErrorMessage(error)}
          </Alert>
        )}
        <Group>
          <Button
            onClick={() => prepare.mutate()}
            loading={prepare.isPending}
            disabled={latest?.status === 'preparing'}
          >
            Prepare export
          </Button>
          {isDownloadable(latest) && (
            <Button
              variant="default"
              loading={fetchFile.isPending}
              onClick={() => fetchFile.mutate({ id: latest.id, fileName: latest.fileName })}
            >
              Download export
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
