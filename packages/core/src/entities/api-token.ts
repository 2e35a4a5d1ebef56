import { z } from 'zod';
import { ZIdempotencyKey } from './idempotency-key';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';

/**
 * What an API token may do (issue 29). A route needs one scope (docs/api.md "Scopes"):
 * `items:read` the reads of projects and items, `items:write` their changes (and implies
 * `items:read`), `admin` the organization-administration calls.
 */
export const TOKEN_SCOPES = ['items:read', 'items:write', 'admin'] as const;
/** One API token scope. */
export const ZTokenScope = z.enum(TOKEN_SCOPES);
/** One API token scope. */
export type TTokenScope = z.infer<typeof ZTokenScope>;

/** A personal access token (`wmk_pat_…`) or an organization API key (`wmk_key_…`). */
export const TOKEN_KINDS = ['pat', 'key'] as const;
/** See {@link TOKEN_KINDS}. */
export type TTokenKind = (typeof TOKEN_KINDS)[number];

/** Longest token name. */
export const TOKEN_NAME_MAX_LENGTH = 100;

/** A token's name as its owner typed it. */
export const ZTokenName = ZText.trim().min(1).max(TOKEN_NAME_MAX_LENGTH);

const ZScopes = z
  .array(ZTokenScope)
  .min(1, 'choose at least one scope')
  .max(TOKEN_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'scopes must not repeat');

/** Most active (unrevoked, unexpired) personal access tokens one user may hold. */
export const MAX_ACTIVE_PERSONAL_TOKENS = 50;
/** Most active API keys one organization may hold. */
export const MAX_ACTIVE_ORG_API_KEYS = 50;

/** Body of `createMyToken`. */
export const ZCreateTokenRequest = z.strictObject({
  name: ZTokenName,
  scopes: ZScopes,
  /** When the token stops working; none: until revoked. Must be in the future. */
  expiresAt: ZTimestamp.nullable().optional(),
  /** See {@link ZIdempotencyKey}. */
  idempotencyKey: ZIdempotencyKey.optional(),
});

/** Body of `createOrgApiKey`. */
export const ZCreateApiKeyRequest = ZCreateTokenRequest.extend({
  orgId: ZId,
  /** The projects of the organization the key may use (at least one). */
  projectIds: z
    .array(ZId)
    .min(1, 'choose at least one project')
    .max(1_000)
    .refine((ids) => new Set(ids).size === ids.length, 'projects must not repeat'),
});

/** A token as listed: never its secret. */
export const ZApiToken = z.object({
  id: ZId,
  kind: z.enum(TOKEN_KINDS),
  name: z.string(),
  /** The first characters of the token (`wmk_pat_AbCd`), to recognise it. */
  prefix: z.string(),
  scopes: z.array(ZTokenScope),
  /** The organization of a key; null for a personal token. */
  orgId: ZId.nullable(),
  /** The projects a key is bound to; null for a personal token (its owner's projects). */
  projectIds: z.array(ZId).nullable(),
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp.nullable(),
  lastUsedAt: ZTimestamp.nullable(),
  /** Who made it (for a key: the administrator). */
  createdBy: z.string(),
});
/** See {@link ZApiToken}. */
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer of a creation: the listing plus the secret, shown this once. */
export const ZCreatedToken = z.object({ token: ZApiToken, secret: z.string() });
/** See {@link ZCreatedToken}. */
export type TCreatedToken = z.infer<typeof ZCreatedToken>;
