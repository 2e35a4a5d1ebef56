import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFileStore } from '../../src/files/create-file-store';
import type { FileStore } from '../../src/files/file-store';
import { UPLOAD_STALLED, UPLOAD_TOO_SLOW } from '../../src/modules/attachments/index';
import type * as BodyWatchModule from '../../src/modules/attachments/watch-upload-body';
import type { MatrixIds } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMatrixWorld } from '../support/matrix-world';
import { multipartFile } from '../support/multipart';
import type { As } from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import {
  countFdsUnder,
  countOpenFds,
  startRawUpload,
  type RawAnswer,
} from '../support/upload-client';
import { createManualTimers, type ManualTimers } from '../support/manual-timers';

// The body watch's timers: Node's, unless a test puts the watch on a clock it moves by hand —
// how long an upload took is then exactly what the test says, however loaded the machine is.
// The server project shares modules between the files of a worker (isolate: false), so the
// module cache is cleared first: the app is then imported anew, with the mock.
const bodyClock = vi.hoisted(() => {
  vi.resetModules();
  return { timers: undefined as ManualTimers | undefined };
});
vi.mock('../../src/modules/attachments/watch-upload-body', async (importOriginal) => {
  const actual = await importOriginal<typeof BodyWatchModule>();
  return {
    ...actual,
    watchUploadBody: (...[reply, limits]: Parameters<typeof actual.watchUploadBody>) =>
      actual.watchUploadBody(reply, limits, bodyClock.timers),
  };
});

