import { AppError } from '@waymark/core';

// A name that promises a video the panel and the workspace will play (issue 32: tab recordings
// are WebM) must be backed by the bytes: a renamed file is refused rather than stored as a
// "video" that fails to play. Other names stay free: their type is what the bytes say.
const PLAYABLE_BY_EXTENSION: Readonly<Record<string, string>> = { webm: 'video/webm' };

/**
 * Throws BAD_REQUEST when `fileName`'s extension names a playable video type (`.webm`) and the
 * type detected from the bytes is another one. Called after the bytes are read, before the row is
 * written; the caller removes the stored file.
 */
export function assertNameMatchesBytes(fileName: string, detectedType: string): void {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const claimed = extension === undefined ? undefined : PLAYABLE_BY_EXTENSION[extension];
  if (claimed !== undefined && claimed !== detectedType) {
    throw new AppError(
      'BAD_REQUEST',
      `“${fileName}” is named as a WebM video but its content is not one. Attach the original recording.`,
    );
  }
}
