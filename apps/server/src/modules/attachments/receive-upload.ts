import { AppError, ATTACHMENT_FIELD, formatFileTooLarge } from '@waymark/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FileStore } from '../../files/file-store';
import { createFileMeter, type MeteredFile } from './file-meter';

/** Reads the one file part of a multipart request (`request.file`), with busboy limits. */
export type ReadFilePart = (limits: {
  fileSize: number;
  files: number;
}) => Promise<MultipartFile | undefined>;

/** An upload stored under its key, not yet recorded. */
export type ReceivedUpload = MeteredFile & { fileName: string };

const NOT_MULTIPART = `Send the file as multipart/form-data in a field named "${ATTACHMENT_FIELD}".`;
const CUT_OFF = 'The upload ended before the whole file arrived. Try again.';
const FILE_NAME_MAX = 255;

/**
 * Streams the request's file part into `files` under `key`, counting, hashing and sampling it on
 * the way; never more than one chunk of it in memory. Past `maxFileBytes` the part errors, the
 * partial file is removed and PAYLOAD_TOO_LARGE (413) is thrown.
 */
export async function receiveUpload(
  files: FileStore,
  input: { readFilePart: ReadFilePart; key: string; maxFileBytes: number },
): Promise<ReceivedUpload> {
  const part = await readPart(input);
  let clientError: unknown;
  part.file.once('error', (error) => (clientError = error));
  const meter = createFileMeter();
  try {
    await files.put(input.key, part.file.pipe(meter.stream));
  } catch (error) {
    await files.delete(input.key).catch(() => undefined);
    if (isTooLarge(clientError ?? error))
      throw new AppError('PAYLOAD_TOO_LARGE', formatFileTooLarge(input.maxFileBytes));
    if (clientError !== undefined) throw new AppError('BAD_REQUEST', CUT_OFF);
    throw error;
  }
  // Busboy may mark the part truncated without the stream erroring when it ends exactly at the limit.
  if (part.file.truncated) {
    await files.delete(input.key);
    throw new AppError('PAYLOAD_TOO_LARGE', formatFileTooLarge(input.maxFileBytes));
  }
  return { ...(await meter.finish()), fileName: cleanFileName(part.filename) };
}

async function readPart(input: {
  readFilePart: ReadFilePart;
  maxFileBytes: number;
}): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await input.readFilePart({ fileSize: input.maxFileBytes, files: 1 });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('BAD_REQUEST', NOT_MULTIPART);
    throw new AppError('BAD_REQUEST', CUT_OFF);
  }
  if (!part || part.fieldname !== ATTACHMENT_FIELD)
    throw new AppError('BAD_REQUEST', NOT_MULTIPART);
  return part;
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The name shown for the file: its last path segment, without control characters, bounded. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, FILE_NAME_MAX);
}
