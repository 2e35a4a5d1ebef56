import { routes, type RouteDef } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_EXAMPLES } from '../../src/http/openapi-examples';
import { buildTestApp, type TestApp } from '../support/helper';

// Issue 29: the public API is the route table, documented completely: every route is in the
// OpenAPI document with its request body (JSON, or multipart for an upload), its parameters, and
// every error answer with the one error shape; guarded routes state 401 and 429.

type Schema = { type?: string; required?: string[]; properties?: Record<string, unknown> };
type Operation = {
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
});
afterAll(() => t.close());

const table = Object.entries(routes) as [string, RouteDef][];

function operationOf(route: RouteDef): Operation | undefined {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return document.paths[path]?.[route.method.toLowerCase()];
}

describe('OpenAPI completeness', () => {
  it.each(table)('documents %s: body, parameters and every error with its shape', (_, route) => {
    const operation = operationOf(route);
    expect(operation, `${route.method} ${route.path}`).toBeDefined();
    if (!operation) return;
    const body = operation.requestBody?.content;
    if (route.fileField) {
      expect(Object.keys(body ?? {})).toEqual(['multipart/form-data']);
      expect(body?.['multipart/form-data']?.schema.required).toEqual([route.fileField]);
    } else if (route.body) {
      expect(Object.keys(body ?? {})).toEqual(['application/json']);
      // An object, or (createOrgExistingUser, spec §7) an object or nothing.
      expect(JSON.stringify(body?.['application/json']?.schema)).toContain('"type":"object"');
    } else expect(body).toBeUndefined();
    const pathParams = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
    const documented = (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => parameter.name);
    expect(documented.sort()).toEqual(pathParams.sort());
    const errors = Object.entries(operation.responses).filter(([status]) => status !== '200');
    expect(errors.map(([status]) => status)).toContain('500');
    // Every error is the one JSON shape, text and file routes included, and says its codes.
    for (const [status, response] of errors) {
      expect(Object.keys(response.content ?? {}), `${route.path} ${status}`).toEqual([
        'application/json',
      ]);
      const schema = response.content?.['application/json']?.schema;
      expect(schema?.required).toEqual(expect.arrayContaining(['statusCode', 'code', 'message']));
      expect(response.description).toMatch(/Code: [A-Z_]+/);
    }
    if (operation.security)
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '429']));
    if (route.params || route.query || route.body)
      expect(Object.keys(operation.responses)).toContain('400');
  });

  it('says which codes an error status carries, and when to retry after a 429', () => {
    const responses = operationOf(routes.revokeOrgApiKey)?.responses ?? {};
    expect(responses['409']).toBeUndefined();
    const created = operationOf(routes.createMyToken)?.responses ?? {};
    expect(created['409']?.description).toBe(
      'A conflict with the current state, or a plan limit reached. Code: CONFLICT or PLAN_LIMIT.',
    );
    const tooMany = created['429'] as { headers?: Record<string, unknown> } | undefined;
    expect(Object.keys(tooMany?.headers ?? {})).toEqual(['Retry-After']);
    // The text route revokeOrgApiKey answers its errors as JSON like every other.
    expect(Object.keys(responses['403']?.content ?? {})).toEqual(['application/json']);
  });

  it('states the answers token creation can give, the cap and idempotency conflicts included', () => {
    for (const route of [routes.createMyToken, routes.createOrgApiKey]) {
      const operation = operationOf(route);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '409', '429', '500']),
      );
      const body = operation?.requestBody?.content['application/json']?.schema;
      expect(Object.keys(body?.properties ?? {})).toContain('idempotencyKey');
    }
  });

  it.each(Object.entries(ROUTE_EXAMPLES))(
    'shows an example call of %s that its schema accepts',
    (name, example) => {
      const route = (routes as Record<string, RouteDef>)[name]!;
      const operation = operationOf(route);
      if (example.body) {
        expect(route.body?.safeParse(example.body).error).toBeUndefined();
        expect(operation?.requestBody?.content['application/json']?.example).toEqual(example.body);
      }
      if (example.query) {
        expect(route.query?.safeParse(example.query).error).toBeUndefined();
        const shown = Object.fromEntries(
          (operation?.parameters ?? [])
            .filter((parameter) => parameter.example !== undefined)
            .map((parameter) => [parameter.name, parameter.example]),
        );
        expect(shown).toEqual(example.query);
      }
    },
  );

  it('gives every error answer an example of the error shape', () => {
    const created = operationOf(routes.createMyToken)?.responses ?? {};
    const conflict = created['409']?.content?.['application/json'] as { example?: unknown };
    expect(conflict.example).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message:
        'You already have 50 active personal access tokens, the most allowed. Revoke one you no longer use, then create this one.',
    });
  });
});
