import { Button, Group, Image, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatBytes, type TAttachment } from '@waymark/core';
import { useState } from 'react';
import { PLAYABLE_VIDEO_TYPES, VideoPlayer } from '../../../../ui/index';
import { ErrorAlert } from '../../../shared/error-alert';
import { formatTime } from '../../../shared/format-time';
import { useIsOrgWritable } from '../../../../ui/index';
import { DeleteAttachmentButton } from './delete-attachment-button';
import { ImageViewer } from './image-viewer';
import { useAttachmentFile } from './use-attachments';
import { saveBlob, useObjectUrl } from './use-object-url';

/**
 * One attachment: a thumbnail for images (opens the full-size viewer), name, size, type, who and
 * when for every file; Download, and Delete after confirmation.
 */
export function AttachmentCard({
  attachment,
  onDeleted,
}: {
  attachment: TAttachment;
  onDeleted: () => void;
}) {
  const { itemId, attachmentId, fileName, isImage } = attachment;
  const isWritable = useIsOrgWritable();
  const [wantsFile, setWantsFile] = useState(false);
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const [wantsPlayer, setWantsPlayer] = useState(false);
  const isVideo = PLAYABLE_VIDEO_TYPES.includes(attachment.contentType);
  const file = useAttachmentFile(itemId, attachmentId, isImage || wantsFile || wantsPlayer);
  const url = useObjectUrl(isImage ? file.data : undefined);
  const download = async () => {
    setWantsFile(true);
    const result = file.data ? { data: file.data } : await file.refetch();
    if (result.data) saveBlob(result.data, fileName);
  };
  return (
    <Paper withBorder p="xs" data-testid="attachment" aria-label={fileName}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {isImage && (
          <UnstyledButton
            onClick={() => setIsViewerOpen(true)}
            aria-label={`Open ${fileName} full size`}
            disabled={!url}
          >
            <Image src={url} alt={fileName} w={64} h={48} fit="cover" radius="sm" />
          </UnstyledButton>
        )}
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} truncate>
            {fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(attachment.sizeBytes)} · {attachment.contentType}
          </Text>
          <Text size="xs" c="dimmed">
            {attachment.uploadedBy || 'Unknown'} · {formatTime(attachment.uploadedAt)}
          </Text>
          <Group gap={4} mt={4}>
            <Button
              size="compact-xs"
              variant="light"
              loading={wantsFile && file.isFetching}
              onClick={() => void download()}
              aria-label={`Download ${fileName}`}
            >
              Download
            </Button>
            {isVideo && !wantsPlayer && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setWantsPlayer(true)}
                aria-label={`Play ${fileName}`}
              >
                Play
              </Button>
            )}
            {isWritable && <DeleteAttachmentButton attachment={attachment} onDeleted={onDeleted} />}
          </Group>
        </Stack>
      </Group>
      {isVideo && wantsPlayer && file.data && (
        <VideoPlayer data={file.data} contentType={attachment.contentType} fileName={fileName} />
      )}
      {file.isError && <ErrorAlert error={file.error} title="The file could not be loaded" />}
      {url && (
        <ImageViewer
          url={url}
          fileName={fileName}
          opened={isViewerOpen}
          onClose={() => setIsViewerOpen(false)}
        />
      )}
    </Paper>
  );
}
