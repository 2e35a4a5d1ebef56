import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { downloadFile, uploadFile } from '../../../../transfer/index';
import { useChromeApi } from '../../../../ui/index';
import { queryKeys } from '../../../shared/data/query-keys';
import { itemKey } from '../../../shared/data/use-item';
import { useCallApi } from '../../../shared/use-call-api';
import { UploadStoreContext } from './upload-store';

/** The query key of an item's attachments. */
export const attachmentsKey = queryKeys.attachments;

/** An item's attachments, oldest first. */
export function useAttachments(itemId: number) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: attachmentsKey(itemId),
    queryFn: () => callApi('getItemAttachments', { params: { itemId } }),
  });
}

/** The bytes of one attachment (a thumbnail, the viewer, a download), fetched once. */
export function useAttachmentFile(itemId: number, attachmentId: number, isEnabled: boolean) {
  const api = useChromeApi();
  return useQuery({
    queryKey: queryKeys.attachmentFile(attachmentId),
    queryFn: () => downloadFile(api, itemId, attachmentId),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/**
 * Uploads files to an item through the panel's upload store; once each is stored, the item's
 * attachments and history (which records the addition) are reloaded.
 */
export function useStartUploads(): (itemId: number, files: readonly File[]) => void {
  const api = useChromeApi();
  const store = useContext(UploadStoreContext);
  const queryClient = useQueryClient();
  return useCallback(
    (itemId, files) => {
      for (const file of files) {
        store.start(
          { itemId, fileName: file.name, sizeBytes: file.size },
          (onProgress) => uploadFile(api, itemId, file, onProgress),
          () => {
            void queryClient.invalidateQueries({ queryKey: attachmentsKey(itemId) });
            void queryClient.invalidateQueries({ queryKey: itemKey(itemId) });
          },
        );
      }
    },
    [api, store, queryClient],
  );
}
