import { accountRoutes } from './account';
import { attachmentRoutes } from './attachments';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { closingRoutes } from './closing';
import { conversationRoutes, inboxRoutes } from './conversation';
import { dataExportRoutes } from './data-export';
import { dataFieldRoutes } from './data-fields';
import { extensionRoutes } from './extension';
import { integrationRoutes } from './integrations';
import { itemRoutes } from './item';
import { pinRoutes } from './pins';
import { liveRoutes } from './live';
import { projectRoutes } from './project';
import { systemRoutes } from './system';
import { teamRoutes } from './teams';
import { tokenRoutes } from './tokens';
import { trackerRoutes } from './trackers';
import { urlRuleRoutes } from './url-rules';
import { userRoutes } from './users';
import { workspaceRoutes } from './workspace';

export { ORG_NAME_MAX_LENGTH, ZOrgName } from './account';
export { ZAuthConfig, type TAuthConfig } from './auth';
export { billingTestRoutes } from './billing';
export { CLOSE_ORG_NAME_MISMATCH, closingTestRoutes } from './closing';
export { inboxTestRoutes, ZWrittenNote, type TWrittenNote } from './conversation';
export {
  DATA_FIELD_MAX_LENGTH,
  ZDataFieldName,
  ZDataFieldUsage,
  type TDataFieldUsage,
} from './data-fields';
export { PROJECT_NAME_MAX_LENGTH, ZProjectName } from './project';
export { ZProjectIds } from './teams';
export { ZWhoami, type TWhoami } from './users';

/**
 * The route table: every `/api` call of the product. The server registers each row; the
 * portal and the extension call them through `createApiClient`. Later features add their
 * rows by spreading their own table in here.
 */
export const routes = {
  ...systemRoutes,
  ...extensionRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...projectRoutes,
  ...urlRuleRoutes,
  ...itemRoutes,
  ...liveRoutes,
  ...attachmentRoutes,
  ...pinRoutes,
  ...conversationRoutes,
  ...inboxRoutes,
  ...dataFieldRoutes,
  ...userRoutes,
  ...teamRoutes,
  ...billingRoutes,
  ...workspaceRoutes,
  ...integrationRoutes,
  ...trackerRoutes,
  ...tokenRoutes,
  ...auditRoutes,
  ...dataExportRoutes,
  ...closingRoutes,
};

/** A key of the route table. */
export type RouteName = keyof typeof routes;
