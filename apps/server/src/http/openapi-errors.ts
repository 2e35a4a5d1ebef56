import { ERROR_STATUS, type ErrorCode } from '@waymark/core';
import { ERROR_EXAMPLE_MESSAGES } from './openapi-examples';

/** What each error status of the API means, with the codes it carries (docs/api.md "Errors"). */
const ERROR_MEANING: Record<number, string> = {
  400: 'Invalid input; nothing changed.',
  401: 'No, an unknown, an expired or a revoked token or session.',
  402: 'The payment failed, needs the customer to act (3-D Secure), or is still being processed (do not pay again).',
  403: 'Not allowed: a token scope missing, an administrators-only call, or a session-only call.',
  404: 'Not found, or not visible to the caller.',
  409: 'A conflict with the current state, or a plan limit reached.',
  413: 'The body or the file is too large.',
  429: 'A rate limit is reached: wait as Retry-After says.',
  500: 'An unexpected server error.',
  503: 'The server is overloaded for now (no database connection came in time, or a concurrent transaction aborted this one): retry after Retry-After.',
};

const CODES_BY_STATUS = new Map<number, ErrorCode[]>();
for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][])
  CODES_BY_STATUS.set(status, [...(CODES_BY_STATUS.get(status) ?? []), code]);

type Content = Record<string, { schema?: Record<string, unknown>; example?: unknown }>;
type Response = { description?: string; content?: Content; headers?: Record<string, unknown> };
type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, Response> }>>;
};

/**
 * Makes every error answer of the document say what it is (issue 29: every error code and its
 * shape): JSON (a text, file or event-stream route still fails with a JSON body, while the
 * generator gave its errors the route's success type), a description with the codes the status
 * carries (`code` limited to them), an example, and `Retry-After` on 429 and 503.
 */
export function describeErrorAnswers<T extends object>(document: T): T {
  for (const operations of Object.values((document as OpenApiDocument).paths ?? {}))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const codes = CODES_BY_STATUS.get(Number(status));
        if (!codes) continue;
        const schema = Object.values(response.content ?? {})[0]?.schema ?? {};
        const properties = (schema.properties ?? {}) as Record<string, object>;
        response.description = `${ERROR_MEANING[Number(status)] ?? 'Error.'} Code: ${codes.join(' or ')}.`;
        const example = ERROR_EXAMPLE_MESSAGES[Number(status)];
        response.content = {
          'application/json': {
            schema: {
              ...schema,
              properties: { ...properties, code: { type: 'string', enum: codes } },
            },
            ...(example && {
              example: { statusCode: Number(status), code: codes[0], message: example },
            }),
          },
        };
        if (status === '429' || status === '503')
          response.headers = {
            'Retry-After': {
              description:
                status === '429'
                  ? 'Seconds until the window ends and calls are accepted again.'
                  : 'Seconds to wait before trying again.',
              schema: { type: 'integer', minimum: 0 },
            },
          };
      }
  return document;
}
