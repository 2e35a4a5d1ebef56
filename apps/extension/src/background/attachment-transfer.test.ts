import { AppError, createFreshReads, type TAttachment } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../auth/auth-session';
import { createFakeChrome, createPortPair } from '../test/fake-chrome-api';
import {
  CHUNK_BYTES,
  downloadFile,
  UPLOAD_CANCELED,
  UPLOAD_PORT,
  uploadFile,
  type UploadProgress,
} from '../transfer/index';
import { serveAttachmentTransfers } from './attachment-transfer';

const SERVER = 'https://waymark.example.com';

const ATTACHMENT: TAttachment = {
  attachmentId: 5,
  itemId: 9,
  fileName: 'log.bin',
  sizeBytes: 3,
  contentType: 'application/octet-stream',
  sha256: 'x',
  uploadedBy: 'Ada Admin',
  uploadedAt: '2026-11-23T10:00:00.000Z',
  isImage: false,
};

function setUp(answer: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const fake = createFakeChrome();
  const auth = {
    getAccessToken: vi.fn(() => Promise.resolve('access-1')),
    dropTokens: vi.fn(() => Promise.resolve()),
  } as unknown as AuthSession;
  const fetch = vi.fn((url: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(answer(url instanceof Request ? url.url : url.toString(), init ?? {})),
  );
  serveAttachmentTransfers({
    api: fake.api,
    auth,
    fetch,
    getServerUrl: () => Promise.resolve(SERVER),
    freshReads: createFreshReads(),
  });
  return { fake, fetch, auth };
}

/** Bytes 0, 1, 2, … (mod 251) so a reordered or dropped chunk changes them. */
function patterned(size: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length: size }, (_, index) => index % 251);
}

describe('attachment transfers through the worker', () => {
  it('uploads every byte in one multipart request with the token, reporting progress', async () => {
    const bytes = patterned(CHUNK_BYTES * 2 + 123);
    let sent: { url: string; init: RequestInit } | null = null;
    const { fake } = setUp((url, init) => {
      sent = { url, init };
      return Response.json(ATTACHMENT);
    });
    const progress: UploadProgress[] = [];
    const file = new File([bytes], 'log.bin');
    const upload = uploadFile(fake.api, 9, file, (step) => progress.push(step));
    expect(await upload.done).toEqual(ATTACHMENT);

    expect(sent!.url).toBe(`${SERVER}/api/item/uploadAttachment/9`);
    expect((sent!.init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    const part = (sent!.init.body as FormData).get('file') as File;
    expect(part.name).toBe('log.bin');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes);
    expect(progress.map((step) => step.sentBytes)).toEqual([
      0,
      CHUNK_BYTES,
      CHUNK_BYTES * 2,
      bytes.length,
      bytes.length,
    ]);
    expect(progress.at(-1)!.phase).toBe('saving');
  });

  it("answers the API's refusal with its code and words", async () => {
    const { fake } = setUp(() =>
      Response.json(
        {
          statusCode: 413,
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The file is larger than the 25 MB limit.',
        },
        { status: 413 },
      ),
    );
    const upload = uploadFile(fake.api, 9, new File(['abc'], 'a.txt'), () => undefined);
    await expect(upload.done).rejects.toMatchObject({
      message: 'The file is larger than the 25 MB limit.',
    });
  });

  it('signs the user out on a 401, as every API call does', async () => {
    const { fake, auth } = setUp(() =>
      Response.json(
        { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again.' },
        { status: 401 },
      ),
    );
    await expect(downloadFile(fake.api, 9, 5)).rejects.toBeInstanceOf(AppError);
    expect(auth.dropTokens).toHaveBeenCalled();
  });

  it("cancelling aborts the worker's request and stores nothing", async () => {
    let signal: AbortSignal | undefined;
    const { fake } = setUp(
      (_url, init) =>
        new Promise<Response>(() => {
          signal = init.signal ?? undefined;
        }),
    );
    const upload = uploadFile(fake.api, 9, new File(['abc'], 'a.txt'), () => undefined);
    await vi.waitFor(() => expect(signal).toBeDefined());
    upload.cancel();
    await expect(upload.done).rejects.toThrow(UPLOAD_CANCELED);
    await vi.waitFor(() => expect(signal!.aborted).toBe(true));
  });

  it('downloads the bytes and type byte-identical, in chunks', async () => {
    const bytes = patterned(CHUNK_BYTES + 77);
    const { fake, fetch } = setUp(
      () => new Response(bytes, { headers: { 'content-type': 'image/png' } }),
    );
    const blob = await downloadFile(fake.api, 9, 5);
    expect(fetch.mock.calls[0]![0]).toBe(`${SERVER}/api/item/downloadAttachment/9/5`);
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it('closes ports that content scripts open, unanswered', async () => {
    const { fake, fetch } = setUp(() => Response.json(ATTACHMENT));
    const [page, worker] = createPortPair(UPLOAD_PORT.name, { url: 'https://evil.example.com/' });
    const closed = vi.fn();
    page.onDisconnect.subscribe(closed);
    fake.onConnect.emit(worker);
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
    expect(fetch).not.toHaveBeenCalled();
  });
});
