/** TanStack Query keys shared by the features that read or refresh the same server data. */
export const queryKeys = {
  /** The signed-in user of the UserManager. */
  sessionUser: ['session-user'],
  /** GET /api/account/getOrgs. */
  organizations: ['organizations'],
  /** GET /api/account/getSiteNotifications. */
  notifications: ['site-notifications'],
  /** GET /api/account/getOrgPlanInfo/{orgId}: the plan, its limits, licences and billing status. */
  orgPlan: (orgId: number) => ['org-plan', orgId] as const,
  /** GET /api/project/getAllProjects/{orgId}: read by the Data Fields and Projects screens. */
  projects: (orgId: number) => ['projects', orgId] as const,
} as const;
