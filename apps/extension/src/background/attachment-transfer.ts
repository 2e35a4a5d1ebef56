import {
  AppError,
  ATTACHMENT_FIELD,
  buildPath,
  routes,
  toAppError,
  ZAttachment,
} from '@waymark/core';
import type { PortLike } from '../platform/index';
import {
  CHUNK_BYTES,
  DOWNLOAD_PORT,
  fromBase64,
  toBase64,
  UPLOAD_PORT,
  type DownloadReply,
  type DownloadRequest,
  type TransferFailure,
  type UploadReply,
  type UploadRequest,
} from '../transfer/index';
import type { ApiProxyDeps } from './api-proxy';

/**
 * Serves the file-transfer ports of extension pages (see transfer-protocol.ts): uploads arrive
 * in chunks and go to the API in one multipart request; downloads stream back in chunks. The
 * worker adds the access token, so pages never hold it; ports from anything but the
 * extension's own pages (content scripts) are closed unanswered.
 */
export function serveAttachmentTransfers(deps: ApiProxyDeps): () => void {
  const extensionRoot = deps.api.runtime.getURL('');
  return deps.api.runtime.onConnect.subscribe((port) => {
    if (port.name !== UPLOAD_PORT && port.name !== DOWNLOAD_PORT) return;
    if (!port.sender?.url?.startsWith(extensionRoot)) {
      port.disconnect();
      return;
    }
    if (port.name === UPLOAD_PORT) receiveUpload(port, deps);
    else sendDownload(port, deps);
  });
}

function receiveUpload(port: PortLike, deps: ApiProxyDeps): void {
  const reply = (message: UploadReply) => port.postMessage(message);
  const abort = new AbortController();
  port.onDisconnect.subscribe(() => abort.abort());
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  let start: Extract<UploadRequest, { kind: 'start' }> | null = null;
  port.onMessage.subscribe((message) => {
    const request = message as UploadRequest;
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
      const path = buildPath(routes.uploadAttachment.path, { itemId: start.itemId });
      void send(deps, path, { method: 'POST', body: form, signal: abort.signal })
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

function sendDownload(port: PortLike, deps: ApiProxyDeps): void {
  const reply = (message: DownloadReply) => port.postMessage(message);
  const abort = new AbortController();
  port.onDisconnect.subscribe(() => abort.abort());
  port.onMessage.subscribe((message) => {
    const { itemId, attachmentId } = message as DownloadRequest;
    const path = buildPath(routes.downloadAttachment.path, { itemId, attachmentId });
    void send(deps, path, { method: 'GET', signal: abort.signal })
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

/** Calls one API path with the user's token; rejects with the API's `AppError`. */
async function send(deps: ApiProxyDeps, path: string, init: RequestInit): Promise<Response> {
  const token = await deps.auth.getAccessToken();
  const response = await deps.fetch(`${await deps.getServerUrl()}${path}`, {
    ...init,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    // spec §4 Session: a 401 on any call signs the user out.
    throw await toAppError(response, { onUnauthorized: () => void deps.auth.dropTokens() });
  }
  return response;
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
    return { kind: 'failed', error: 'The transfer was cancelled.' };
  return {
    kind: 'failed',
    error: 'The server could not be reached. Check your connection and try again.',
  };
}
