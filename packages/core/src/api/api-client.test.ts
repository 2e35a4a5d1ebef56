import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { createApiClient } from './api-client';
import { buildPath, defineRoute } from './define-route';

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
});
