import { AppError, JIRA_ANSWER_TOO_LARGE } from '@waymark/core';
import { ApiError, type Client, type SendRequestOptions } from 'jira.js/core';

/** The most of one answer read (decision 0135): Jira's largest (a page of issues) are far below. */
export const JIRA_MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/**
 * jira.js's `Client` (what `createCloudClient` and the admin-webhook calls send through) over a
 * given `fetch`: the guarded one of outgoing calls (`guarded-fetch.ts`), since jira.js's own
 * client calls the global `fetch`, which follows redirects unchecked. Basic auth (e-mail + API
 * token); a non-2xx answer is jira.js's `ApiError` with its status, as the library's own client
 * throws it; answers are handed back as Jira sent them (the adapter reads a few fields and
 * tolerates the rest, like `onSchemaMismatch: 'silent'`). Each request is aborted after
 * `timeoutMs`, answer included, and an answer over {@link JIRA_MAX_ANSWER_BYTES} is refused
 * with {@link JIRA_ANSWER_TOO_LARGE} (decision 0135): a site that trickles or floods holds
 * neither a socket nor memory.
 */
export function createJiraClient(input: {
  siteUrl: string;
  email: string;
  token: string;
  fetch: typeof fetch;
  timeoutMs: number;
}): Client {
  const authorization = `Basic ${Buffer.from(`${input.email}:${input.token}`).toString('base64')}`;
  return {
    async sendRequest<T>(request: SendRequestOptions<T>): Promise<T> {
      const url = new URL(request.url.replace(/^\/?/, '/'), input.siteUrl);
      for (const [name, value] of Object.entries(request.searchParams ?? {}))
        for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
          if (item !== undefined && item !== null) url.searchParams.append(name, paramText(item));
      const hasBody = request.body !== undefined && request.body !== null;
      const signal = AbortSignal.timeout(input.timeoutMs);
      const response = await input.fetch(url, {
        signal,
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          authorization,
          ...(hasBody && { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(hasBody && { body: JSON.stringify(request.body) }),
      });
      const text = await readCapped(response);
      if (!response.ok)
        throw new ApiError(
          `Request failed: ${response.status} ${response.statusText}`,
          response.status,
          response.statusText,
          parsed(text),
        );
      return (response.status === 204 ? undefined : parsed(text)) as T;
    },
  };
}

/** The answer's text, refused past {@link JIRA_MAX_ANSWER_BYTES} without reading further. */
async function readCapped(response: Response): Promise<string> {
  const tooLarge = () => new AppError('BAD_REQUEST', JIRA_ANSWER_TOO_LARGE);
  if (Number(response.headers.get('content-length') ?? 0) > JIRA_MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // The request's signal aborts this read too when the time is up.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > JIRA_MAX_ANSWER_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// As jira.js's own client writes them: arrays as repeated parameters, objects as JSON.
function paramText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
