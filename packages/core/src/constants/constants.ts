// The business constants of product-spec §9, as typed data. Change them here only.

/** spec §9: the banner hides itself after this many milliseconds. */
export const BANNER_AUTO_HIDE_MS = 20_000;
/** spec §9: associated domains shown per page on the Project screen. */
export const DOMAINS_PAGE_SIZE = 3;
/** spec §9: URL paths shown per page on the Project screen. */
export const URL_PATHS_PAGE_SIZE = 3;
/** spec §9: rows per page of the users table. */
export const USERS_PAGE_SIZE = 5;
/** spec §9: rows per page of the projects table. */
export const PROJECTS_PAGE_SIZE = 5;
/** spec §9: rows per page of the payment history. */
export const PAYMENT_HISTORY_PAGE_SIZE = 3;
/** spec §9: delay before the No Projects Found dialog opens. */
export const NO_PROJECTS_DIALOG_DELAY_MS = 500;
/** spec §9: length of the free trial. */
export const TRIAL_LENGTH_DAYS = 30;
/** spec §3, §9: the organization id kept in browser storage when none is selected. */
export const DEFAULT_ORG_ID = 0;
/** spec §6, §9: org access level of administrators. */
export const ADMIN_ACCESS_LEVEL_ID = 1;
/** spec §3, §9: org access level given to invited users. */
export const MEMBER_ACCESS_LEVEL_ID = 2;
/** spec §3, §9: the fixed projectAccessId sent with an invitation. */
export const INVITE_PROJECT_ACCESS_ID = 1;
/** spec §9: maximum height of the project list. */
export const PROJECT_LIST_MAX_HEIGHT = '13rem';
/** spec §9: the two responsive breakpoints, in CSS pixels. */
export const BREAKPOINTS = { tablet: 768, desktop: 1273 } as const;
/** spec §9: support hours shown in the Help modal. */
export const SUPPORT_HOURS = 'Monday to Friday 9AM to 5PM EST';
/** Support contact shown in the Help modal and the footer. */
export const SUPPORT_EMAIL = 'support@waymark.app';
/** Support phone shown in the Help modal. */
export const SUPPORT_PHONE = '+1 (614) 555-0142';
/** spec §9: the extension version label shown in the Help modal. */
export const EXTENSION_VERSION_LABEL = 'v 1.0.0';
/** The product's name as users see it. */
export const PRODUCT_NAME = 'Waymark';

/** spec §3: the keys the portal keeps in browser storage, spelt as the spec spells them. */
export const STORAGE_KEYS = {
  orgId: 'orgId',
  organizations: 'organisations',
  orgAccessLevelId: 'orgAccessLevelId',
  loggedInButNoOrgs: 'loggedInButNoOrgs',
} as const;
