import { routes, type TDataExport, type TDataExportStatus } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** How often a status is asked again while its archive is being prepared. */
export const PREPARING_POLL_MS = 3000;

const pollWhilePreparing = (status: TDataExportStatus | undefined) =>
  status?.latest?.status === 'preparing' ? PREPARING_POLL_MS : false;

/** The caller's newest personal archive (polled while it is prepared). */
export function myDataExportQuery() {
  return queryOptions({
    queryKey: ['data-export', 'mine'] as const,
    queryFn: () => apiClient.call(routes.getMyDataExport, {}),
    refetchInterval: (query) => pollWhilePreparing(query.state.data),
  });
}

/** The organization's newest archive (polled while it is prepared). */
export function organizationExportQuery(orgId: number) {
  return queryOptions({
    queryKey: ['data-export', 'organization', orgId] as const,
    queryFn: () => apiClient.call(routes.getOrganizationExport, { params: { orgId } }),
    refetchInterval: (query) => pollWhilePreparing(query.state.data),
    enabled: orgId > 0,
  });
}

/**
 * Downloads archive `exportId` with the signed-in session (the mailed link alone downloads
 * nothing) and hands it to the browser under `fileName`.
 */
export async function downloadExport(exportId: number, fileName: string): Promise<void> {
  const blob = await apiClient.call(routes.downloadExport, { params: { exportId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click's download started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name for a download started from a mailed link, before the status is known. */
export function linkedFileName(latest: TDataExport | null, exportId: number): string {
  return latest?.id === exportId ? latest.fileName : `waymark-export-${exportId}`;
}
