import { randomUUID } from 'node:crypto';

/** Every attachment key starts with this; the store's other files live under other prefixes. */
export const ATTACHMENT_KEY_PREFIX = 'org-';

/**
 * A new, unguessable key for a file of `orgId`: `org-<id>/<uuid>`. The client's file name never
 * reaches the store, so no name can escape the folder or collide.
 */
export function newStorageKey(orgId: number): string {
  return `${orgKeyPrefix(orgId)}${randomUUID()}`;
}

/** The prefix of every key of `orgId` in the store: `org-<id>/` (the slash keeps org-1 from org-10). */
export function orgKeyPrefix(orgId: number): string {
  return `${ATTACHMENT_KEY_PREFIX}${orgId}/`;
}
