import type { Page } from '@playwright/test';

/** A portal call as the network log saw it. */
export type LoggedCall = { method: string; path: string; status: number; body: string | null };

/**
 * Records every /api/ call `page` makes from now on, with its answer's status (issue 25: the
 * first landing is checked for calls made before an organization exists).
 */
export function logApiCalls(page: Page): LoggedCall[] {
  const calls: LoggedCall[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const request = response.request();
    calls.push({
      method: request.method(),
      path: `${url.pathname}${url.search}`,
      status: response.status(),
      body: request.postData(),
    });
  });
  return calls;
}

/** The calls that name organization 0: a `/0` path segment, `orgId=0`, or `"orgId":0` in the body. */
export function callsForOrgZero(calls: readonly LoggedCall[]): LoggedCall[] {
  return calls.filter(
    (call) =>
      /\/0(?:[/?]|$)/.test(call.path) ||
      /[?&]orgId=0(?:&|$)/.test(call.path) ||
      /"orgId":\s*0\b/.test(call.body ?? ''),
  );
}
