import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@waymark/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { downloadExport, linkedFileName, myDataExportQuery } from '../api/data-export-queries';
import { ExportStatus, isDownloadable } from './export-status';

/** The mailed link's archive id (`?export=<id>`), or null. */
function useLinkedExportId(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('export'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Issue 33: "Your data" — any signed-in person asks for a copy of their own data (GDPR Art. 20),
 * sees it being prepared, then downloads it until it expires. The export mail's link lands here
 * with `?export=<id>` and the download starts with the reader's own session (the link alone
 * downloads nothing); an organization export's link lands here too.
 */
export function YourDataScreen() {
  const queryClient = useQueryClient();
  const linkedId = useLinkedExportId();
  const status = useQuery(myDataExportQuery());
  const latest = status.data?.latest ?? null;
  const request = useMutation({
    mutationFn: () => apiClient.call(routes.requestMyDataExport, {}),
    onSuccess: (created) =>
      queryClient.setQueryData(myDataExportQuery().queryKey, { latest: created }),
  });
  const fetchFile = useMutation({
    mutationFn: (input: { id: number; fileName: string }) =>
      downloadExport(input.id, input.fileName),
  });
  // The mailed link downloads once on arrival; the button below does it again on demand.
  const startedFor = useRef<number | null>(null);
  useEffect(() => {
    if (linkedId === null || startedFor.current === linkedId || status.isPending) return;
    startedFor.current = linkedId;
    fetchFile.mutate({ id: linkedId, fileName: linkedFileName(latest, linkedId) });
  }, [linkedId, status.isPending, latest, fetchFile]);

  return (
    <Stack gap="lg" maw={680}>
      <Title order={1}>Your data</Title>
      <Stack gap="xs">
        <Text>You can download a copy of the data Waymark holds about you, as a JSON file:</Text>
        <List size="sm">
          <List.Item>your profile (name and e-mail address);</List.Item>
          <List.Item>your organizations, your role in each and the projects you can use;</List.Item>
          <List.Item>
            the items and notes you wrote, and the details of the files you attached.
          </List.Item>
        </List>
        <Text>
          Other people&apos;s notes and files are not included. We prepare the file in the
          background and e-mail you a link; it works only when you are signed in, for a limited
          time, after which the file is deleted.
        </Text>
      </Stack>
      {linkedId !== null && (
        <Paper component="section" withBorder p="md" aria-labelledby="linked-export-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="linked-export-title">
              Download from your e-mail link
            </Title>
            {fetchFile.isError ? (
              <Alert color="red" role="alert" title="This export cannot be downloaded">
                {getErrorMessage(fetchFile.error)}
              </Alert>
            ) : (
              <Text>
                {fetchFile.isSuccess ? 'Your download has started.' : 'Starting your download…'}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                loading={fetchFile.isPending}
                onClick={() =>
                  fetchFile.mutate({ id: linkedId, fileName: linkedFileName(latest, linkedId) })
                }
              >
                Download again
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Paper component="section" withBorder p="md" aria-labelledby="my-export-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="my-export-title">
            Export my data
          </Title>
          {latest ? (
            <ExportStatus latest={latest} />
          ) : (
            <Text>You have not asked for an export yet.</Text>
          )}
          {request.isError && (
            <Alert color="red" role="alert">
              {getErrorMessage(request.error)}
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => request.mutate()}
              loading={request.isPending}
              disabled={latest?.status === 'preparing'}
            >
              {latest ? 'Prepare a new export' : 'Prepare export'}
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
          {linkedId === null && fetchFile.isError && (
            <Alert color="red" role="alert">
              {getErrorMessage(fetchFile.error)}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Text size="sm">
        Want to leave Waymark altogether?{' '}
        <Anchor component={Link} to={paths.deleteAccount.getHref()}>
          Delete your account
        </Anchor>
      </Text>
    </Stack>
  );
}
