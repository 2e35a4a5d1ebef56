import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EXTENSION_DIST, DEFAULT_PORTAL_DIST } from './paths';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['pretty', 'json'] as const;
const ANALYTICS_PROVIDERS = ['plausible', 'umami', 'google'] as const;

const PORT_ERROR = 'must be an integer between 1 and 65535';

const byteCount = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'must be a whole number of bytes' })
  .transform(Number)
  .refine((bytes) => bytes >= 1, { error: 'must be at least 1 byte' });

/** A number of milliseconds of at most `digits` digits, at least `min`. */
function milliseconds(digits: number, min: number) {
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), { error: 'must be a number of milliseconds' })
    .transform(Number)
    .refine((ms) => ms >= min, { error: `must be at least ${min} ms` });
}

/** A whole number of at most six digits, at least 1 (a limit or a number of seconds). */
function wholeCount() {
  return z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((count) => count >= 1, { error: 'must be at least 1' });
}

/** A number of pooled connections, 0 to 999 (`min` the least allowed). */
function connectionCount(min: number) {
  return z
    .string()
    .regex(/^\d{1,3}$/, { error: 'must be a whole number of connections' })
    .transform(Number)
    .refine((count) => count >= min, { error: `must be at least ${min}` });
}

const ZEnv = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, { error: PORT_ERROR })
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65535, { error: PORT_ERROR })
    .default(8080),
  // Loopback unless told otherwise (issue 9); Fastify binds 'localhost' on both 127.0.0.1 and ::1.
  // Containers and reverse proxies on another host set HOST=0.0.0.0.
  HOST: z.string().min(1, { error: 'must not be empty' }).default('localhost'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres://user:password@host:port/database URL',
    })
    .optional(),
  DB_POOL_SIZE: connectionCount(1).default(10),
  DB_READ_POOL_SIZE: connectionCount(0).default(4),
  DB_SEARCH_POOL_SIZE: connectionCount(0).default(2),
  DB_CONNECT_TIMEOUT_MS: milliseconds(6, 50).default(10_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(8, 0).default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(8, 0).default(60_000),
  DB_LONG_STATEMENT_TIMEOUT_MS: milliseconds(8, 0).default(10 * 60_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(7, 100).default(60_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(7, 100).default(30_000),
  HTTP_IDLE_TIMEOUT_MS: milliseconds(7, 0).default(120_000),
  CHANGE_FEED_POLL_MS: milliseconds(4, 1).default(20),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  PORTAL_DIST: z.string().min(1, { error: 'must not be empty' }).optional(),
  EXTENSION_DIST: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenID Connect issuer' })
    .optional(),
  OIDC_AUDIENCE: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_PORTAL_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_EXTENSION_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_SCOPE: z.string().min(1, { error: 'must not be empty' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d)$/, {
      error: 'must be true or false, or how many proxies are in front (0 to 9)',
    })
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|\d{1,2})$/, { error: 'must be auto or a number of processes (1 to 64)' })
    .transform((value) => (value === 'auto' ? availableParallelism() : Number(value)))
    .refine((count) => count >= 1 && count <= 64, {
      error: 'must be auto or a number of processes (1 to 64)',
    })
    .default(1),
  // Decision 0078: on by default (server CPU per upload −40 %); off for memory-bound hosts.
  GC_BUFFERS_IN_HEAP_LIMIT: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(true),
  SHUTDOWN_DRAIN_MS: z
    .string()
    .regex(/^\d{1,6}$/, { error: 'must be a number of milliseconds (0 to 999999)' })
    .transform(Number)
    .default(0),
  LIVE_HEARTBEAT_MS: milliseconds(7, 10).default(25_000),
  // pg-boss refuses a supervise pass less often than once an hour or more often than every second.
  JOB_SUPERVISE_SECONDS: wholeCount()
    .refine((seconds) => seconds <= 3600, { error: 'must be at most 3600 seconds' })
    .default(5),
  JOB_RETRY_DELAY_SECONDS: wholeCount()
    .refine((seconds) => seconds <= 3600, { error: 'must be at most 3600 seconds' })
    .optional(),
  API_RATE_LIMIT_PER_TOKEN: wholeCount().default(600),
  API_RATE_LIMIT_PER_ORG: wholeCount().default(3_000),
  API_RATE_LIMIT_WINDOW_SECONDS: wholeCount().default(60),
  SESSION_RATE_LIMIT_PER_USER: wholeCount().default(12_000),
  SESSION_RATE_LIMIT_WINDOW_SECONDS: wholeCount().default(60),
  SIGN_UP_LIMIT_PER_IP: wholeCount().default(30),
  // Decision 0137: GitLab's trial namespaces and GitHub's new or free organizations get 50 a day.
  MAIL_TRIAL_INVITES_PER_DAY: wholeCount().default(50),
  MAIL_PAID_INVITES_PER_DAY: wholeCount().default(500),
  MAIL_NOTIFICATIONS_PER_DAY: wholeCount().default(2_000),
  LIVE_STREAM_MAX_MS: milliseconds(9, 10).default(15 * 60_000),
  LIVE_MAX_STREAMS_PER_USER: z
    .string()
    .regex(/^\d{1,4}$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((count) => count >= 1, { error: 'must be at least 1' })
    .default(10),
  LIVE_EVENTS_RETENTION_HOURS: z
    .string()
    .regex(/^\d{1,4}$/, { error: 'must be a whole number of hours' })
    .transform(Number)
    .refine((hours) => hours >= 1, { error: 'must be at least 1 hour' })
    .default(24),
  AUDIT_RETENTION_DAYS: z
    .string()
    .regex(/^\d{1,5}$/, { error: 'must be a whole number of days' })
    .transform(Number)
    .refine((days) => days >= 1, { error: 'must be at least 1 day' })
    .default(400),
  // Issue 33: how long a prepared data export's link works before the archive is purged.
  EXPORT_LINK_HOURS: z
    .string()
    .regex(/^\d{1,4}$/, { error: 'must be a whole number of hours' })
    .transform(Number)
    .refine((hours) => hours >= 1, { error: 'must be at least 1 hour' })
    .default(72),
  ORG_CLOSE_GRACE_DAYS: z
    .string()
    .regex(/^\d{1,4}$/, { error: 'must be a whole number of days' })
    .transform(Number)
    .refine((days) => days >= 1, { error: 'must be at least 1 day' })
    .default(30),
  MAIL_FROM: z
    .string()
    .min(1, { error: 'must not be empty' })
    .default('Waymark <no-reply@localhost>'),
  ATTACHMENT_MAX_BYTES: byteCount.default(25 * 1024 * 1024),
  ATTACHMENT_ORG_QUOTA_BYTES: byteCount.default(10 * 1024 * 1024 * 1024),
  ATTACHMENT_BODY_TIMEOUT_MS: milliseconds(7, 100).default(60_000),
  ATTACHMENT_UPLOAD_MAX_MS: milliseconds(8, 100).default(15 * 60_000),
  S3_BUCKET: z.string().min(1, { error: 'must not be empty' }).optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an S3-compatible endpoint' })
    .optional(),
  S3_REGION: z.string().min(1, { error: 'must not be empty' }).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, { error: 'must not be empty' }).optional(),
  STRIPE_SECRET_KEY: z.string().min(1, { error: 'must not be empty' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1, { error: 'must not be empty' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of the Stripe API' })
    .optional(),
  BILLING_TEST_CLOCK: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  ANALYTICS_PROVIDER: z
    .enum(ANALYTICS_PROVIDERS, { error: `must be one of ${ANALYTICS_PROVIDERS.join(', ')}` })
    .optional(),
  ANALYTICS_SCRIPT_URL: z
    .url({ protocol: /^https$/, error: 'must be the https:// URL of the analytics script' })
    .optional(),
  ANALYTICS_SITE_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  // Decision 0136: deliveries one organization gets per round before the others' turn.
  WEBHOOK_TURNS_PER_ORG: wholeCount()
    .refine((count) => count <= 100, { error: 'must be at most 100' })
    .default(4),
  GITHUB_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be the http(s):// URL of the GitHub REST API' })
    .default('https://api.github.com'),
  LINEAR_API_URL: z
    .url({ protocol: /^https?$/, error: "must be the http(s):// URL of Linear's GraphQL API" })
    .default('https://api.linear.app/graphql'),
  JIRA_REQUEST_TIMEOUT_MS: milliseconds(6, 100).default(15_000),
  INTEGRATIONS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, {
      error: 'must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)',
    })
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});

/** The validated server configuration. */
export type Config = {
  /** TCP port the server listens on. */
  port: number;
  /** Interface the server binds to. */
  host: string;
  /** Absolute folder for everything the server stores locally (embedded database, mail, files). */
  dataDir: string;
  /** Externally visible base URL, without a trailing slash. */
  publicUrl: string;
  /** External PostgreSQL; `undefined` means start the embedded one under `dataDir`. */
  databaseUrl: string | undefined;
  /** The server's connection pools (docs/deploy.md "Database connections"). */
  database: DatabaseConfig;
  /** How long the HTTP server waits on a client (docs/architecture.md "Timeouts", decision 0135). */
  http: HttpConfig;
  /** pino log level. */
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * `pretty`: one readable line per entry and no line per request below debug (a terminal);
   * `json`: pino's JSON lines with a line per request at info (files, log collectors).
   */
  logFormat: (typeof LOG_FORMATS)[number];
  /** Absolute folder of the built portal served at `/client/`. */
  portalDist: string;
  /** Absolute folder of the built extension, zipped by `/api/extension/download` (issue 25). */
  extensionDist: string;
  /** The OpenID Connect issuer the API trusts and the clients sign in with. */
  oidc: OidcConfig;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise `.eml` files under `<dataDir>/mail`. */
  mail: MailConfig;
  /**
   * How many reverse proxies in front append to `X-Forwarded-For` and set `-Proto`
   * (`TRUST_PROXY`: `false`/`0` none, the default; `true`/`1` one, the balancer; up to 9 for a
   * chain such as a CDN before the balancer). Only their entries are read, the client address
   * being the one the outermost of them saw (decision 0141): any client could otherwise pick the
   * address the per-IP sign-in, reset and sign-up limits count against.
   */
  trustedProxies: number;
  /**
   * On SIGTERM, how long the copy keeps serving while `/readyz` says draining, before it stops
   * accepting connections: set it above the load balancer's time to notice (docs/deploy.md).
   */
  shutdownDrainMs: number;
  /**
   * Server processes (`WEB_CONCURRENCY`, 1; `auto` = the machine's cores): above 1 the started
   * process is a primary that starts the database once and forks that many workers sharing the
   * port (src/cluster/, decision 0075).
   */
  webConcurrency: number;
  /** How V8's garbage collector is tuned (`src/gc-tuning.ts`, decision 0078). */
  gc: GcConfig;
  /** Files attached to items (issue 14). */
  attachments: AttachmentsConfig;
  /** Payments and the billing clock (issue 13, docs/billing.md). */
  billing: BillingConfig;
  /** Live event streams (issue 16, docs/live-updates.md). */
  live: LiveConfig;
  /** How the job queue notices a dead copy's jobs and when it retries them (docs/architecture.md). */
  jobs: JobsConfig;
  /** Requests allowed to API tokens (issue 29, docs/api.md "Rate limits"). */
  apiRateLimit: ApiRateLimitConfig;
  /** Requests allowed to a signed-in user's sessions, per server copy (decision 0134). */
  sessionRateLimit: SessionRateLimitConfig;
  /**
   * Sign-ups one client address may submit per hour on the embedded provider's form
   * (`SIGN_UP_LIMIT_PER_IP`, 30; a sliding window like the other identity limits, decision 0134).
   */
  signUpLimitPerIp: number;
  /** The third-party analytics tag of the public pages (spec §7); `undefined`: none (default). */
  analytics: AnalyticsConfig | undefined;
  /** Outgoing webhooks and Slack (issue 30, docs/integrations.md). */
  integrations: IntegrationsConfig;
  /**
   * The audit log (issue 33, docs/privacy.md): rows older than `retentionDays`
   * (`AUDIT_RETENTION_DAYS`, 400) are purged daily.
   */
  audit: { retentionDays: number };
  /**
   * Data exports (issue 33, docs/privacy.md "Exports"): a prepared archive's link works for
   * `linkHours` (`EXPORT_LINK_HOURS`, 72), then answers 410 and the archive is purged.
   */
  dataExport: { linkHours: number };
  /**
   * Closing an organization (issue 33, docs/privacy.md): the owner may reopen it for `graceDays`
   * (`ORG_CLOSE_GRACE_DAYS`, 30); then every row and file of it is deleted.
   */
  closing: { graceDays: number };
};

/** The connection pools of one server copy. */
export type DatabaseConfig = {
  /** Connections for writes and every other call (`DB_POOL_SIZE`, 10). */
  poolSize: number;
  /**
   * Connections of the read pool (`DB_READ_POOL_SIZE`, 4) that searches, page lookups and the
   * workspace's lists and exports use, so they never queue behind write transactions holding the
   * main pool (decision 0064). 0: those reads share the main pool.
   */
  readPoolSize: number;
  /**
   * Connections of the search pool (`DB_SEARCH_POOL_SIZE`, 2) that text searches alone use, so
   * they never queue behind page lookups' cache misses on the read pool (decisions 0098, 0099).
   * 0: searches use the read pool.
   */
  searchPoolSize: number;
  /**
   * How long a call waits for a free connection of either pool (`DB_CONNECT_TIMEOUT_MS`, 10 000)
   * before it is answered 503 with Retry-After (the server is overloaded; issue 34).
   */
  connectTimeoutMs: number;
  /**
   * How often the change feed reads the change log while changes keep coming
   * (`CHANGE_FEED_POLL_MS`, 20; decision 0113): the most a cache of this copy lags a write made
   * through another, unless the request asks for a fresh answer. Doubled up to 100 ms when idle.
   */
  changeFeedPollMs: number;
  /**
   * The longest one statement of the app's pools may run (`DB_STATEMENT_TIMEOUT_MS`, 30 000;
   * 0: no limit) before PostgreSQL cancels it and the call is answered 503 with Retry-After
   * (decision 0135). Migrations and the operations long by design lift it (`allowLongStatements`).
   */
  statementTimeoutMs: number;
  /**
   * How long a connection of the app's pools may sit in an open transaction without a statement
   * (`DB_IDLE_IN_TRANSACTION_TIMEOUT_MS`, 60 000; 0: no limit) before PostgreSQL ends its session:
   * a transaction left open by a stuck call gives its connection (and its locks) back.
   */
  idleInTransactionTimeoutMs: number;
  /**
   * The statement limit inside the transactions long by design that a request starts — a CSV
   * import, a URL-rule change re-homing a project, an administrator's change over every item of a
   * project, path, status, item type or release (decision 0141) (`DB_LONG_STATEMENT_TIMEOUT_MS`,
   * 600 000; 0: no limit). Migrations have none.
   */
  longStatementTimeoutMs: number;
};

/** The HTTP server's limits on slow clients (Node's http server; decision 0135). */
export type HttpConfig = {
  /**
   * How long a request other than an attachment upload may take to arrive, headers and body
   * (`HTTP_REQUEST_TIMEOUT_MS`, 60 000: a 1 MB body at the 28 kB/s an upload is held to); beyond
   * it the client is answered 408 and its connection closed. A body declared larger, on a route
   * that accepts one (the CSV import), gets as many times longer (decision 0141). Answers (downloads, live streams)
   * are not counted: only receiving the request. Uploads keep their own limits
   * (`ATTACHMENT_BODY_TIMEOUT_MS`, `ATTACHMENT_UPLOAD_MAX_MS`).
   */
  requestTimeoutMs: number;
  /** How long a request's headers may take to arrive (`HTTP_HEADERS_TIMEOUT_MS`, 30 000). */
  headersTimeoutMs: number;
  /**
   * How long a connection may go with nothing sent nor received before it is closed
   * (`HTTP_IDLE_TIMEOUT_MS`, 120 000; 0: never): a client that stops reading an answer frees its
   * socket. Must exceed `LIVE_HEARTBEAT_MS`, which keeps a quiet live stream busy.
   */
  idleTimeoutMs: number;
};

/** How V8's garbage collector is tuned, set before the server starts. */
export type GcConfig = {
  /**
   * `GC_BUFFERS_IN_HEAP_LIMIT` (default true): buffer memory counts in V8's global heap limit
   * (`--external-memory-accounted-in-global-limit`), so uploads' short-lived buffers set off no
   * full collection of their own — about 50 MB more resident memory after large transfers.
   * `false` keeps V8's default, for a host where memory is scarcer than CPU.
   */
  buffersInHeapLimit: boolean;
};

/** How integrations keep their secrets and where webhooks may be delivered. */
export type IntegrationsConfig = {
  /**
   * The AES-256-GCM key (`INTEGRATIONS_KEY`, 32 bytes as 64 hex characters) secrets are encrypted
   * with at rest. `undefined`: a key generated once into `<dataDir>/integrations.key` (development;
   * every copy of the server must then share that file — set the variable in production).
   */
  key: Buffer | undefined;
  /**
   * `WEBHOOK_ALLOW_PRIVATE=true`: deliver to loopback, link-local and private addresses too (a
   * receiver on the operator's own network, tests). Default false: no request forgery inward.
   */
  allowPrivateAddresses: boolean;
  /**
   * `WEBHOOK_TURNS_PER_ORG` (default 4, at most 100): deliveries each organization with due work
   * gets per delivery round (decision 0136), so one organization's backlog to slow endpoints waits
   * behind every other organization's next deliveries instead of ahead of them. The default fills
   * one copy's four sending lanes when a single organization has work.
   */
  turnsPerOrg: number;
  /**
   * `GITHUB_API_URL`: GitHub's REST API (default `https://api.github.com`; GitHub Enterprise
   * Server's `https://<host>/api/v3`; tests point it at a stand-in).
   */
  githubApiUrl: string;
  /** `LINEAR_API_URL`: Linear's GraphQL API (default `https://api.linear.app/graphql`; tests: a stand-in). */
  linearApiUrl: string;
  /**
   * How long one call to a Jira site may take, answer read in full (`JIRA_REQUEST_TIMEOUT_MS`,
   * 15 000), before it is aborted and counts as failed (decision 0135).
   */
  jiraRequestTimeoutMs: number;
};

/**
 * A Plausible- or Umami-compatible script, or a Google tag, loaded on the portal's public pages
 * only (issue 25, docs/deploy.md).
 */
export type AnalyticsConfig = {
  provider: (typeof ANALYTICS_PROVIDERS)[number];
  /** The script's https URL; Google's defaults to googletagmanager.com's gtag.js. */
  scriptUrl: string;
  /** Plausible's `data-domain`, Umami's `data-website-id`, or the Google tag id (`G-…`). */
  siteId: string;
};

/** Which payment gateway runs, and whether the e2e may move the billing clock. */
export type BillingConfig = {
  /** Stripe when all three STRIPE_* variables are set; otherwise the in-process sandbox. */
  stripe: StripeConfig | undefined;
  /**
   * `BILLING_TEST_CLOCK=true`: registers the test-only call that moves the billing clock forward
   * and runs the due billing jobs (the e2e server). Never set it in production.
   */
  testClock: boolean;
};

/** Stripe's keys (dashboard → Developers). */
export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  /** Signing secret of the webhook endpoint `/api/stripe/webhook`. */
  webhookSecret: string;
  /** Another address for Stripe's API (`STRIPE_API_URL`: stripe-mock, a test stand-in); default Stripe's. */
  apiUrl: string | undefined;
};

