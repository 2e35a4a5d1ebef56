import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TAttachment } from '@waymark/core';
import { UPLOAD_CANCELED, type Upload, type UploadProgress } from '../../../../transfer/index';

/** One upload as the panel shows it. */
export type UploadEntry = {
  uploadId: number;
  itemId: number;
  fileName: string;
  sizeBytes: number;
  sentBytes: number;
  /** `failed` stays listed, with its error, until the user dismisses it. */
  phase: UploadProgress['phase'] | 'failed';
  error: string | null;
};

/** Starts one upload; the store only tracks it. */
export type StartUpload = (onProgress: (progress: UploadProgress) => void) => Upload;

/**
 * The panel's running uploads, kept outside any one view: an upload started in the new-item form
 * goes on (with its progress bar) in the item's detail, and survives switching items.
 */
export type UploadStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly UploadEntry[];
  /** Tracks an upload; `onStored` runs once the server stored the file. */
  start(
    file: { itemId: number; fileName: string; sizeBytes: number },
    begin: StartUpload,
    onStored: (attachment: TAttachment) => void,
  ): void;
  /** Cancels a running upload, or forgets a failed one. */
  cancel(uploadId: number): void;
};

/** Creates an empty store. */
export function createUploadStore(): UploadStore {
  let entries: readonly UploadEntry[] = [];
  const uploads = new Map<number, Upload>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  const set = (next: readonly UploadEntry[]) => {
    entries = next;
    listeners.forEach((listener) => listener());
  };
  const update = (uploadId: number, change: Partial<UploadEntry>) =>
    set(entries.map((entry) => (entry.uploadId === uploadId ? { ...entry, ...change } : entry)));
  const remove = (uploadId: number) => {
    uploads.delete(uploadId);
    set(entries.filter((entry) => entry.uploadId !== uploadId));
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
    start(file, begin, onStored) {
      const uploadId = nextId++;
      set([...entries, { ...file, uploadId, sentBytes: 0, phase: 'sending', error: null }]);
      const upload = begin((progress) => update(uploadId, progress));
      uploads.set(uploadId, upload);
      upload.done.then(
        (attachment) => {
          remove(uploadId);
          onStored(attachment);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (message === UPLOAD_CANCELED) remove(uploadId);
          else update(uploadId, { phase: 'failed', error: message });
        },
      );
    },
    cancel(uploadId) {
      const upload = uploads.get(uploadId);
      if (upload) upload.cancel();
      remove(uploadId);
    },
  };
}

/** The side panel's one store; tests provide their own. */
export const UploadStoreContext = createContext<UploadStore>(createUploadStore());

/** The uploads of one item, live. */
export function useItemUploads(itemId: number): UploadEntry[] {
  const store = useContext(UploadStoreContext);
  const entries = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return entries.filter((entry) => entry.itemId === itemId);
}
