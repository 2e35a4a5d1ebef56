import type { RouteName } from '@waymark/core';
import type { MessageHandler } from '../../messaging/index';
import type { OfflineCache } from './offline-cache';
import { isUnreachable } from './page-data';

/**
 * The reads a panel needs to show a page without network besides the page lookup: the user's
 * organizations and the data fields of the project (types, statuses, releases, assignees).
 */
export const OFFLINE_READ_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'getOrgs',
  'getItemTypeOptions',
  'getStatusOptions',
  'getReleaseOptions',
  'getAssigneeOptions',
]);

/** The offline cache entry of one read: its route and input. */
export function offlineReadId(route: RouteName, input: unknown): string {
  return `callApi:${JSON.stringify([route, input ?? null])}`;
}

/**
 * Wraps the `callApi` handler: answers of {@link OFFLINE_READ_ROUTES} are kept in the offline
 * cache and given back when the server cannot be reached. Anything else passes through.
 */
export function withOfflineReads(
  callApi: MessageHandler<'callApi'>,
  cache: OfflineCache,
): MessageHandler<'callApi'> {
  return async (payload, sender) => {
    if (!OFFLINE_READ_ROUTES.has(payload.route)) return callApi(payload, sender);
    const id = offlineReadId(payload.route, payload.input);
    try {
      const answer = await callApi(payload, sender);
      await cache.write(id, answer).catch(() => undefined);
      return answer;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const kept = await cache.read(id);
      if (!kept) throw error;
      return kept.value;
    }
  };
}
