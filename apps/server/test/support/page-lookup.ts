import type { InjectOptions } from 'fastify';
import { toQueryString } from './query-string';

/** What the extension asks the page lookup: the page, and optionally the organization and project. */
export type PageLookupInput = { pageUrl: string; projectId?: number; orgId?: number };

/** The page lookup's query string, as the extension sends it. */
export function pageLookupQuery({ pageUrl, projectId, orgId }: PageLookupInput): string {
  return toQueryString({ pageUrl, projectId, orgId });
}

/** The page lookup (GET /api/item/getPageItems) as inject options. */
export function pageLookup(input: PageLookupInput): InjectOptions {
  return { method: 'GET', url: `/api/item/getPageItems?${pageLookupQuery(input)}` };
}
