import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';

// Issue 29: the OpenAPI document states the token scheme and each operation's token scope.

type Operation = { security?: Record<string, string[]>[]; description?: string };
type Document = {
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
};

// The one-click unsubscribe (issue 27, RFC 8058) is authorised by the signed token in its link.
const PUBLIC_OPERATIONS = [
  'get /api/auth-config',
  'get /api/extension/download',
  'get /api/inbox/unsubscribe',
  'get /api/ping',
  'post /api/inbox/unsubscribe',
  // Issue 30: a tracker's webhook, signed by the vendor instead of signed in.
  'post /api/integrations/{connectionId}/{vendor}/webhook',
];

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
});
afterAll(() => t.close());

describe('OpenAPI token scheme', () => {
  it('declares the bearer scheme', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('names the scope of every guarded operation, and none on public ones', () => {
    expect(document.paths['/api/item/getPageItems']?.get?.security).toEqual([
      { bearer: ['items:read'] },
    ]);
    expect(document.paths['/api/item/createItem']?.post?.security).toEqual([
      { bearer: ['items:write'] },
    ]);
    expect(document.paths['/api/item/searchItems']?.post?.security).toEqual([
      { bearer: ['items:read'] },
    ]);
    expect(document.paths['/api/project/saveProject']?.post?.security).toEqual([
      { bearer: ['admin'] },
    ]);
    expect(document.paths['/api/tokens/createMyToken']?.post?.security).toEqual([
      { bearer: ['session'] },
    ]);
    expect(document.paths['/api/tokens/createMyToken']?.post?.description).toContain(
      'API tokens are refused',
    );
    expect(document.paths['/api/ping']?.get?.security).toBeUndefined();
    const unsecured = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.security)
        .map(([method]) => `${method} ${path}`),
    );
    // Only the public routes: health, sign-in configuration, the install page's download, unsubscribe.
    expect(unsecured.sort()).toEqual(PUBLIC_OPERATIONS);
  });
});
