import { randomUUID } from 'node:crypto';

/**
 * A new, unguessable key for a file of `orgId`: `org-<id>/<uuid>`. The client's file name never
 * reaches the store, so no name can escape the folder or collide.
 */
export function newStorageKey(orgId: number): string {
  return `org-${orgId}/${randomUUID()}`;
}
