import { createPageLookupCache } from '../items/index';
import { defineModule, type AppModule } from '../module';
import { handleMcpRequest } from './handle-mcp-request';

/** The MCP endpoint's path (docs/mcp.md). */
export const MCP_PATH = '/mcp';

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: {
    code: -32000,
    message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages.',
  },
  id: null,
} as const;

/**
 * Issue 29: the MCP server for coding assistants at `/mcp` (Streamable HTTP, stateless), its
 * tools calling the items services directly under the same access rules as the API.
 */
const registerMcp: AppModule = (app, { db, changes }) => {
  const cache = createPageLookupCache(changes);
  app.post(MCP_PATH, { config: { access: 'authenticated' } }, (request, reply) =>
    handleMcpRequest({ db, cache }, request, reply),
  );
  // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
  app.get(MCP_PATH, { config: { access: 'authenticated' } }, (_request, reply) =>
    reply.status(405).header('Allow', 'POST').send(METHOD_NOT_ALLOWED),
  );
  app.delete(MCP_PATH, { config: { access: 'authenticated' } }, (_request, reply) =>
    reply.status(405).header('Allow', 'POST').send(METHOD_NOT_ALLOWED),
  );
  return Promise.resolve();
};

/** The mcp module's manifest: what it depends on, the tables it owns, its routes. */
export const mcpModule = defineModule({
  name: 'mcp',
  summary:
    'The MCP server at `/mcp` (Streamable HTTP): item tools and page resources for assistants.',
  dependsOn: ['access', 'conversation', 'items', 'auth', 'tokens'],
  ownsTables: [],
  register: registerMcp,
});
