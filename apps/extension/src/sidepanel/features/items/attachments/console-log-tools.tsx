import { Alert, Button, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isPageLogOn,
  PAGE_LOG_SWITCH_LABEL,
  readPageLogFile,
  setPageLog,
} from '../../../../page-log/index';
import { useChromeApi } from '../../../../ui/index';
import { queryKeys } from '../../../shared/data/query-keys';
import { useActiveTab } from '../../../shared/use-active-tab';

/**
 * The console and network log of the attachments row (issue 32): the per-site switch that
 * records the page's console errors and warnings and failed requests, and "Attach console and
 * network log", which adds them to the item as a text file (`onCaptured`). Every refusal is one
 * line under the entry.
 */
export function ConsoleLogTools({ onCaptured }: { onCaptured: (file: File) => void }) {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  const active = useActiveTab();
  const tab = active.status === 'ready' ? active.tab : null;
  const page = tab ? { url: tab.url, tabId: tab.tabId } : null;
  const pageUrl = page?.url ?? null;
  const isOn = useQuery({
    queryKey: queryKeys.pageLog(pageUrl),
    queryFn: () => isPageLogOn(api, pageUrl),
    enabled: page !== null,
  });
  const toggle = useMutation({
    mutationFn: (next: boolean) => setPageLog(api, page!, next),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pageLog(pageUrl) }),
  });
  const attach = useMutation({
    mutationFn: () => readPageLogFile(api, page!),
    onSuccess: (file) => onCaptured(file),
  });
  const failure = toggle.error ?? attach.error;
  return (
    <>
      <Switch
        size="xs"
        w="100%"
        label={PAGE_LOG_SWITCH_LABEL}
        checked={isOn.data ?? false}
        disabled={page === null || isOn.isPending || toggle.isPending}
        onChange={(event) => {
          attach.reset();
          toggle.mutate(event.currentTarget.checked);
        }}
      />
      <Button
        size="xs"
        variant="light"
        disabled={page === null}
        loading={attach.isPending}
        onClick={() => {
          toggle.reset();
          attach.mutate();
        }}
      >
        Attach console and network log
      </Button>
      {failure && (
        <Alert color="orange" variant="light" role="alert" p="xs" w="100%">
          {failure.message}
        </Alert>
      )}
      {attach.isSuccess && (
        <Text size="xs" w="100%" role="status" data-testid="console-log-added">
          Added {attach.data.name} to the attachments.
        </Text>
      )}
    </>
  );
}
