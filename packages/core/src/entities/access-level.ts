import { ADMIN_ACCESS_LEVEL_ID } from '../constants/constants';

/** orgAccessLevelDescription values (spec §3, §6; issue 12 names them Owner, Admin, Member). */
export type OrgAccessLevelDescription = 'Owner' | 'Admin' | 'Member';

/**
 * orgAccessLevelDescription (spec §3, §6): the creator of an organization is its Owner (level 1,
 * never deleted or re-invited); other level-1 members are Admin; level 2 is Member.
 */
export function describeAccessLevel(
  accessLevelId: number,
  isOwner: boolean,
): OrgAccessLevelDescription {
  if (isOwner) return 'Owner';
  return accessLevelId === ADMIN_ACCESS_LEVEL_ID ? 'Admin' : 'Member';
}
