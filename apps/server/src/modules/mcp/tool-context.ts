import { AppError, type TTokenScope } from '@waymark/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Caller } from '../auth/index';
import type { PageLookupCache } from '../items/index';
import { hasScope, tokenScopeMissing } from '../tokens/index';

/** What every MCP tool receives: the database, the caller of this request and a logger. */
export type ToolContext = {
  db: Db;
  cache: PageLookupCache;
  caller: Caller;
  log: FastifyBaseLogger;
};

/** Refuses a tool call a token's scopes do not cover (a signed-in session has every scope). */
export function requireScope(caller: Caller, scope: TTokenScope): void {
  if (caller.grant && !hasScope(caller.grant, scope))
    throw new AppError('FORBIDDEN', tokenScopeMissing(scope));
}

/** A compact text answer. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/**
 * Runs a tool's work and turns any failure into a tool error (never a transport error or a
 * 500): an AppError's message is the caller's to read; anything else is logged and answered
 * with a generic line.
 */
export async function runTool(
  context: ToolContext,
  name: string,
  work: () => Promise<string>,
): Promise<CallToolResult> {
  try {
    return textResult(await work());
  } catch (error) {
    if (error instanceof AppError)
      return { isError: true, content: [{ type: 'text', text: error.message }] };
    context.log.error({ err: error, tool: name }, 'mcp tool failed');
    return {
      isError: true,
      content: [{ type: 'text', text: `The ${name} tool failed; try again.` }],
    };
  }
}
