import { AppError, type TAttachment, type TExportItemsRequest } from '@waymark/core';
import { connectPort } from '../messaging/index';
import type { ChromeApi } from '../platform/index';
import { fromBase64, toBase64 } from './base64';
import {
  CHUNK_BYTES,
  DOWNLOAD_PORT,
  KEEPALIVE_MS,
  UPLOAD_PORT,
  type DownloadRequest,
  type TransferFailure,
  type UploadRequest,
} from './transfer-protocol';

/** The message an upload the user cancelled rejects with. */
export const UPLOAD_CANCELED = 'The upload was canceled.';

/** A running upload: its outcome, and how to stop it. */
export type Upload = {
  /** Resolves to the stored attachment; rejects with the API's error or {@link UPLOAD_CANCELED}. */
  done: Promise<TAttachment>;
  /** Stops the upload: the worker aborts its request and nothing is stored. */
  cancel(): void;
};

/** What an upload reports as it goes. */
export type UploadProgress = {
  /** Bytes the worker holds so far. */
  sentBytes: number;
  /** `sending` while bytes go to the worker, `saving` while the server receives and stores them. */
  phase: 'sending' | 'saving';
};

/**
 * Uploads `file` to an item through the service worker, chunk by chunk: each chunk waits for
 * the worker's acknowledgement, so progress follows the bytes actually handed over and a large
 * file is never copied whole into one message.
 */
export function uploadFile(
  api: ChromeApi,
  itemId: number,
  file: Blob & { name: string },
  onProgress: (progress: UploadProgress) => void,
): Upload {
  const port = connectPort(api, UPLOAD_PORT);
  const post = (message: UploadRequest) => port.post(message);
  let isCanceled = false;
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let rejectDone: (error: Error) => void = () => undefined;
  const done = new Promise<TAttachment>((resolve, reject) => {
    rejectDone = reject;
    let offset = 0;
    const sendNext = async () => {
      if (offset >= file.size) {
        onProgress({ sentBytes: file.size, phase: 'saving' });
        post({ kind: 'end' });
        keepalive = setInterval(() => post({ kind: 'keepalive' }), KEEPALIVE_MS);
        return;
      }
      const bytes = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
      offset += bytes.length;
      if (!isCanceled) post({ kind: 'chunk', data: toBase64(bytes) });
    };
    const fail = (error: Error) => {
      reject(error);
      port.disconnect();
    };
    port.onMessage((reply) => {
      if (reply.kind === 'ack') {
        onProgress({ sentBytes: reply.receivedBytes, phase: 'sending' });
        sendNext().catch(fail);
      } else if (reply.kind === 'done') {
        resolve(reply.attachment);
        port.disconnect();
      } else fail(toError(reply));
    });
    // The worker went away (reloaded, or stopped by Chrome) before answering.
    port.onDisconnect(() =>
      reject(new AppError('INTERNAL', 'The upload was interrupted. Try again.')),
    );
    post({ kind: 'start', itemId, fileName: file.name, sizeBytes: file.size });
    onProgress({ sentBytes: 0, phase: 'sending' });
    sendNext().catch(fail);
  });
  void done.catch(() => undefined).finally(() => clearInterval(keepalive));
  return {
    done,
    cancel() {
      isCanceled = true;
      // A port's own end never hears its disconnect: settle here.
      port.disconnect();
      rejectDone(new AppError('INTERNAL', UPLOAD_CANCELED));
    },
  };
}

/** Downloads an attachment's bytes through the service worker. */
export function downloadFile(api: ChromeApi, itemId: number, attachmentId: number): Promise<Blob> {
  return receiveDownload(api, { kind: 'start', itemId, attachmentId });
}

/**
 * Downloads a workspace export (issue 28) through the service worker: the server streams it,
 * the worker hands it on in chunks, the page gets the whole file.
 */
export function downloadExport(api: ChromeApi, request: TExportItemsRequest): Promise<Blob> {
  return receiveDownload(api, { kind: 'export', ...request });
}

function receiveDownload(api: ChromeApi, request: DownloadRequest): Promise<Blob> {
  const port = connectPort(api, DOWNLOAD_PORT);
  return new Promise<Blob>((resolve, reject) => {
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let contentType = 'application/octet-stream';
    let isDone = false;
    port.onMessage((reply) => {
      if (reply.kind === 'meta') contentType = reply.contentType;
      else if (reply.kind === 'chunk') parts.push(fromBase64(reply.data));
      else {
        isDone = true;
        port.disconnect();
        if (reply.kind === 'done') resolve(new Blob(parts, { type: contentType }));
        else reject(toError(reply));
      }
    });
    port.onDisconnect(() => {
      if (!isDone) reject(new AppError('INTERNAL', 'The download was interrupted.'));
    });
    port.post(request);
  });
}

function toError(failure: TransferFailure): Error {
  return failure.code ? new AppError(failure.code, failure.error) : new Error(failure.error);
}
