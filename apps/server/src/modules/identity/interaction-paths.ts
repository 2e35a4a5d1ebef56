import { IDP_MOUNT_PATH } from './clients';

/** The screens and actions of one interaction, all under `/idp/interaction/:uid`. */
export type InteractionAction =
  '' | 'login' | 'signup' | 'resend' | 'forgot' | 'verify' | 'reset' | 'abort';

/**
 * Path of an interaction screen or form action. Everything stays under the interaction's own path
 * because oidc-provider scopes its interaction cookie to it: links from e-mails opened in the same
 * browser then still find the sign-in in progress.
 */
export function interactionPath(uid: string, action: InteractionAction = ''): string {
  const base = `${IDP_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`;
  return action ? `${base}/${action}` : base;
}
