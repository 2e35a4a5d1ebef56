import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { createApiClient, SERVER_UNREACHABLE_MESSAGE } from './api-client';
import { buildPath, defineRoute } from './define-route';
import { createFreshReads } from './fresh-reads';

const getThing = defineRoute({
  method: 'GET',
  path: '/api/thing/:thingId',
  summary: 'x',
  tag: 't',
  params: z.object({ thingId: z.coerce.number() }),
  response: z.object({ name: z.string() }),
});
const saveThing = defineRoute({
  method: 'POST',
  path: '/api/thing/save',
  summary: 'x',
  tag: 't',
  body: z.object({ name: z.string() }),
  response: z.string(),
  responseKind: 'text',
});

function fakeFetch(status: number, body: string, contentType = 'application/json') {
  return vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } })),
  );
}

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/a/:x/:y', { x: 1, y: 'a b/c' })).toBe('/api/a/1/a%20b%2Fc');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/a/:x', {})).toThrow('Missing path parameter x');
  });
});

describe('createApiClient', () => {
  it('asks for a fresh answer on the first call after a write, and only then', async () => {
    const fetch = fakeFetch(200, JSON.stringify({ name: 'n' }));
    const freshReads = createFreshReads();
    freshReads.begin().answered();
    const client = createApiClient({ baseUrl: '', fetch, freshReads });
    const cacheControl = (call: number) =>
      (fetch.mock.calls[call]?.[1]?.headers as Record<string, string>)['cache-control'];
    await client.call(getThing, { params: { thingId: 1 } });
    await client.send(saveThing, { body: { name: 'a' } });
    await client.call(getThing, { params: { thingId: 1 } });
    await client.call(getThing, { params: { thingId: 1 } });
    expect([0, 1, 2, 3].map(cacheControl)).toEqual([undefined, undefined, 'no-cache', undefined]);
  });

  it('counts a GET that changes data (the spec’s GET deletes) as a write', async () => {
    const deleteThing = defineRoute({ ...getThing, changesData: true });
    const fetch = fakeFetch(200, JSON.stringify({ name: 'n' }));
    const freshReads = createFreshReads();
    freshReads.begin().answered();
    const client = createApiClient({ baseUrl: '', fetch, freshReads });
    await client.call(deleteThing, { params: { thingId: 1 } });
    await client.call(getThing, { params: { thingId: 1 } });
    const sent = fetch.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(sent['cache-control']).toBe('no-cache');
  });

  it('counts neither a refused write nor a search sent by POST as a change', async () => {
    const search = defineRoute({ ...saveThing, tokenScope: 'items:read' });
    const freshReads = createFreshReads();
    freshReads.begin().answered();
    const refused = createApiClient({ baseUrl: '', fetch: fakeFetch(400, '{}'), freshReads });
    await expect(refused.call(saveThing, { body: { name: 'a' } })).rejects.toThrow();
    const fetch = fakeFetch(200, 'ok', 'text/plain');
    const client = createApiClient({ baseUrl: '', fetch, freshReads });
    await client.call(search, { body: { name: 'a' } });
    await client.call(search, { body: { name: 'a' } });
    const headers = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers.map((sent) => sent['cache-control'])).toEqual([undefined, undefined]);
  });

  it('sends the bearer token and parses the JSON answer', async () => {
    const fetch = fakeFetch(200, JSON.stringify({ name: 'n' }));
    const client = createApiClient({ baseUrl: 'http://s', getAccessToken: () => 'tok', fetch });
    await expect(client.call(getThing, { params: { thingId: 7 } })).resolves.toEqual({ name: 'n' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://s/api/thing/7');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends JSON bodies and reads text answers', async () => {
    const fetch = fakeFetch(200, 'Saved successfully', 'text/plain');
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.call(saveThing, { body: { name: 'a' } })).resolves.toBe(
      'Saved successfully',
    );
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"name":"a"}');
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns an error answer into an AppError with the server message', async () => {
    const fetch = fakeFetch(
      409,
      JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'Taken' }),
    );
    const client = createApiClient({ baseUrl: '', fetch });
    const error = await client.call(getThing, { params: { thingId: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Taken' });
  });

  it('calls onUnauthorized on a 401 (spec §4 Session)', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: '', fetch: fakeFetch(401, ''), onUnauthorized });
    await expect(client.call(getThing, { params: { thingId: 1 } })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends a raw body with the token and hands back the response itself', async () => {
    const fetch = fakeFetch(200, 'bytes', 'application/octet-stream');
    const client = createApiClient({ baseUrl: 'http://s', getAccessToken: () => 'tok', fetch });
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.txt');
    const response = await client.send(
      saveThing,
      { body: { name: 'unused' } },
      { body: form, signal: new AbortController().signal },
    );
    expect(await response.text()).toBe('bytes');
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    // FormData sets its own multipart content type, with the boundary.
    expect((init?.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('maps a raw call refused by the server like any call, 401 included', async () => {
    const onUnauthorized = vi.fn();
    const fetch = fakeFetch(
      401,
      JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again.' }),
    );
    const client = createApiClient({ baseUrl: '', fetch, onUnauthorized });
    await expect(client.send(getThing, { params: { thingId: 1 } })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Sign in again.',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('says the server is unreachable when fetch fails, but lets an abort through', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient({ baseUrl: '', fetch: failing });
    await expect(client.send(getThing, { params: { thingId: 1 } })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: SERVER_UNREACHABLE_MESSAGE,
    });
    const abort = new AbortController();
    abort.abort();
    const aborted = vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
    const stopped = createApiClient({ baseUrl: '', fetch: aborted });
    await expect(
      stopped.send(getThing, { params: { thingId: 1 } }, { signal: abort.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
