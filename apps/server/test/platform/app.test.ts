import { AppError, defineRoute, routes } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoute } from '../../src/http/register-route';
import type { AppModule } from '../../src/modules/module';
import { buildTestApp, type TestApp } from '../support/helper';

// Probe routes exercise the real error handler and registerRoute with inputs and failures the
// product's routes cannot be made to produce on demand.
const probeEcho = defineRoute({
  method: 'POST',
  path: '/api/test/echo/:id',
  summary: 'Echoes its validated input.',
  tag: 'test',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.number(), name: z.string() }),
});
const probeText = defineRoute({
  method: 'GET',
  path: '/api/test/text',
  summary: 'Answers plain text.',
  tag: 'test',
  response: z.string(),
  responseKind: 'text',
});
const probeFail = defineRoute({
  method: 'GET',
  path: '/api/test/fail/:kind',
  summary: 'Fails as asked.',
  tag: 'test',
  params: z.object({ kind: z.enum(['app', 'crash']) }),
  response: z.object({}),
});

const probes: AppModule = async (app) => {
  registerRoute(app, probeEcho, {
    access: 'public',
    handler: ({ params, body }) => ({ id: params.id, name: body.name }),
  });
  registerRoute(app, probeText, { access: 'public', handler: () => 'plain words' });
  registerRoute(app, probeFail, {
    access: 'public',
    errors: ['CONFLICT'],
    handler: ({ params }) => {
      if (params.kind === 'app') throw new AppError('CONFLICT', 'That name is taken.');
      throw new Error('secret connection detail');
    },
  });
  await Promise.resolve();
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ plugins: [probes] });
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers liveness', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and is migrated, and the job queue runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'ready',
      jobs: { status: 'running', failed: 0 },
    });
  });
});

describe('/api routes', () => {
  it('answers ping', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('matches paths case-insensitively (the spec spells OrgSettings and orgSettings)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/API/Ping' });
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/x?y=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Route GET /api/x not found',
    });
  });

  it('passes validated, coerced input to the handler', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 'Ada' },
    });
    expect(response.json()).toEqual({ id: 7, name: 'Ada' });
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
  });

  it('answers invalid input with a 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toMatch(/^Invalid body: name: /);
  });

  it('answers invalid path parameters with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/abc',
      payload: { name: 'Ada' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Invalid params: id: /);
  });

  it('answers a body over the limit with a JSON 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an AppError with its status, code and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fail/app' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'That name is taken.',
    });
  });

  it('hides the details of an unexpected error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fail/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
    expect(response.body).not.toContain('secret');
  });

  it('answers text routes as text/plain', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/text' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('plain words');
  });

  it('records every /api route with its declared access', () => {
    expect(t.app.apiRoutes).toContainEqual({ method: 'GET', path: '/api/ping', access: 'public' });
    expect(t.app.apiRoutes).toContainEqual({
      method: 'GET',
      path: '/api/openapi.json',
      access: 'public',
    });
    expect(t.app.apiRoutes.filter((route) => route.path.startsWith('/api/docs'))).not.toEqual([]);
    expect(t.app.apiRoutes.filter((route) => route.access === undefined)).toEqual([]);
  });

  it('registers every row of the core route table', () => {
    const registered = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.path}`));
    expect(registered).toContain(`${routes.ping.method} ${routes.ping.path}`);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document of the /api routes only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/ping');
    expect(Object.keys(document.paths)).not.toContain('/healthz');
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('documents error answers and text responses', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content: object }> }>>;
    }>();
    const echo = document.paths['/api/test/echo/{id}']?.post;
    // 503: any call may find every database connection taken past DB_CONNECT_TIMEOUT_MS.
    expect(Object.keys(echo?.responses ?? {})).toEqual(['200', '400', '500', '503']);
    const text = document.paths['/api/test/text']?.get;
    expect(Object.keys(text?.responses['200']?.content ?? {})).toEqual(['text/plain']);
  });

  // Issue 25: the upload showed no request body at all.
  it("describes an upload's multipart body: the file part and the size limit", async () => {
    type FilePart = { type: string; format: string; description: string };
    type Body = { required: string[]; properties: { file: FilePart } };
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: Body }> } }>
      >;
    }>();
    const content =
      document.paths['/api/item/uploadAttachment/{itemId}']?.post?.requestBody?.content;
    expect(Object.keys(content ?? {})).toEqual(['multipart/form-data']);
    const schema = content?.['multipart/form-data']?.schema;
    expect(schema?.required).toEqual(['file']);
    expect(schema?.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema?.properties.file.description).toContain(`at most ${25 * 1024 * 1024} bytes`);
  });

  it('serves browsable docs from local assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
  });
});
