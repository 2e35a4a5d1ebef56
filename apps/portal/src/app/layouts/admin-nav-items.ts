import { paths } from '../../config/paths';

/** A sidebar entry of the admin area. */
export type AdminNavItem = { label: string; to: string };

/** spec §2: the admin sidebar's screens; Projects is /app/url-management. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { label: 'Account', to: paths.app.account.getHref() },
  { label: 'Users', to: paths.app.users.getHref() },
  { label: 'Data Fields', to: paths.app.dataFields.getHref() },
  { label: 'Projects', to: paths.app.urlManagement.getHref() },
  { label: 'Integrations', to: paths.app.integrations.getHref() },
  { label: 'API Tokens', to: paths.app.apiTokens.getHref() },
  { label: 'Audit Log', to: paths.app.auditLog.getHref() },
];
