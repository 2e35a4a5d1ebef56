// The file transfers between extension pages and the service worker. Pages never hold the access
// token and `runtime.sendMessage` carries JSON only, so a file crosses a `runtime.connect` port in
// base64 chunks; the worker talks to the API. See docs/attachments.md "Extension transfers".
import type { ErrorCode, TAttachment, TExportItemsRequest } from '@waymark/core';
import { isTagged, type PortProtocol } from '../messaging/index';

/** Bytes per chunk: large enough for few messages, small enough for a smooth progress bar. */
export const CHUNK_BYTES = 256 * 1024;

/** How often a page waiting for the server's answer reminds the worker it is in use. */
export const KEEPALIVE_MS = 10_000;

/** Page → worker on an upload port. */
export type UploadRequest =
  /** First: what is coming. */
  | { kind: 'start'; itemId: number; fileName: string; sizeBytes: number }
  /** The next bytes of the file, base64. */
  | { kind: 'chunk'; data: string }
  /** Every byte was sent: upload it. */
  | { kind: 'end' }
  /**
   * Sent every {@link KEEPALIVE_MS} while the server stores the file: an MV3 worker is stopped
   * after 30 s without events, and a slow upload's request alone does not count as one.
   */
  | { kind: 'keepalive' };

/** Worker → page on an upload port. */
export type UploadReply =
  /** A chunk arrived; the page sends the next one only then (backpressure, progress). */
  | { kind: 'ack'; receivedBytes: number }
  /** The server stored the file. */
  | { kind: 'done'; attachment: TAttachment }
  | TransferFailure;

/** Page → worker on a download port: the only message — an attachment, or a workspace export. */
export type DownloadRequest =
  | { kind: 'start'; itemId: number; attachmentId: number }
  /** The workspace's export of a project's items (issue 28): the server streams it. */
  | ({ kind: 'export' } & TExportItemsRequest);

/** Worker → page on a download port. */
export type DownloadReply =
  /** First: the type the server detected. */
  | { kind: 'meta'; contentType: string }
  | { kind: 'chunk'; data: string }
  | { kind: 'done' }
  | TransferFailure;

/** Why a transfer failed, with the API's code when it had one. */
export type TransferFailure = { kind: 'failed'; error: string; code?: ErrorCode };

/** The port an upload runs on: one port per file. */
export const UPLOAD_PORT: PortProtocol<UploadRequest, UploadReply> = {
  name: 'waymark-upload',
  isToWorker: isTagged<UploadRequest, 'kind'>('kind', {
    start: true,
    chunk: true,
    end: true,
    keepalive: true,
  }),
  isToPage: isTagged<UploadReply, 'kind'>('kind', { ack: true, done: true, failed: true }),
};

/** The port a download runs on: one port per file. */
export const DOWNLOAD_PORT: PortProtocol<DownloadRequest, DownloadReply> = {
  name: 'waymark-download',
  isToWorker: isTagged<DownloadRequest, 'kind'>('kind', { start: true, export: true }),
  isToPage: isTagged<DownloadReply, 'kind'>('kind', {
    meta: true,
    chunk: true,
    done: true,
    failed: true,
  }),
};
