/** TanStack Query keys shared by the features that read or refresh the same server data. */
export const queryKeys = {
  /** The signed-in user of the UserManager. */
  sessionUser: ['session-user'],
  /** GET /api/account/getOrgs. */
  organizations: ['organizations'],
  /** GET /api/account/getSiteNotifications. */
  notifications: ['site-notifications'],
} as const;
