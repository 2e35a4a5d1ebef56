// The access module's public file: who may call a route (declared rules and the hooks that
// enforce them) and the project a request refers to. Other modules import only from here.
import { defineModule } from '../module';
export {
  dataFieldAdmin,
  orgAdmin,
  orgMember,
  paymentMethodAdmin,
  projectAdmin,
  projectMember,
  type AccessRule,
} from '../../http/access-rules';
export { canUseProject } from './can-use-project';
export { usersWhoCanUse } from './users-who-can-use';
export { PAYMENT_METHOD_NOT_FOUND } from './access-messages';
export { accessHooks, installAccess, requireCaller } from './access-hooks';
export { projectsOf } from './token-check';
export { countCallerRequest } from './count-caller-request';
export { resolveCallerProject } from './resolve-caller-project';
export { requireProjectScope } from './project-check';
export { assertOrgOpen, assertOrgOpenAt, orgClosedAtSql } from './closed-org-check';
export { PROJECT_NOT_FOUND, resolveProjectScope, type ProjectScope } from './project-scope';
export { rememberItemProjects } from './project-scope-cache';
export { lockLiveProject, lockProjectRow } from './lock-project';

/** The access module's manifest: other modules call it; it registers nothing. */
export const accessModule = defineModule({
  name: 'access',
  summary: 'Who may call a route: access rules and their hooks, project scope, data-field checks.',
  dependsOn: ['auth', 'tokens'],
  ownsTables: [],
});