/** See {@link Config.mail}. */
export type MailConfig = {
  /** `SMTP_URL`; unset: the file outbox. */
  smtpUrl: string | undefined;
  /** The From header (`MAIL_FROM`). */
  from: string;
  /**
   * Invitation e-mails (invitations and resends) one organization may cause per UTC day
   * (decision 0137): on the trial (`MAIL_TRIAL_INVITES_PER_DAY`, 50) and on a paid plan
   * (`MAIL_PAID_INVITES_PER_DAY`, 500). Past it the invitation answers 429.
   */
  invitationsPerDay: { trial: number; paid: number };
  /**
   * Immediate notification mails (mentions, assignments) one organization's activity may cause per
   * UTC day (`MAIL_NOTIFICATIONS_PER_DAY`, 2000; decision 0137). Past it they are folded into
   * each recipient's daily digest; the inbox keeps them.
   */
  notificationsPerDay: number;
};

/** See {@link Config.apiRateLimit}. */
export type ApiRateLimitConfig = {
  /** Requests one token may make per window (`API_RATE_LIMIT_PER_TOKEN`, 600). */
  perToken: number;
  /** Requests all keys of one organization may make per window (`API_RATE_LIMIT_PER_ORG`, 3000). */
  perOrg: number;
  /** The window, in seconds (`API_RATE_LIMIT_WINDOW_SECONDS`, 60). */
  windowSeconds: number;
};

