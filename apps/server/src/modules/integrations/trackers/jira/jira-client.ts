import { ApiError, type Client, type SendRequestOptions } from 'jira.js/core';

/**
 * jira.js's `Client` (what `createCloudClient` and the admin-webhook calls send through) over a
 * given `fetch`: the guarded one of outgoing calls (`guarded-fetch.ts`), since jira.js's own
 * client calls the global `fetch`, which follows redirects unchecked. Basic auth (e-mail + API
 * token); a non-2xx answer is jira.js's `ApiError` with its status, as the library's own client
 * throws it; answers are handed back as Jira sent them (the adapter reads a few fields and
 * tolerates the rest, like `onSchemaMismatch: 'silent'`).
 */
export function createJiraClient(input: {
  siteUrl: string;
  email: string;
  token: string;
  fetch: typeof fetch;
}): Client {
  const authorization = `Basic ${Buffer.from(`${input.email}:${input.token}`).toString('base64')}`;
  return {
    async sendRequest<T>(request: SendRequestOptions<T>): Promise<T> {
      const url = new URL(request.url.replace(/^\/?/, '/'), input.siteUrl);
      for (const [name, value] of Object.entries(request.searchParams ?? {}))
        for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
          if (item !== undefined && item !== null) url.searchParams.append(name, paramText(item));
      const hasBody = request.body !== undefined && request.body !== null;
      const response = await input.fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          authorization,
          ...(hasBody && { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(hasBody && { body: JSON.stringify(request.body) }),
      });
      const text = await response.text();
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