// Issue 24: an upload that stops early (cancelled, cut, or stalled) must end, remove its partial
// file and let go of its descriptor and buffers; the server must then take the next upload.
const BODY_TIMEOUT_MS = 1_000;
// Longer than the slow body below takes (8 × 400 ms on the hand-moved clock), shorter than the
// trickle.
const UPLOAD_MAX_MS = 4_000;
const ABORTED = 30;
const FILE_BYTES = 1_200_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function retainedBytes(): Promise<number> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe.each(['local', 's3'] as const)('an upload that stops early on the %s store', (store) => {
  let s3: S3TestServer | undefined;
  let t: AuthTestContext;
  let files: FileStore;
  let admin: As;
  let ids: MatrixIds;
  let uploadUrl: string;
  let storeRoot: string;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3TestServer() : undefined;
    t = await startAuthTestApp({
      env: {
        ...s3?.env,
        ATTACHMENT_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
        ATTACHMENT_UPLOAD_MAX_MS: String(UPLOAD_MAX_MS),
      },
    });
    files = createFileStore(t.config);
    storeRoot = path.join(t.config.dataDir, 'attachments');
    admin = await t.signIn();
    ids = await createMatrixWorld(t, admin, 'Cancelling org');
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    uploadUrl = `${baseUrl}/api/item/uploadAttachment/${ids.itemId}`;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const headers = () => ({ authorization: admin?.authorization ?? '' });

  /** Keys in the store (local: also `.part-` files being written). */
  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of files.list()) keys.push(...page.map((file) => file.key));
    return keys;
  }
  const partFiles = async () => (await storedKeys()).filter((key) => key.includes('.part-'));

  /** Uploads a whole file over a real socket: what a working client gets. */
  async function uploadWhole(): Promise<RawAnswer> {
    const body = multipartFile(randomBytes(50_000), { fileName: 'after.bin' });
    const upload = startRawUpload(uploadUrl, {
      headers: { ...body.headers, ...headers() },
      payload: body.payload,
      sent: body.payload.length,
    });
    upload.end();
    return upload.answer;
  }

  /** The store holds no partial file, and this process no descriptor on the store's files. */
  async function expectNothingLeft(): Promise<void> {
    expect(await partFiles()).toEqual([]);
    if (store === 'local') expect(await countFdsUnder(storeRoot)).toBe(0);
  }

  it(`${ABORTED} canceled uploads leave no descriptor, partial file or buffer behind`, async () => {
    expect((await uploadWhole()).statusCode).toBe(200);
    // The uploads wait for their cancel on a clock that does not move: on Node's, a loaded machine
    // took longer than the body timeout (1 s) to start storing all thirty, and the first ones
    // were answered "no data arrived" before the last began — a stall, not a cancel.
    bodyClock.timers = createManualTimers();
    try {
      await cancelUploads();
    } finally {
      bodyClock.timers = undefined;
    }
    expect((await uploadWhole()).statusCode).toBe(200);
  });

  /** Starts {@link ABORTED} uploads, waits until each is being stored, then drops them all. */
  async function cancelUploads(): Promise<void> {
    // The database pool grows to its maximum under concurrent uploads: let it, before counting.
    await Promise.all(Array.from({ length: 12 }, () => t.db.execute(sql`select pg_sleep(0.1)`)));
    const body = multipartFile(randomBytes(FILE_BYTES), { fileName: 'canceled.bin' });
    const fdsBefore = await countOpenFds();
    const memoryBefore = await retainedBytes();
    const uploads = Array.from({ length: ABORTED }, () =>
      startRawUpload(uploadUrl, {
        headers: { ...body.headers, ...headers() },
        payload: body.payload,
        sent: FILE_BYTES / 2,
      }),
    );
    await Promise.all(uploads.map((upload) => upload.written));
    // Every upload is being stored when it is cancelled (local: its `.part-` file is open).
    if (store === 'local')
      await vi.waitFor(async () => expect(await partFiles()).toHaveLength(ABORTED), {
        timeout: 10_000,
      });
    else await new Promise((resolve) => setTimeout(resolve, 500));
    for (const upload of uploads) upload.abort();
    await Promise.all(uploads.map((upload) => upload.closed));

    await vi.waitFor(
      async () => {
        await expectNothingLeft();
        expect(await countOpenFds()).toBeLessThanOrEqual(fdsBefore);
      },
      { timeout: 5_000, interval: 100 },
    );
    // Half of each body arrived: 30 × 600 kB would still be held if the uploads never ended.
    expect((await retainedBytes()) - memoryBefore).toBeLessThan(6_000_000);
  }

  it('answers a multipart body that ends without its closing boundary with 400', async () => {
    const whole = multipartFile(randomBytes(FILE_BYTES), { fileName: 'unterminated.bin' });
    const payload = whole.payload.subarray(0, whole.payload.lastIndexOf('\r\n--'));
    const upload = startRawUpload(uploadUrl, {
      headers: { ...whole.headers, ...headers() },
      payload,
      sent: payload.length,
    });
    upload.end();
    const answer = await upload.answer;
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_REQUEST' });
    await vi.waitFor(expectNothingLeft, { timeout: 5_000, interval: 100 });
    expect((await uploadWhole()).statusCode).toBe(200);
  });

  it('answers a stalled body with 400 after the body timeout and closes its connection', async () => {
    const body = multipartFile(randomBytes(FILE_BYTES), { fileName: 'stalled.bin' });
    // One stalls in the middle of the file, one before its first byte of body.
    for (const sent of [FILE_BYTES / 2, 0]) {
      const startedAt = Date.now();
      const upload = startRawUpload(uploadUrl, {
        headers: { ...body.headers, ...headers() },
        payload: body.payload,
        sent,
      });
      const answer = await upload.answer;
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'BAD_REQUEST',
        message: UPLOAD_STALLED,
      });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
      await upload.closed;
      await vi.waitFor(expectNothingLeft, { timeout: 5_000, interval: 100 });
    }
    expect((await uploadWhole()).statusCode).toBe(200);
  });

  it('cuts off a body that trickles in for longer than the upload may take in all', async () => {
    const body = multipartFile(randomBytes(FILE_BYTES), { fileName: 'trickle.bin' });
    const startedAt = Date.now();
    const upload = startRawUpload(uploadUrl, {
      headers: { ...body.headers, ...headers() },
      payload: body.payload,
      sent: 1_000,
    });
    // A few bytes well inside the body timeout each time, never the whole body.
    let offset = 1_000;
    const trickle = setInterval(() => {
      upload.write(body.payload.subarray(offset, offset + 10));
      offset += 10;
    }, BODY_TIMEOUT_MS / 4);
    try {
      const answer = await upload.answer;
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ message: UPLOAD_TOO_SLOW });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(UPLOAD_MAX_MS - 50);
    } finally {
      clearInterval(trickle);
    }
    await upload.closed;
    await vi.waitFor(expectNothingLeft, { timeout: 5_000, interval: 100 });
  });

  it('lets a slow body through as long as bytes keep coming', async () => {
    // The watch runs on a clock this test moves: longer in all than the body timeout (8 × 400 ms
    // = 3.2 s), never that long without a byte, and shorter than the upload may take in all.
    // On Node's clock a loaded machine stretched each gap and the whole, and the upload was cut.
    const clock = createManualTimers();
    bodyClock.timers = clock;
    try {
      const bytes = randomBytes(FILE_BYTES);
      const body = multipartFile(bytes, { fileName: 'slow.bin' });
      const upload = startRawUpload(uploadUrl, {
        headers: { ...body.headers, ...headers() },
        payload: body.payload,
        sent: 0,
      });
      const steps = 8;
      const gap = (BODY_TIMEOUT_MS * 2) / 5;
      const step = Math.ceil(body.payload.length / steps);
      for (let index = 0; index < steps; index += 1) {
        const touches = clock.setCount(BODY_TIMEOUT_MS);
        upload.write(body.payload.subarray(index * step, (index + 1) * step));
        // The server read some of it (re-arming its watch) before the clock moves on.
        await vi.waitFor(() => expect(clock.setCount(BODY_TIMEOUT_MS)).toBeGreaterThan(touches), {
          timeout: 10_000,
        });
        clock.advance(gap);
      }
      upload.end();
      const answer = await upload.answer;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ sizeBytes: bytes.length });
      // What the test claims: the body took longer than the body timeout, within the upload's.
      expect(clock.now).toBeGreaterThan(BODY_TIMEOUT_MS);
      expect(clock.now).toBeLessThan(UPLOAD_MAX_MS);
    } finally {
      bodyClock.timers = undefined;
    }
  });
});
