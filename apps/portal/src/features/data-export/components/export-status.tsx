import { Text } from '@mantine/core';
import type { TDataExport } from '@waymark/core';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A size in the unit people read: KB up to a megabyte, MB above. */
export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One line saying where an archive is: being prepared, ready until when, expired or failed. */
export function exportStatusText(latest: TDataExport): string {
  if (latest.status === 'preparing')
    return `Preparing your export (requested ${dateTime.format(new Date(latest.requestedAt))}). We will e-mail you a link when it is ready.`;
  if (latest.status === 'failed') return 'The last export could not be prepared. Try again.';
  if (latest.isExpired || !latest.expiresAt)
    return 'Your last export has expired and was deleted. Prepare a new one to download your data.';
  const size = latest.sizeBytes === null ? '' : ` (${formatSize(latest.sizeBytes)})`;
  return `Ready${size}. You can download it until ${dateTime.format(new Date(latest.expiresAt))}.`;
}

/** The status line, announced politely as it changes. */
export function ExportStatus({ latest }: { latest: TDataExport }) {
  return (
    <Text role="status" aria-live="polite">
      {exportStatusText(latest)}
    </Text>
  );
}

/** True when the archive can be downloaded now. */
export const isDownloadable = (latest: TDataExport | null | undefined): latest is TDataExport =>
  latest?.status === 'ready' && !latest.isExpired;
