// The public surface of the organizations feature: the selection, its switcher, leaving one and
// the pending invitations. The app imports it from here only (eslint.config.js, side panel zones).
export { LeaveOrgDialog } from './lazy-views';
export { ClosedOrgNotice } from './closed-org-notice';
export { OrgSwitcher } from './org-switcher';
export { PendingInvitations } from './pending-invitations';
export { useOrgSelection } from './use-org-selection';
export { useLinkedItemOrg, type LinkedItemOrg } from './use-linked-item-org';
export { LinkedItemOutside } from './linked-item-outside';
