/** TanStack Query keys shared by the features that read or refresh the same server data. */
export const queryKeys = {
  /** The signed-in user of the UserManager. */
  sessionUser: ['session-user'],
  /** GET /api/account/getOrgs. */
  organisations: ['organisations'],
  /** GET /api/account/getSiteNotifications. */
  notifications: ['site-notifications'],
  /** GET /api/account/getOrgPlanInfo/{orgId}: the plan whose limits the admin screens show. */
  orgPlanInfo: (orgId: number) => ['org-plan-info', orgId] as const,
} as const;
