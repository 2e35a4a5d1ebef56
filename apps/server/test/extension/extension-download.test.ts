import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENSION_CONFIG_FILE } from '@waymark/core';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

const PUBLIC_URL = 'https://waymark.example.org';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

describe('GET /api/extension/download (issue 25)', () => {
  it("hands anyone the built extension, preconfigured for this server's PUBLIC_URL", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/extension/download' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="waymark-extension-9.8.7.zip"',
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.md',
        'icons/icon-16.png',
        'manifest.json',
        'service-worker.js',
        EXTENSION_CONFIG_FILE,
      ].sort(),
    );
    const config = JSON.parse(new TextDecoder().decode(files[EXTENSION_CONFIG_FILE])) as unknown;
    expect(config).toEqual({ serverUrl: PUBLIC_URL });
  });

  it('answers 404 with the fix while the extension is not built', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'waymark-no-extension-'));
    const bare = await buildTestApp({ env: { EXTENSION_DIST: empty } });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/extension/download' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: /npm run build/ });
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
