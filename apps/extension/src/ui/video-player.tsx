import { useMemo } from 'react';
import { useObjectUrl } from './use-object-url';

/** Attachment types the panel and the workspace play in place (tab recordings, issue 32). */
export const PLAYABLE_VIDEO_TYPES: readonly string[] = ['video/webm'];

/**
 * A video attachment played in the panel or the workspace. The bytes come through the worker like every download
 * (the server sends them as `application/octet-stream` under its sandboxing CSP), so the
 * `<video>` plays a `blob:` URL typed from the attachment's detected type; seeking works on the
 * whole file in memory, with no Range requests to the API.
 */
export function VideoPlayer({
  data,
  contentType,
  fileName,
}: {
  data: Blob;
  contentType: string;
  fileName: string;
}) {
  const typed = useMemo(() => new Blob([data], { type: contentType }), [data, contentType]);
  const url = useObjectUrl(typed);
  if (!url) return null;
  return (
    <video
      src={url}
      controls
      aria-label={`Play ${fileName}`}
      data-testid="attachment-video"
      style={{ width: '100%', maxHeight: 240, background: '#000', marginTop: 6 }}
    />
  );
}
