import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareScopeAccess } from './route-registry';

/** Options of {@link registerOpenApi}. */
export type OpenApiOptions = {
  /** Listed as the server of the document. */
  publicUrl: string;
};

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
    },
    transform: (input) => {
      // Only the product API belongs in the document: not health checks, portal or docs.
      if (!input.url.toLowerCase().startsWith('/api/'))
        return { schema: { hide: true }, url: input.url };
      return jsonSchemaTransform(input);
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