/**
 * See {@link Config.sessionRateLimit}: a fixed window counted in each server copy's memory, so a
 * user spreading requests over N copies gets up to N times `perUser` (docs/api.md "Rate limits").
 */
export type SessionRateLimitConfig = {
  /**
   * Requests one user's sessions (portal and extension together) may make per window on one copy
   * (`SESSION_RATE_LIMIT_PER_USER`, 12 000). A live stream counts once, when it opens.
   */
  perUser: number;
  /** The window, in seconds (`SESSION_RATE_LIMIT_WINDOW_SECONDS`, 60). */
  windowSeconds: number;
};

/** Live event streams: heartbeat, lifetime, per-user cap, how long events are kept. */
export type LiveConfig = {
  /** A comment line this often keeps proxies from closing an idle stream (`LIVE_HEARTBEAT_MS`, 25 s). */
  heartbeatMs: number;
  /**
   * A stream ends after this long (`LIVE_STREAM_MAX_MS`, 15 min) and the client resumes with a
   * fresh token: an access token is checked once, when the stream opens.
   */
  maxStreamMs: number;
  /** Streams one user may hold on one copy (`LIVE_MAX_STREAMS_PER_USER`, 10); beyond: 429. */
  maxStreamsPerUser: number;
  /** Events older than this are pruned hourly (`LIVE_EVENTS_RETENTION_HOURS`, 24). */
  retentionHours: number;
};

