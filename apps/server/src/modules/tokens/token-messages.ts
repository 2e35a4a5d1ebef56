/** Answered for a token that is unknown, revoked or expired (401). */
export const TOKEN_INVALID =
  'This API token is not valid: it was revoked, has expired or does not exist.';
/** Answered when a token lacks the scope a route needs (403). */
export const tokenScopeMissing = (scope: string): string =>
  `This API token lacks the "${scope}" scope this call needs.`;
/** Answered when a token calls a route only a signed-in session may call (403). */
export const TOKEN_SESSION_ONLY = 'This call needs a signed-in session; API tokens cannot make it.';
/** Answered when an organization key calls a route outside its organization's projects (403). */
export const KEY_NOT_ALLOWED =
  "An organization API key can only call the routes of its organization's projects.";
/** Answered for a token that is not found among the caller's (404). */
export const TOKEN_NOT_FOUND = 'API token not found.';
/** Answered when a key names a project outside its organization (400). */
export const KEY_PROJECT_INVALID = 'Choose projects of this organization for the key.';
/** Answered for an expiry in the past (400). */
export const EXPIRY_IN_PAST = 'Choose an expiry date in the future.';
/** The answer of a revocation. */
export const TOKEN_REVOKED = 'Token revoked.';
/** Answered when an owner already holds the most active tokens allowed (409). */
export const tokenCapReached = (kind: 'pat' | 'key', cap: number): string =>
  kind === 'pat'
    ? `You already have ${cap} active personal access tokens, the most allowed. Revoke one you no longer use, then create this one.`
    : `This organization already has ${cap} active API keys, the most allowed. Revoke one it no longer uses, then create this one.`;
/** Answered when an idempotency key comes back with other fields (409). */
export const IDEMPOTENCY_KEY_REUSED =
  'This idempotency key was already used to create a different token; send a new key for a new token.';
/** Answered when an idempotency key's token was revoked since (409). */
export const IDEMPOTENCY_TOKEN_REVOKED =
  'The token this idempotency key created has been revoked; send a new key for a new token.';
/** Answered when an idempotency key comes back after its day (409). */
export const IDEMPOTENCY_KEY_EXPIRED =
  'This idempotency key was used more than a day ago and its secret is no longer kept; send a new key for a new token.';
