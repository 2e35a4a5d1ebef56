import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { routes, type RouteDef } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeErrorAnswers } from './openapi-errors';
import { addRequestExamples } from './openapi-examples';
import { declareScopeAccess } from './route-registry';

/** Options of {@link registerOpenApi}. */
export type OpenApiOptions = {
  /** Listed as the server of the document. */
  publicUrl: string;
  /** Largest file an upload accepts (`ATTACHMENT_MAX_BYTES`), stated in the upload's body. */
  maxFileBytes: number;
};

const UPLOADS: readonly RouteDef[] = Object.values(routes).filter(
  (route: RouteDef) => route.fileField !== undefined,
);

/**
 * The multipart/form-data body of an upload route (issue 25: the document showed none): one file
 * part named `field`, at most `maxFileBytes`. Its own type is ignored; the server detects it.
 */
function describeUploadBody(field: string, maxFileBytes: number) {
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: {
        type: 'string',
        format: 'binary',
        description: `The file, at most ${maxFileBytes} bytes (413 beyond). Its type is detected from its bytes and name; the part's Content-Type is ignored.`,
      },
    },
    additionalProperties: false,
  };
}

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * States how a route is authorised (issue 29): the bearer scheme on every guarded route, and the
 * API token scope it needs (the role of its security requirement; `session`: no token may).
 */
function withSecurity(
  transformed: Transformed,
  config: { access?: unknown; tokenScope?: string } | undefined,
): Transformed {
  if (!config?.access || config.access === 'public') return transformed;
  const scope = config.tokenScope ?? 'session';
  const note =
    scope === 'session'
      ? 'Needs a signed-in session: API tokens are refused (403).'
      : `API tokens need the \`${scope}\` scope.`;
  const schema = transformed.schema as Record<string, unknown>;
  return {
    ...transformed,
    schema: {
      ...schema,
      // OpenAPI 3.1 lets a non-OAuth scheme list the roles an operation needs: the token scope.
      security: [{ bearer: [scope] }],
      description: [schema.description, note].filter(Boolean).join('\n\n'),
    },
  };
}

/**
 * OpenAPI 3.1 generated from the zod schemas of the `/api` routes, served at
 * `/api/openapi.json`, with Swagger UI (bundled assets, no CDN) at `/api/docs`.
 * Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waymark API',
        version: '1.0.0',
        description: 'The REST API of Waymark, generated from the route table of @waymark/core.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (`wmk_pat_…` personal access token or `wmk_key_…` organization API key, docs/api.md) or the access token (JWT) of a signed-in session. Each operation lists the token scope it needs as the role of its security requirement.',
          },
        },
      },
    },
    // Always the OpenAPI form here (the `openapi` option above); the Swagger 2 one never comes.
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? addRequestExamples(describeErrorAnswers(documentObject.openapiObject))
        : documentObject.swaggerObject,
    transform: (input) => {
      // Only the product API belongs in the document: not health checks, portal or docs.
      if (!input.url.toLowerCase().startsWith('/api/'))
        return { schema: { hide: true }, url: input.url };
      const transformed = withSecurity(jsonSchemaTransform(input), input.route.config);
      const upload = UPLOADS.find(
        (route) => route.path === input.url && route.method === input.route.method,
      );
      if (upload?.fileField === undefined) return transformed;
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          consumes: ['multipart/form-data'],
          body: describeUploadBody(upload.fileField, options.maxFileBytes),
        },
      };
    },
  });
  await app.register(async (docs) => {
    declareScopeAccess(docs, 'public');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, () =>
    app.swagger(),
  );
}