/** The job queue's timings that are not a job kind's own. */
export type JobsConfig = {
  /**
   * How often each copy looks for jobs whose process stopped heartbeating (and expired jobs)
   * and sends them to retry (`JOB_SUPERVISE_SECONDS`, 5). A killed copy's job is retried about
   * 10 s (the heartbeat) + this + its retry delay after the kill.
   */
  superviseSeconds: number;
  /**
   * The first retry's delay of every kind of job (`JOB_RETRY_DELAY_SECONDS`); later retries still
   * double it, each kind's limit and longest wait unchanged. `undefined` (default): each kind's
   * own (5 s for most, docs/architecture.md "Jobs").
   */
  retryDelaySeconds: number | undefined;
};

/** Attachment limits and where the files live. */
export type AttachmentsConfig = {
  /** Largest file one upload may carry (`ATTACHMENT_MAX_BYTES`, default 25 MB). */
  maxFileBytes: number;
  /** Bytes of attachments one organization may keep (`ATTACHMENT_ORG_QUOTA_BYTES`, default 10 GB). */
  orgQuotaBytes: number;
  /**
   * How long an upload's body may go without a byte before it is answered 400 and its connection
   * closed (`ATTACHMENT_BODY_TIMEOUT_MS`, default 60 s): a stalled client holds nothing for long.
   */
  bodyTimeoutMs: number;
  /**
   * How long one upload's body may take in all (`ATTACHMENT_UPLOAD_MAX_MS`, default 15 min: 25 MB
   * at 28 kB/s): a client trickling a byte just inside the body timeout is cut off too.
   */
  uploadMaxMs: number;
  /** An S3-compatible bucket when `S3_BUCKET` is set; otherwise files go under `<dataDir>/attachments`. */
  s3: S3Config | undefined;
};

