import { routes, type RouteName } from '@waymark/core';
import { SERVER_BUSY_MESSAGE } from '../db/pool-busy';

/** An example call of a route: its query parameters and its JSON body. */
export type RouteExample = { query?: Record<string, string>; body?: Record<string, unknown> };

/**
 * Example requests of the calls scripts and assistants make most (issue 29: the public API with
 * examples), shown in the OpenAPI document. Each is checked against its route's schema
 * (`test/platform/openapi-completeness.test.ts`), so an example never drifts from what the
 * server accepts.
 */
export const ROUTE_EXAMPLES: Partial<Record<RouteName, RouteExample>> = {
  getPageItems: { query: { pageUrl: 'https://staging.shop.example/cart?step=2' } },
  searchItems: { body: { projectId: 3, text: 'coupon' } },
  createItem: {
    body: {
      projectId: 3,
      relativePath: '/cart',
      title: 'Cart total ignores coupons',
      itemTypeId: 1,
      itemStatusId: 1,
      descriptionHtml: '<p>Seen on Safari 18 with the code SPRING.</p>',
      tags: ['checkout'],
    },
  },
  updateItem: { body: { itemId: 42, itemStatusId: 3 } },
  addItemNote: { body: { itemId: 42, text: 'Fixed in 2.1, deployed to staging.' } },
  createMyToken: {
    body: {
      name: 'CI',
      scopes: ['items:read', 'items:write'],
      expiresAt: '2027-03-01T00:00:00.000Z',
      idempotencyKey: '6f1c2a9e-4b7d-4e0a-9c3f-2d8b5a1e7f60',
    },
  },
  createOrgApiKey: {
    body: {
      orgId: 7,
      name: 'Deploy bot',
      scopes: ['items:read'],
      projectIds: [3],
      idempotencyKey: '0b9e61d4-7c2f-4a55-8e13-94a0c6f2d7b1',
    },
  },
};

/** An example message per error status, as the server words it, for the error answers. */
export const ERROR_EXAMPLE_MESSAGES: Record<number, string> = {
  400: 'Invalid body: scopes: choose at least one scope',
  401: 'This API token is not valid: it was revoked, has expired or does not exist.',
  402: 'Your card was declined.',
  403: 'This API token lacks the "items:write" scope this call needs.',
  404: 'Project not found.',
  409: 'You already have 50 active personal access tokens, the most allowed. Revoke one you no longer use, then create this one.',
  429: 'Too many requests with this API token. Retry after the time in Retry-After.',
  500: 'Internal server error',
  503: SERVER_BUSY_MESSAGE,
};

type Operation = {
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
};
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/** Puts {@link ROUTE_EXAMPLES} on their operations: the body's example, each query value's. */
export function addRequestExamples<T extends object>(document: T): T {
  const paths = (document as OpenApiDocument).paths ?? {};
  for (const [name, example] of Object.entries(ROUTE_EXAMPLES)) {
    const route = routes[name as RouteName];
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = paths[path]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const json = operation.requestBody?.content?.['application/json'];
    if (json && example.body) json.example = example.body;
    for (const parameter of operation.parameters ?? [])
      if (parameter.in === 'query' && example.query?.[parameter.name] !== undefined)
        parameter.example = example.query[parameter.name];
  }
  return document;
}
