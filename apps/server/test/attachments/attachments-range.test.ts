import { randomBytes } from 'node:crypto';
import type { TAttachment } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANGE_NOT_SATISFIABLE_MESSAGE } from '../../src/modules/attachments/download-attachment';
import type { MatrixIds } from '../support/access-matrix';
import { downloadFile, uploadFile } from '../support/attachments-world';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMatrixWorld } from '../support/matrix-world';
import { ok, type As } from '../support/projects-world';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';

// Issue 34: byte ranges of a download (media players seeking in issue 32's recordings, resumed
// downloads), on both stores: local disk and a real S3-compatible server on loopback.
const SIZE = 200_000;

describe.each(['local', 's3'] as const)('download ranges on the %s store', (store) => {
  let s3: S3TestServer | undefined;
  let t: AuthTestContext;
  let admin: As;
  let ids: MatrixIds;
  const bytes = randomBytes(SIZE);
  let attachment: TAttachment;
  const get = (headers: Record<string, string> = {}) =>
    downloadFile(t, admin, ids.itemId, attachment.attachmentId, headers);

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3TestServer() : undefined;
    t = await startAuthTestApp({ env: { ...s3?.env } });
    admin = await t.signIn();
    ids = await createMatrixWorld(t, admin, 'Ranging org');
    attachment = ok<TAttachment>(
      await uploadFile(t, admin, ids.itemId, bytes, { fileName: 'clip.bin' }),
    );
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('answers the whole file with Accept-Ranges: bytes and its length', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': String(SIZE),
      etag: `"${attachment.sha256}"`,
    });
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers one range with 206, its Content-Range and exactly those bytes, headers kept', async () => {
    for (const [header, start, end] of [
      // s3rver reads an end of 0 as "to the end" (`end || Infinity`); S3 itself does not.
      ...(store === 'local' ? ([['bytes=0-0', 0, 0]] as const) : []),
      ['bytes=1-1', 1, 1],
      ['bytes=1000-66535', 1000, 66535],
      ['bytes=150000-', 150000, SIZE - 1],
      ['bytes=-500', SIZE - 500, SIZE - 1],
      ['bytes=199990-999999', 199990, SIZE - 1],
    ] as const) {
      const response = await get({ range: header });
      expect(response.statusCode, header).toBe(206);
      expect(response.headers).toMatchObject({
        'content-range': `bytes ${start}-${end}/${SIZE}`,
        'content-length': String(end - start + 1),
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="clip.bin"',
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
      });
      expect(String(response.headers['content-security-policy'])).toMatch(/sandbox/);
      expect(response.rawPayload.equals(bytes.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers a range past the end with 416 and Content-Range: bytes */size', async () => {
    for (const header of [`bytes=${SIZE}-`, 'bytes=500000-600000']) {
      const response = await get({ range: header });
      expect(response.statusCode, header).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(response.json()).toEqual({
        statusCode: 416,
        code: 'RANGE_NOT_SATISFIABLE',
        message: RANGE_NOT_SATISFIABLE_MESSAGE,
      });
    }
  });

  it('answers several ranges, a malformed one, or a stale If-Range with the whole file', async () => {
    for (const headers of [
      { range: 'bytes=0-9,100-109' } as Record<string, string>,
      { range: 'bytes=oops' },
      { range: 'items=0-9' },
      { range: 'bytes=0-9', 'if-range': '"another-version"' },
      { range: 'bytes=0-9', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' },
    ]) {
      const response = await get(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
    }
    const current = await get({ range: 'bytes=0-9', 'if-range': `"${attachment.sha256}"` });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it("gives another organization's admin no range of the file", async () => {
    const other = await t.signIn();
    await createMatrixWorld(t, other, 'Ranging org');
    const response = await downloadFile(t, other, ids.itemId, attachment.attachmentId, {
      range: 'bytes=0-9',
    });
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes(bytes.subarray(0, 10))).toBe(false);
  });
});
