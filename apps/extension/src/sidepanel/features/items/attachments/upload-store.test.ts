import { AppError, type TAttachment } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_CANCELED, type Upload, type UploadProgress } from '../../../../transfer/index';
import { createUploadStore } from './upload-store';

function controllable() {
  let report: (progress: UploadProgress) => void = () => undefined;
  let settle: { resolve: (a: TAttachment) => void; reject: (e: Error) => void } | null = null;
  const cancel = vi.fn(() => settle?.reject(new AppError('INTERNAL', UPLOAD_CANCELED)));
  const begin = (onProgress: (progress: UploadProgress) => void): Upload => {
    report = onProgress;
    const done = new Promise<TAttachment>((resolve, reject) => (settle = { resolve, reject }));
    return { done, cancel };
  };
  return { begin, cancel, report: (p: UploadProgress) => report(p), settle: () => settle! };
}

const FILE = { itemId: 7, fileName: 'a.png', sizeBytes: 100 };

describe('upload store', () => {
  it('tracks progress, then forgets the upload and reports the stored attachment', async () => {
    const store = createUploadStore();
    const upload = controllable();
    const onStored = vi.fn();
    store.start(FILE, upload.begin, onStored);
    upload.report({ sentBytes: 40, phase: 'sending' });
    expect(store.getSnapshot()).toMatchObject([{ fileName: 'a.png', sentBytes: 40 }]);
    upload.settle().resolve({ attachmentId: 3 } as TAttachment);
    await vi.waitFor(() => expect(onStored).toHaveBeenCalledWith({ attachmentId: 3 }));
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a failed upload with its error until dismissed', async () => {
    const store = createUploadStore();
    const upload = controllable();
    store.start(FILE, upload.begin, vi.fn());
    upload.settle().reject(new AppError('PLAN_LIMIT', 'Attachments are not included.'));
    await vi.waitFor(() =>
      expect(store.getSnapshot()).toMatchObject([
        { phase: 'failed', error: 'Attachments are not included.' },
      ]),
    );
    store.cancel(store.getSnapshot()[0]!.uploadId);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('cancels a running upload and drops it without an error', async () => {
    const store = createUploadStore();
    const upload = controllable();
    const onStored = vi.fn();
    store.start(FILE, upload.begin, onStored);
    store.cancel(store.getSnapshot()[0]!.uploadId);
    expect(upload.cancel).toHaveBeenCalled();
    await Promise.resolve();
    expect(store.getSnapshot()).toEqual([]);
    expect(onStored).not.toHaveBeenCalled();
  });
});
