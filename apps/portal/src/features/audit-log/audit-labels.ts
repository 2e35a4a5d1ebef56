import { AUDIT_ACTIONS, type TAuditAction } from '@waymark/core';

/** How the audit log screen names each action (issue 33). */
export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  'member.invited': 'User invited',
  'member.removed': 'User removed',
  'member.left': 'User left',
  'account.deleted': 'Account deleted',
  'project_access.granted': 'Project access granted',
  'project_access.revoked': 'Project access revoked',
  'plan.changed': 'Plan changed',
  'license.purchased': 'Licenses purchased',
  'license.removed': 'Licenses removed',
  'payment_method.saved': 'Payment method saved',
  'payment_method.removed': 'Payment method removed',
  'data_field.deleted': 'Data field deleted',
  'project.deleted': 'Project deleted',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'items.exported': 'Items exported',
  'data.exported': 'Personal data exported',
  'organization.exported': 'Organization exported',
  'organization.closed': 'Organization closed',
  'organization.reopened': 'Organization reopened',
};

/** The label of a row's action; an action this portal does not know yet shows as stored. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The action filter's options, in the order the list declares them. */
export const AUDIT_ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({
  value,
  label: AUDIT_ACTION_LABELS[value],
}));

/** A change's before/after as one short line: `key: value` pairs, JSON for nested values. */
export function describeChange(value: Record<string, unknown> | null): string {
  if (!value) return '';
  return Object.entries(value)
    .map(([key, part]) => `${key}: ${typeof part === 'string' ? part : JSON.stringify(part)}`)
    .join(', ');
}
