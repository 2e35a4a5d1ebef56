import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

const INDEX = '<!doctype html><title>portal</title>';
const ASSET = 'console.log("hashed")';

let portalDist: string;
let t: TestApp;
beforeAll(async () => {
  portalDist = await mkdtemp(path.join(tmpdir(), 'waymark-portal-'));
  await mkdir(path.join(portalDist, 'assets'));
  await writeFile(path.join(portalDist, 'index.html'), INDEX);
  await writeFile(path.join(portalDist, 'assets', 'x-abc123.js'), ASSET);
  await writeFile(path.join(portalDist, 'favicon.svg'), '<svg/>');
  t = await buildTestApp({ env: { PORTAL_DIST: portalDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(portalDist, { recursive: true, force: true });
});

describe('portal hosting', () => {
  it('redirects / to /client/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/client/');
  });

  it('serves index.html at /client/, revalidated on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/assets/x-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files outside assets/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers deep links with index.html so the portal router takes over', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/app/account?tab=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/client/assets/old-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never falls back to the portal for /api paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/account' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('portal not built', () => {
  it('answers 503 saying how to build it', async () => {
    const unbuilt = await buildTestApp({ env: { PORTAL_DIST: path.join(portalDist, 'none') } });
    try {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/client/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      const deep = await unbuilt.app.inject({ method: 'GET', url: '/client/app' });
      expect(deep.statusCode).toBe(503);
    } finally {
      await unbuilt.close();
    }
  });
});
