import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';

/**
 * orgAccessLevelDescription (spec §3, §6): the creator of an organization is its Owner (level 1,
 * never deleted or re-invited); other level-1 members are Admin; level 2 is User.
 */
export function describeAccessLevel(
  accessLevelId: number,
  isOwner: boolean,
): 'Owner' | 'Admin' | 'User' {
  if (isOwner) return 'Owner';
  return accessLevelId === ADMIN_ACCESS_LEVEL_ID ? 'Admin' : 'User';
}
