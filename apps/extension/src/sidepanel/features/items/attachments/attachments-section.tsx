import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@waymark/core';
import { ErrorAlert } from '../../../shared/error-alert';
import { itemKey } from '../../../shared/data/use-item';
import { useIsOrgWritable } from '../../../../ui/index';
import { PlanGateNote } from '../../../shared/plan-gate-note';
import { AttachmentCard } from './attachment-card';
import { CaptureTools } from './capture-tools';
import { FileDropZone } from './file-drop-zone';
import { UploadList } from './upload-list';
import { attachmentsKey, useAttachments, useStartUploads } from './use-attachments';

/**
 * An item's attachments (issue 14): the files with their details, and — on plans with
 * attachments — adding files (picker, drop, paste, screenshot) with a progress bar each. Files
 * stay listed and downloadable after a downgrade; only adding is gated.
 */
export function AttachmentsSection({
  itemId,
  planFeatures,
  quotaOrgId,
}: {
  itemId: number;
  planFeatures: readonly Feature[];
  /** The organization whose storage the user may read (admins): a recording checks it first. */
  quotaOrgId?: number;
}) {
  const queryClient = useQueryClient();
  const attachments = useAttachments(itemId);
  const startUploads = useStartUploads();
  const isWritable = useIsOrgWritable();
  const canAttach = planFeatures.includes('attachments');
  const add = (files: readonly File[]) => startUploads(itemId, files);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: attachmentsKey(itemId) });
    void queryClient.invalidateQueries({ queryKey: itemKey(itemId) });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="attachments-heading">
      <Title order={3} size="h6" id="attachments-heading">
        Attachments{attachments.data ? ` (${attachments.data.length})` : ''}
      </Title>
      {!isWritable ? null : canAttach ? (
        <FileDropZone
          onFiles={add}
          extra={<CaptureTools onFiles={add} quotaOrgId={quotaOrgId} />}
        />
      ) : (
        <PlanGateNote feature="attachments" />
      )}
      <UploadList itemId={itemId} />
      {attachments.isPending && <Loader size="xs" aria-label="Loading the attachments" />}
      {attachments.isError && (
        <ErrorAlert error={attachments.error} title="Cannot load the attachments" />
      )}
      {attachments.data?.length === 0 && (
        <Text size="xs" c="dimmed">
          No files attached.
        </Text>
      )}
      {attachments.data?.map((attachment) => (
        <AttachmentCard key={attachment.attachmentId} attachment={attachment} onDeleted={reload} />
      ))}
    </Stack>
  );
}