/** An S3-compatible object store (AWS S3, MinIO, R2, …). */
export type S3Config = {
  bucket: string;
  /** Custom endpoint (MinIO, R2…); `undefined` means AWS for `region`. */
  endpoint: string | undefined;
  region: string;
  /** Static credentials; `undefined` lets the SDK find its own (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
};

/** Identity settings; with `OIDC_ISSUER` unset they describe the provider embedded at `/idp`. */
export type OidcConfig = {
  /** Issuer URL, exactly the `iss` of every access token. */
  issuer: string;
  /** True when the issuer is the embedded provider: mount it at `/idp`. False: it stays off. */
  isEmbedded: boolean;
  /** `aud` the API requires in access tokens. */
  audience: string;
  /** Client id of the portal. */
  portalClientId: string;
  /** Client id of the extension. */
  extensionClientId: string;
  /** Scopes the clients request (external issuers may need an API scope, e.g. `api://…/access`). */
  scope: string;
};

/** A configuration value that cannot be used; its message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the configuration from an environment map. Pure: pass `process.env`
 * in production and a literal object in tests. Empty strings count as unset.
 *
 * @throws {ConfigError} `Invalid configuration: <VARIABLE> <what is wrong>` for the first bad value.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { isTerminal?: boolean } = {},
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ZEnv.shape && value !== ''),
  );
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl,
    databaseUrl: values.DATABASE_URL,
    database: {
      poolSize: values.DB_POOL_SIZE,
      readPoolSize: values.DB_READ_POOL_SIZE,
      searchPoolSize: values.DB_SEARCH_POOL_SIZE,
      connectTimeoutMs: values.DB_CONNECT_TIMEOUT_MS,
      changeFeedPollMs: values.CHANGE_FEED_POLL_MS,
      statementTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: values.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      longStatementTimeoutMs: values.DB_LONG_STATEMENT_TIMEOUT_MS,
    },
    http: readHttpConfig(values),
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (options.isTerminal ? 'pretty' : 'json'),
    portalDist: path.resolve(values.PORTAL_DIST ?? DEFAULT_PORTAL_DIST),
    extensionDist: path.resolve(values.EXTENSION_DIST ?? DEFAULT_EXTENSION_DIST),
    oidc: readOidcConfig(values, publicUrl),
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      invitationsPerDay: {
        trial: values.MAIL_TRIAL_INVITES_PER_DAY,
        paid: values.MAIL_PAID_INVITES_PER_DAY,
      },
      notificationsPerDay: values.MAIL_NOTIFICATIONS_PER_DAY,
    },
    trustedProxies: values.TRUST_PROXY,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    webConcurrency: values.WEB_CONCURRENCY,
    gc: { buffersInHeapLimit: values.GC_BUFFERS_IN_HEAP_LIMIT },
    attachments: {
      maxFileBytes: values.ATTACHMENT_MAX_BYTES,
      orgQuotaBytes: values.ATTACHMENT_ORG_QUOTA_BYTES,
      bodyTimeoutMs: values.ATTACHMENT_BODY_TIMEOUT_MS,
      uploadMaxMs: values.ATTACHMENT_UPLOAD_MAX_MS,
      s3: readS3Config(values),
    },
    billing: { stripe: readStripeConfig(values), testClock: values.BILLING_TEST_CLOCK },
    live: {
      heartbeatMs: values.LIVE_HEARTBEAT_MS,
      maxStreamMs: values.LIVE_STREAM_MAX_MS,
      maxStreamsPerUser: values.LIVE_MAX_STREAMS_PER_USER,
      retentionHours: values.LIVE_EVENTS_RETENTION_HOURS,
    },
    jobs: {
      superviseSeconds: values.JOB_SUPERVISE_SECONDS,
      retryDelaySeconds: values.JOB_RETRY_DELAY_SECONDS,
    },
    apiRateLimit: {
      perToken: values.API_RATE_LIMIT_PER_TOKEN,
      perOrg: values.API_RATE_LIMIT_PER_ORG,
      windowSeconds: values.API_RATE_LIMIT_WINDOW_SECONDS,
    },
    sessionRateLimit: {
      perUser: values.SESSION_RATE_LIMIT_PER_USER,
      windowSeconds: values.SESSION_RATE_LIMIT_WINDOW_SECONDS,
    },
    signUpLimitPerIp: values.SIGN_UP_LIMIT_PER_IP,
    analytics: readAnalyticsConfig(values),
    integrations: {
      key: values.INTEGRATIONS_KEY ? Buffer.from(values.INTEGRATIONS_KEY, 'hex') : undefined,
      allowPrivateAddresses: values.WEBHOOK_ALLOW_PRIVATE,
      turnsPerOrg: values.WEBHOOK_TURNS_PER_ORG,
      githubApiUrl: values.GITHUB_API_URL.replace(/\/+$/, ''),
      linearApiUrl: values.LINEAR_API_URL,
      jiraRequestTimeoutMs: values.JIRA_REQUEST_TIMEOUT_MS,
    },
    audit: { retentionDays: values.AUDIT_RETENTION_DAYS },
    dataExport: { linkHours: values.EXPORT_LINK_HOURS },
    closing: { graceDays: values.ORG_CLOSE_GRACE_DAYS },
  };
}

const GOOGLE_TAG_URL = 'https://www.googletagmanager.com/gtag/js';

// What each provider's site id looks like; it is written into the pages' HTML, so nothing else.
const SITE_IDS: Record<AnalyticsConfig['provider'], { pattern: RegExp; what: string }> = {
  plausible: {
    pattern: /^[a-z0-9-]+(\.[a-z0-9-]+)+(,[a-z0-9-]+(\.[a-z0-9-]+)+)*$/,
    what: 'the site domain(s) of Plausible, e.g. waymark.example.com',
  },
  umami: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    what: 'the website id of Umami (a UUID)',
  },
  google: { pattern: /^(G|GT|AW)-[A-Z0-9]{4,20}$/, what: 'a Google tag id, e.g. G-XXXXXXXXXX' },
};

function readAnalyticsConfig(values: z.output<typeof ZEnv>): AnalyticsConfig | undefined {
  const {
    ANALYTICS_PROVIDER: provider,
    ANALYTICS_SCRIPT_URL: url,
    ANALYTICS_SITE_ID: siteId,
  } = values;
  if (provider === undefined) {
    if (url === undefined && siteId === undefined) return undefined;
    throw new ConfigError(
      'Invalid configuration: ANALYTICS_PROVIDER must be set with ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID',
    );
  }
  if (siteId === undefined || !SITE_IDS[provider].pattern.test(siteId))
    throw new ConfigError(
      `Invalid configuration: ANALYTICS_SITE_ID must be ${SITE_IDS[provider].what}`,
    );
  const scriptUrl = url ?? (provider === 'google' ? GOOGLE_TAG_URL : undefined);
  if (scriptUrl === undefined)
    throw new ConfigError(
      `Invalid configuration: ANALYTICS_SCRIPT_URL must be set for ${provider} (the https:// URL of its script)`,
    );
  return { provider, scriptUrl, siteId };
}

function readHttpConfig(values: z.output<typeof ZEnv>): HttpConfig {
  const http = {
    requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
    idleTimeoutMs: values.HTTP_IDLE_TIMEOUT_MS,
  };
  // Node refuses headers that may take longer than the whole request.
  if (http.headersTimeoutMs > http.requestTimeoutMs)
    throw new ConfigError(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  if (http.idleTimeoutMs !== 0 && http.idleTimeoutMs <= values.LIVE_HEARTBEAT_MS)
    throw new ConfigError(
      'Invalid configuration: HTTP_IDLE_TIMEOUT_MS must exceed LIVE_HEARTBEAT_MS (or be 0), or quiet live streams are cut',
    );
  return http;
}

function readStripeConfig(values: z.output<typeof ZEnv>): StripeConfig | undefined {
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = values;
  if (secretKey === undefined && publishableKey === undefined && webhookSecret === undefined)
    return undefined;
  if (secretKey === undefined || publishableKey === undefined || webhookSecret === undefined)
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  return { secretKey, publishableKey, webhookSecret, apiUrl: values.STRIPE_API_URL };
}

function readS3Config(values: z.output<typeof ZEnv>): S3Config | undefined {
  if (values.S3_BUCKET === undefined) return undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

// Issue 3 item 2: OIDC_ISSUER switches API and clients to an external provider, embedded one off.
function readOidcConfig(values: z.output<typeof ZEnv>, publicUrl: string): OidcConfig {
  return {
    // Kept exactly as given: some issuers (Auth0) end `iss` with a slash.
    issuer: values.OIDC_ISSUER ?? `${publicUrl}/idp`,
    isEmbedded: values.OIDC_ISSUER === undefined,
    audience: values.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    portalClientId: values.OIDC_PORTAL_CLIENT_ID ?? 'waymark-portal',
    extensionClientId: values.OIDC_EXTENSION_CLIENT_ID ?? 'waymark-extension',
    scope: values.OIDC_SCOPE ?? 'openid profile email offline_access',
  };
}

/** The configuration of this process, from its environment. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env, { isTerminal: process.stdout.isTTY === true });
}
