// Portal pages the extension and the server's e-mails link to, as absolute paths on the server
// (the portal is served under /client). The portal's own route table is apps/portal/src/config/paths.ts.

/** Portal pages linked from outside the portal. */
export const PORTAL_LINKS = {
  /** Where an administrator lands in the admin area. */
  adminHome: '/client/app/account',
  /** Personal access tokens and organization API keys (issue 29): the admin area's screen. */
  apiTokens: '/client/app/api-tokens',
  /** Anyone's own personal access tokens, outside the admin area (issue 29). */
  myApiTokens: '/client/api-tokens',
  /** Anyone's own account deletion (issue 33). */
  deleteAccount: '/client/delete-account',
  /** Anyone's own data export (issue 33); export mails link here with `?export=<id>`. */
  yourData: '/client/your-data',
  /** The public user guide (spec §2). */
  userGuide: '/client/user-guide',
  /** The public page with the steps to install the extension from this server (issue 25). */
  installExtension: '/client/install-extension',
  /** Any signed-in user's notification preferences (issue 27): every notification mail links here. */
  notificationPreferences: '/client/notifications',
} as const;
