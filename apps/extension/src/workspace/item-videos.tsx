import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, type TAttachment } from '@waymark/core';
import { useState } from 'react';
import type { CallApi } from '../api/index';
import { PLAYABLE_VIDEO_TYPES, VideoPlayer } from '../ui/index';

/** Fetches an attachment's bytes (through the worker, like every download). */
export type LoadAttachment = (itemId: number, attachmentId: number) => Promise<Blob>;

/**
 * The item's recordings in the workspace drawer (issue 32): each WebM attachment with Play, which
 * fetches the bytes through the worker and plays them in place. Other files stay in the panel.
 */
export function ItemVideos({
  itemId,
  callApi,
  load,
}: {
  itemId: number;
  callApi: CallApi;
  load: LoadAttachment;
}) {
  const attachments = useQuery({
    queryKey: ['workspace-item-attachments', itemId],
    queryFn: () => callApi('getItemAttachments', { params: { itemId } }),
  });
  const videos = (attachments.data ?? []).filter((attachment) =>
    PLAYABLE_VIDEO_TYPES.includes(attachment.contentType),
  );
  if (videos.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Recordings">
      <Title order={3} size="h6">
        Recordings ({videos.length})
      </Title>
      {videos.map((video) => (
        <ItemVideo key={video.attachmentId} attachment={video} load={load} />
      ))}
    </Stack>
  );
}

function ItemVideo({ attachment, load }: { attachment: TAttachment; load: LoadAttachment }) {
  const { itemId, attachmentId, fileName } = attachment;
  const [wantsPlayer, setWantsPlayer] = useState(false);
  const file = useQuery({
    queryKey: ['workspace-attachment-file', itemId, attachmentId],
    queryFn: () => load(itemId, attachmentId),
    enabled: wantsPlayer,
    staleTime: Infinity,
  });
  return (
    <Stack gap={2}>
      <Text size="sm">
        {fileName} · {formatBytes(attachment.sizeBytes)}
      </Text>
      {file.data ? (
        <VideoPlayer data={file.data} contentType={attachment.contentType} fileName={fileName} />
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          w="fit-content"
          loading={file.isFetching}
          onClick={() => setWantsPlayer(true)}
          aria-label={`Play ${fileName}`}
        >
          Play
        </Button>
      )}
      {file.isError && (
        <Text size="xs" c="red.9" role="alert">
          The recording could not be loaded: {file.error.message}
        </Text>
      )}
    </Stack>
  );
}
