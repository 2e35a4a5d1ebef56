import type { InjectOptions } from 'fastify';

/** What the extension asks the page lookup: the page, and optionally the organization and project. */
export type PageLookupInput = { pageUrl: string; projectId?: number; orgId?: number };

/** The page lookup's query string, as the extension sends it. */
export function pageLookupQuery(input: PageLookupInput): string {
  const query = new URLSearchParams({ pageUrl: input.pageUrl });
  if (input.projectId !== undefined) query.set('projectId', String(input.projectId));
  if (input.orgId !== undefined) query.set('orgId', String(input.orgId));
  return query.toString();
}

/** The page lookup (GET /api/item/getPageItems) as inject options. */
export function pageLookup(input: PageLookupInput): InjectOptions {
  return { method: 'GET', url: `/api/item/getPageItems?${pageLookupQuery(input)}` };
}
