import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError, ERROR_STATUS } from '@waymark/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { countCallerRequest } from '../access/index';
import type { PageLookupCache } from '../items/index';
import { createMcpServer } from './create-mcp-server';

/** The JSON-RPC error an HTTP-level refusal answers with (no request id is known yet). */
function refuse(reply: FastifyReply, error: AppError): FastifyReply {
  const status = ERROR_STATUS[error.code];
  if (status === 401) void reply.header('WWW-Authenticate', 'Bearer realm="waymark"');
  return reply
    .status(status)
    .send({ jsonrpc: '2.0', error: { code: -32001, message: error.message }, id: null });
}

/** The longest batch the SDK's transport answers (its `MAX_BATCH_SIZE`, not exported). */
const MAX_BATCH_MESSAGES = 100;

/**
 * How many JSON-RPC messages a body holds: a batch (an array) counts each; anything else is one
 * message, or one malformed request the transport refuses. A longer batch is refused by the
 * transport (400) and counts as the longest: a 1 MiB array of a few hundred thousand elements
 * must not add that much to a counter (PostgreSQL's integer would overflow into a 500).
 */
function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.min(Math.max(1, body.length), MAX_BATCH_MESSAGES) : 1;
}

/**
 * `POST /mcp`: authenticates the bearer token (an API token or a signed-in session's JWT),
 * counts it against the caller's rate limits, each message of a JSON-RPC batch as one request
 * (a batch past the limit is refused whole: 429 with the JSON-RPC error of every refusal), then lets a fresh stateless MCP server answer the
 * JSON-RPC message over the Streamable HTTP transport (JSON answers, no session: any server copy
 * can answer any request).
 */
export async function handleMcpRequest(
  deps: { db: Db; cache: PageLookupCache },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  let caller;
  try {
    caller = await request.server.authenticator.authenticate(request.headers.authorization);
    await countCallerRequest(request, reply, caller, messageCount(request.body));
  } catch (error) {
    if (error instanceof AppError) return refuse(reply, error);
    throw error;
  }
  const server = createMcpServer({ ...deps, caller, log: request.log });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  // The transport writes the answer itself, with the headers set so far (rate limits).
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
  await transport.handleRequest(request.raw, reply.raw, request.body);
  return reply;
}
