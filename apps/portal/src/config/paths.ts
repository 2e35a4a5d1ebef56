// spec §2: every route path of the portal, in one place, with href helpers
// (bulletproof-react `config/paths.ts`). Paths are relative to the router basename (/client).

/** A route: its absolute path inside the app and a helper producing a link to it. */
type PathEntry = { path: string; getHref: () => string };

function entry(path: string): PathEntry {
  return { path, getHref: () => path };
}

/** All portal routes. `getHref()` results go to `<Link to>` / `navigate()`. */
export const paths = {
  home: {
    root: entry('/home'),
    productInfo: entry('/home/product-info'),
    useCases: entry('/home/use-cases'),
    plansPricing: entry('/home/plans-pricing'),
    faq: entry('/home/faq-page'),
    aboutUs: entry('/home/about-us'),
    terms: entry('/home/terms'),
  },
  userGuide: entry('/user-guide'),
  extensionWelcome: entry('/extension-welcome-page'),
  /** How to install the extension from this server (issue 25). */
  installExtension: entry('/install-extension'),
  app: {
    root: entry('/app'),
    account: entry('/app/account'),
    users: entry('/app/users'),
    dataFields: entry('/app/data-fields'),
    integrations: entry('/app/integrations'),
    projects: entry('/app/projects'),
    urlManagement: entry('/app/url-management'),
    /** Personal access tokens and organization API keys (issue 29). */
    apiTokens: entry('/app/api-tokens'),
    /** The organization's audit log (issue 33). */
    auditLog: entry('/app/audit-log'),
  },
  nonAdmin: entry('/non-admin'),
  /** Anyone's own personal access tokens, outside the admin area (issue 29). */
  myApiTokens: entry('/api-tokens'),
  /** Any signed-in user deletes their own account (issue 33); the extension's menu opens it. */
  deleteAccount: entry('/delete-account'),
  /** Any signed-in user's own data export (issue 33); the export mails link here. */
  yourData: entry('/your-data'),
  /** Any signed-in user's notification preferences (issue 27), linked from every notification mail. */
  notifications: entry('/notifications'),
  auth: {
    /** Where the identity provider returns with the authorization code (identity clients.ts). */
    callback: entry('/auth/callback'),
    /** The invitation e-mail's link (issue 12): sign-up with `?email=` filled in. */
    signUp: entry('/auth/sign-up'),
  },
} as const;
