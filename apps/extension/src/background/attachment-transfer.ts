import {
  AppError,
  ATTACHMENT_FIELD,
  routes,
  SERVER_UNREACHABLE_MESSAGE,
  ZAttachment,
} from '@waymark/core';
import { servePort, type WorkerEnd } from '../messaging/index';
import {
  CHUNK_BYTES,
  DOWNLOAD_PORT,
  fromBase64,
  toBase64,
  UPLOAD_PORT,
  type TransferFailure,
  type UploadRequest,
} from '../transfer/index';
import { createWorkerApiClient, type ApiProxyDeps } from './api-proxy';

/**
 * Serves the file-transfer ports of extension pages (see transfer-protocol.ts): uploads arrive
 * in chunks and go to the API in one multipart request; downloads (attachments, workspace
 * exports) stream back in chunks. The
 * worker's API client adds the access token, so pages never hold it; ports from anything but
 * the extension's own pages (content scripts) are closed unanswered by `servePort`.
 */
export function serveAttachmentTransfers(deps: ApiProxyDeps): () => void {
  const stops = [
    servePort(deps.api, UPLOAD_PORT, (port) => receiveUpload(port, deps)),
    servePort(deps.api, DOWNLOAD_PORT, (port) => sendDownload(port, deps)),
  ];
  return () => stops.forEach((stop) => stop());
}

function receiveUpload(port: WorkerEnd<typeof UPLOAD_PORT>, deps: ApiProxyDeps): void {
  const reply: typeof port.post = (message) => port.post(message);
  const abort = new AbortController();
  port.onDisconnect(() => abort.abort());
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  let start: Extract<UploadRequest, { kind: 'start' }> | null = null;
  port.onMessage((request) => {
    if (request.kind === 'start') {
      start = request;
    } else if (request.kind === 'chunk' && start) {
      const bytes = fromBase64(request.data);
      receivedBytes += bytes.length;
      // The page announced the size: more bytes than that is a broken sender.
      if (receivedBytes > start.sizeBytes) {
        reply(
          failure(new AppError('BAD_REQUEST', 'The file changed while it was being uploaded.')),
        );
        port.disconnect();
        return;
      }
      parts.push(bytes);
      reply({ kind: 'ack', receivedBytes });
    } else if (request.kind === 'end' && start) {
      const form = new FormData();
      form.append(ATTACHMENT_FIELD, new Blob(parts), start.fileName);
      const input = { params: { itemId: start.itemId } };
      void createWorkerApiClient(deps)
        .then((client) =>
          client.send(routes.uploadAttachment, input, { body: form, signal: abort.signal }),
        )
        .then(async (response) => ({
          kind: 'done' as const,
          attachment: ZAttachment.parse(await response.json()),
        }))
        .catch(failure)
        .then((answer) => {
          if (!abort.signal.aborted) reply(answer);
        });
    }
  });
}

function sendDownload(port: WorkerEnd<typeof DOWNLOAD_PORT>, deps: ApiProxyDeps): void {
  const reply: typeof port.post = (message) => port.post(message);
  const abort = new AbortController();
  port.onDisconnect(() => abort.abort());
  port.onMessage((request) => {
    const init = { signal: abort.signal };
    void createWorkerApiClient(deps)
      .then((client) => {
        if (request.kind === 'start') {
          const { itemId, attachmentId } = request;
          return client.send(routes.downloadAttachment, { params: { itemId, attachmentId } }, init);
        }
        const { projectId, filter, format } = request;
        return client.send(routes.exportItems, { body: { projectId, filter, format } }, init);
      })
      .then(async (response) => {
        reply({
          kind: 'meta',
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        });
        await forEachChunk(response, (bytes) => reply({ kind: 'chunk', data: toBase64(bytes) }));
        return { kind: 'done' as const };
      })
      .catch(failure)
      .then((answer) => {
        if (!abort.signal.aborted) reply(answer);
      });
  });
}

/** Reads a response body and hands it on in chunks of {@link CHUNK_BYTES}. */
async function forEachChunk(response: Response, emit: (bytes: Uint8Array) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let pending = new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (value) {
      const joined = new Uint8Array(pending.length + value.length);
      joined.set(pending);
      joined.set(value, pending.length);
      pending = joined;
      while (pending.length >= CHUNK_BYTES) {
        emit(pending.subarray(0, CHUNK_BYTES));
        pending = pending.slice(CHUNK_BYTES);
      }
    }
    if (done) break;
  }
  if (pending.length) emit(pending);
}

function failure(error: unknown): TransferFailure {
  if (error instanceof AppError) return { kind: 'failed', error: error.message, code: error.code };
  if (error instanceof Error && error.name === 'AbortError')
    return { kind: 'failed', error: 'The transfer was canceled.' };
  return { kind: 'failed', error: SERVER_UNREACHABLE_MESSAGE };
}
