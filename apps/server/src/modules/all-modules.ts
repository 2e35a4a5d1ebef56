import { accessModule } from './access/index';
import { accountModule } from './account/index';
import { attachmentsModule } from './attachments/index';
import { auditModule } from './audit/index';
import { authModule } from './auth/index';
import { billingModule } from './billing/index';
import { closingModule } from './closing/index';
import { conversationModule } from './conversation/index';
import { dataExportModule } from './data-export/index';
import { dataFieldsModule } from './data-fields/index';
import { entitlementsModule } from './entitlements/index';
import { extensionModule } from './extension/index';
import { identityModule } from './identity/index';
import { inboxModule } from './inbox/index';
import { integrationsModule } from './integrations/index';
import { itemsModule } from './items/index';
import { liveModule } from './live/index';
import { mailModule } from './mail/index';
import { mcpModule } from './mcp/index';
import type { ModuleManifest } from './module';
import { notificationsModule } from './notifications/index';
import { organizationsModule } from './organizations/index';
import { pinsModule } from './pins/index';
import { projectsModule } from './projects/index';
import { systemModule } from './system/index';
import { teamsModule } from './teams/index';
import { tokensModule } from './tokens/index';
import { usersModule } from './users/index';
import { workspaceModule } from './workspace/index';

/**
 * Every server module's manifest. The order here only breaks ties: the app registers them in
 * dependency order (`orderModules`), and a test fails when a folder under `modules/` is missing.
 */
export const ALL_MODULES: readonly ModuleManifest[] = [
  systemModule,
  extensionModule,
  mailModule,
  auditModule,
  identityModule,
  tokensModule,
  authModule,
  accessModule,
  entitlementsModule,
  organizationsModule,
  notificationsModule,
  projectsModule,
  itemsModule,
  attachmentsModule,
  pinsModule,
  inboxModule,
  conversationModule,
  liveModule,
  dataFieldsModule,
  workspaceModule,
  usersModule,
  teamsModule,
  billingModule,
  integrationsModule,
  mcpModule,
  accountModule,
  dataExportModule,
  closingModule,
];
