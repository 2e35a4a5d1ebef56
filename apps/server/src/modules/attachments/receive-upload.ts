import { AppError, ATTACHMENT_FIELD, formatFileTooLarge } from '@waymark/core';
import type { MultipartFile } from '@fastify/multipart';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../../files/file-store';
import { createFileMeter, type MeteredFile } from './file-meter';
import { cleanFileName } from './file-name';
import type { BodyWatch } from './watch-upload-body';

/** Reads the one file part of a multipart request (`request.file`), with busboy limits. */
export type ReadFilePart = (limits: {
  fileSize: number;
  files: number;
}) => Promise<MultipartFile | undefined>;

/**
 * An upload received whole and measured, its bytes still on their way to the disk: `durable`
 * resolves once the file is durable under its key, or rejects (nothing left under the key) if
 * the store failed. Nothing may name the key before `durable` resolved.
 */
export type ReceivedUpload = MeteredFile & { fileName: string; durable: Promise<void> };

const NOT_MULTIPART = `Send the file as multipart/form-data in a field named "${ATTACHMENT_FIELD}".`;
const CUT_OFF = 'The upload ended before the whole file arrived. Try again.';

/** What {@link receiveUpload} reads and where it stores it. */
export type UploadSource = {
  /** Reads the request's file part. */
  readFilePart: ReadFilePart;
  /** The watch for a stalled body: touched per chunk; when its signal aborts, its reason is thrown. */
  body: BodyWatch;
  /** The store key to write under. */
  key: string;
  /** Largest file accepted; past it PAYLOAD_TOO_LARGE. */
  maxFileBytes: number;
};

/**
 * Streams the request's file part into `files` under `key`, counting, hashing and sampling it on
 * the way; never more than one chunk of it in memory. One `pipeline` carries the part to the store,
 * so a part that errors (client gone, body cut, over `maxFileBytes`) or a stall (`body`) ends the
 * store's write too (issue 24: `pipe` passed neither on, and the write waited forever). Whatever
 * ends it, the partial file is removed before this rejects: 413 past the limit, 400 for a body that
 * stopped, the store's own error otherwise. It resolves once the whole part went through the
 * meter, before the store's last writes and fsync are done (issue 34, decision 0095): the caller
 * records the upload while the disk finishes, and commits only once `durable` resolved.
 */
export async function receiveUpload(
  files: FileStore,
  input: UploadSource,
): Promise<ReceivedUpload> {
  input.body.touch();
  try {
    return await storePart(files, input, await readPart(input));
  } finally {
    input.body.stop();
  }
}

async function storePart(
  files: FileStore,
  input: UploadSource,
  part: MultipartFile,
): Promise<ReceivedUpload> {
  const { signal } = input.body;
  const meter = createFileMeter(() => input.body.touch());
  // Which side failed first: the client's part, or the store (which destroys what it reads).
  let failedFirst: 'client' | 'store' | undefined;
  part.file.once('error', () => (failedFirst ??= 'client'));
  meter.stream.once('error', () => (failedFirst ??= 'store'));
  const stored = files.put(input.key, meter.stream);
  // Handled here and awaited on every path below, or by the caller through `durable`.
  stored.catch(() => undefined);
  // A store that fails destroys the meter's stream, which fails this pipeline too.
  const received = await settle(pipeline(part.file, meter.stream, { signal }));
  const tooLarge = part.file.truncated || isTooLarge(reasonOf(received));
  if (tooLarge || received.status === 'rejected') {
    meter.discard();
    const result = await settle(stored);
    // A failed put leaves nothing under the key; only a stored file is to be removed.
    if (result.status === 'fulfilled') await files.delete(input.key).catch(() => undefined);
    if (signal.aborted) throw signal.reason;
    if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', formatFileTooLarge(input.maxFileBytes));
    if (failedFirst === 'client') throw new AppError('BAD_REQUEST', CUT_OFF);
    throw reasonOf(result) ?? reasonOf(received);
  }
  const fileName = cleanFileName(part.filename);
  try {
    return { ...(await meter.finish(fileName)), fileName, durable: stored };
  } catch (error) {
    // The hashing thread failed: the stored file is no upload's, remove it now, not at the sweep.
    await settle(stored);
    await files.delete(input.key).catch(() => undefined);
    throw error;
  }
}

async function readPart(input: UploadSource): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await whileNotAborted(
      input.readFilePart({ fileSize: input.maxFileBytes, files: 1 }),
      input.body.signal,
    );
  } catch (error) {
    if (input.body.signal.aborted) throw input.body.signal.reason;
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('BAD_REQUEST', NOT_MULTIPART);
    throw new AppError('BAD_REQUEST', CUT_OFF);
  }
  if (!part || part.fieldname !== ATTACHMENT_FIELD)
    throw new AppError('BAD_REQUEST', NOT_MULTIPART);
  return part;
}

/** `work`, unless `signal` aborts first (then its reason); a late failure of `work` is ignored. */
async function whileNotAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  signal.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>(
    (_, reject) => (onAbort = () => reject(signal.reason as Error)),
  );
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function settle<T>(work: Promise<T>): Promise<PromiseSettledResult<T>> {
  return Promise.allSettled([work]).then(([result]) => result as PromiseSettledResult<T>);
}

function reasonOf(result: PromiseSettledResult<unknown>): unknown {
  return result.status === 'rejected' ? result.reason : undefined;
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';
}
