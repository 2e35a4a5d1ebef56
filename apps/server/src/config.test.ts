import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: path.resolve('data'),
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(config.portalDist).toMatch(/apps[/\\]portal[/\\]dist$/);
    expect(path.isAbsolute(config.portalDist)).toBe(true);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://waymark.example.com/' }).publicUrl).toBe(
      'https://waymark.example.com',
    );
  });

  it('resolves DATA_DIR to an absolute path and treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: 'here/db' }).dataDir).toBe(path.resolve('here/db'));
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('accepts an external DATABASE_URL', () => {
    const url = 'postgresql://app:secret@db.internal:5433/waymark';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('runs one process unless WEB_CONCURRENCY asks for more (auto: one per core)', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
    for (const wrong of ['0', '65', 'two', '-1'])
      expect(() => loadConfig({ WEB_CONCURRENCY: wrong })).toThrow(
        'Invalid configuration: WEB_CONCURRENCY must be auto or a number of processes (1 to 64)',
      );
  });

  it('counts buffers in the heap limit unless GC_BUFFERS_IN_HEAP_LIMIT is false', () => {
    expect(loadConfig({}).gc).toEqual({ buffersInHeapLimit: true });
    expect(loadConfig({ GC_BUFFERS_IN_HEAP_LIMIT: 'false' }).gc.buffersInHeapLimit).toBe(false);
    expect(loadConfig({ GC_BUFFERS_IN_HEAP_LIMIT: '0' }).gc.buffersInHeapLimit).toBe(false);
    expect(loadConfig({ GC_BUFFERS_IN_HEAP_LIMIT: 'true' }).gc.buffersInHeapLimit).toBe(true);
    expect(() => loadConfig({ GC_BUFFERS_IN_HEAP_LIMIT: 'no' })).toThrow(
      'Invalid configuration: GC_BUFFERS_IN_HEAP_LIMIT must be true or false',
    );
  });

  it('sizes the main pool and the read pool, 0 putting reads on the main pool', () => {
    expect(loadConfig({}).database).toEqual({
      poolSize: 10,
      readPoolSize: 4,
      searchPoolSize: 2,
      connectTimeoutMs: 10_000,
      changeFeedPollMs: 20,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
      longStatementTimeoutMs: 600_000,
    });
    expect(
      loadConfig({
        DB_POOL_SIZE: '20',
        DB_READ_POOL_SIZE: '0',
        DB_SEARCH_POOL_SIZE: '2',
        DB_CONNECT_TIMEOUT_MS: '500',
        CHANGE_FEED_POLL_MS: '5',
      }).database,
    ).toEqual({
      poolSize: 20,
      readPoolSize: 0,
      searchPoolSize: 2,
      connectTimeoutMs: 500,
      changeFeedPollMs: 5,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
      longStatementTimeoutMs: 600_000,
    });
    expect(() => loadConfig({ CHANGE_FEED_POLL_MS: '0' })).toThrow(
      'Invalid configuration: CHANGE_FEED_POLL_MS must be at least 1 ms',
    );
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '10' })).toThrow(
      'Invalid configuration: DB_CONNECT_TIMEOUT_MS must be at least 50 ms',
    );
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(
      'Invalid configuration: DB_POOL_SIZE must be at least 1',
    );
    expect(() => loadConfig({ DB_READ_POOL_SIZE: '-2' })).toThrow(
      'Invalid configuration: DB_READ_POOL_SIZE must be a whole number of connections',
    );
    expect(() => loadConfig({ DB_READ_POOL_SIZE: '1000' })).toThrow(
      'Invalid configuration: DB_READ_POOL_SIZE must be a whole number of connections',
    );
    expect(() => loadConfig({ DB_SEARCH_POOL_SIZE: 'two' })).toThrow(
      'Invalid configuration: DB_SEARCH_POOL_SIZE must be a whole number of connections',
    );
  });

  it.each([['0'], ['65536'], ['80a'], ['-1'], ['8080.5']])('rejects PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(
      'Invalid configuration: PORT must be an integer between 1 and 65535',
    );
  });

  it.each([['mysql://x@y/z'], ['not a url']])('rejects DATABASE_URL=%s', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\//,
    );
  });

  it('limits slow clients and long statements, within bounds that keep streams alive (0135)', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 120_000,
    });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).database.statementTimeoutMs).toBe(0);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '90000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
    // A quiet live stream is kept busy by its heartbeat only.
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '20000' })).toThrow(
      'HTTP_IDLE_TIMEOUT_MS must exceed LIVE_HEARTBEAT_MS',
    );
    expect(loadConfig({ HTTP_IDLE_TIMEOUT_MS: '0' }).http.idleTimeoutMs).toBe(0);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '50' })).toThrow(
      'HTTP_REQUEST_TIMEOUT_MS must be at least 100 ms',
    );
  });

  it('trusts X-Forwarded-* only from as many proxies as TRUST_PROXY says', () => {
    expect(loadConfig({}).trustedProxies).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxies).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustedProxies).toBe(0);
  });

  it('names the variable for every bad value', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(
      /^Invalid configuration: PUBLIC_URL /,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^Invalid configuration: LOG_LEVEL /);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/^Invalid configuration: LOG_FORMAT /);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be true or false, or how many proxies/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10' })).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });

  it('keeps audit rows 400 days unless AUDIT_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).audit).toEqual({ retentionDays: 400 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).audit.retentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(
      /^Invalid configuration: AUDIT_RETENTION_DAYS must be at least 1 day/,
    );
  });

  it('keeps export links 72 hours unless EXPORT_LINK_HOURS says otherwise', () => {
    expect(loadConfig({}).dataExport).toEqual({ linkHours: 72 });
    expect(loadConfig({ EXPORT_LINK_HOURS: '24' }).dataExport.linkHours).toBe(24);
    expect(() => loadConfig({ EXPORT_LINK_HOURS: '0' })).toThrow(
      /^Invalid configuration: EXPORT_LINK_HOURS must be at least 1 hour/,
    );
  });

  it('gives each organization 4 webhook deliveries per round unless WEBHOOK_TURNS_PER_ORG says otherwise', () => {
    expect(loadConfig({}).integrations.turnsPerOrg).toBe(4);
    expect(loadConfig({ WEBHOOK_TURNS_PER_ORG: '1' }).integrations.turnsPerOrg).toBe(1);
    for (const value of ['0', '101', 'many'])
      expect(() => loadConfig({ WEBHOOK_TURNS_PER_ORG: value })).toThrow(
        /^Invalid configuration: WEBHOOK_TURNS_PER_ORG must be/,
      );
  });

  it("supervises jobs every 5 s and keeps each kind's retry delay unless told otherwise", () => {
    expect(loadConfig({}).jobs).toEqual({ superviseSeconds: 5, retryDelaySeconds: undefined });
    expect(loadConfig({ JOB_SUPERVISE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '2' }).jobs).toEqual({
      superviseSeconds: 1,
      retryDelaySeconds: 2,
    });
    expect(() => loadConfig({ JOB_SUPERVISE_SECONDS: '0' })).toThrow(
      /^Invalid configuration: JOB_SUPERVISE_SECONDS must be at least 1/,
    );
    expect(() => loadConfig({ JOB_SUPERVISE_SECONDS: '3601' })).toThrow(
      /^Invalid configuration: JOB_SUPERVISE_SECONDS must be at most 3600 seconds/,
    );
    expect(() => loadConfig({ JOB_RETRY_DELAY_SECONDS: '0.5' })).toThrow(
      /^Invalid configuration: JOB_RETRY_DELAY_SECONDS must be a whole number/,
    );
  });

  it('gives live streams a 25 s heartbeat, 15 min lifetime, 10 per user and 24 h of events', () => {
    expect(loadConfig({}).live).toEqual({
      heartbeatMs: 25_000,
      maxStreamMs: 900_000,
      maxStreamsPerUser: 10,
      retentionHours: 24,
    });
    expect(loadConfig({ LIVE_MAX_STREAMS_PER_USER: '3' }).live.maxStreamsPerUser).toBe(3);
    expect(() => loadConfig({ LIVE_MAX_STREAMS_PER_USER: '0' })).toThrow(
      /^Invalid configuration: LIVE_MAX_STREAMS_PER_USER must be at least 1/,
    );
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: 'often' })).toThrow(
      /^Invalid configuration: LIVE_HEARTBEAT_MS /,
    );
  });

  it('keeps attachments on local disk with 25 MB files unless S3_BUCKET is set', () => {
    const local = loadConfig({}).attachments;
    expect(local).toMatchObject({ maxFileBytes: 25 * 1024 * 1024, s3: undefined });
    const s3 = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      ATTACHMENT_MAX_BYTES: '1000',
    }).attachments;
    expect(s3).toMatchObject({
      maxFileBytes: 1000,
      s3: { bucket: 'files', region: 'us-east-1', forcePathStyle: true },
    });
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ ATTACHMENT_ORG_QUOTA_BYTES: '10GB' })).toThrow(
      /^Invalid configuration: ATTACHMENT_ORG_QUOTA_BYTES must be a whole number of bytes/,
    );
  });

  it('gives up on a silent upload body after 60 s unless ATTACHMENT_BODY_TIMEOUT_MS says else', () => {
    expect(loadConfig({}).attachments.bodyTimeoutMs).toBe(60_000);
    expect(loadConfig({ ATTACHMENT_BODY_TIMEOUT_MS: '500' }).attachments.bodyTimeoutMs).toBe(500);
    expect(() => loadConfig({ ATTACHMENT_BODY_TIMEOUT_MS: '0' })).toThrow(
      /ATTACHMENT_BODY_TIMEOUT_MS must be at least 100 ms/,
    );
  });
});

describe('billing settings (issue 13)', () => {
  const base = { DATA_DIR: '/tmp/waymark-config-test' };
  it('uses the sandbox and no test clock by default', () => {
    expect(loadConfig(base).billing).toEqual({ stripe: undefined, testClock: false });
  });
  it('turns Stripe on only with all three keys', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig({ ...base, ...keys }).billing.stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  });
  it('reads BILLING_TEST_CLOCK as a boolean', () => {
    expect(loadConfig({ ...base, BILLING_TEST_CLOCK: 'true' }).billing.testClock).toBe(true);
    expect(() => loadConfig({ ...base, BILLING_TEST_CLOCK: 'yes' })).toThrow(
      'BILLING_TEST_CLOCK must be true or false',
    );
  });
});

describe('LOG_FORMAT (issue 25)', () => {
  it('is readable on a terminal and JSON elsewhere unless set', () => {
    expect(loadConfig({}, { isTerminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { isTerminal: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { isTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});

describe('analytics tag (issue 25)', () => {
  it('is off unless configured', () => {
    expect(loadConfig({}).analytics).toBeUndefined();
  });

  it('reads Plausible, Umami and Google, with Google defaulting to gtag.js', () => {
    expect(
      loadConfig({
        ANALYTICS_PROVIDER: 'plausible',
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.js',
        ANALYTICS_SITE_ID: 'waymark.example.com',
      }).analytics,
    ).toEqual({
      provider: 'plausible',
      scriptUrl: 'https://stats.example.com/js/script.js',
      siteId: 'waymark.example.com',
    });
    expect(
      loadConfig({
        ANALYTICS_PROVIDER: 'umami',
        ANALYTICS_SCRIPT_URL: 'https://umami.example.com/script.js',
        ANALYTICS_SITE_ID: '94db1cb1-74f4-4a40-ad6c-962362670409',
      }).analytics?.provider,
    ).toBe('umami');
    expect(
      loadConfig({ ANALYTICS_PROVIDER: 'google', ANALYTICS_SITE_ID: 'G-ABC123XYZ' }).analytics,
    ).toEqual({
      provider: 'google',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js',
      siteId: 'G-ABC123XYZ',
    });
  });

  it('refuses a plain-http script, a half configuration and a site id that is not one', () => {
    const plausible = { ANALYTICS_PROVIDER: 'plausible', ANALYTICS_SITE_ID: 'example.com' };
    expect(() =>
      loadConfig({ ...plausible, ANALYTICS_SCRIPT_URL: 'http://stats.example.com/s.js' }),
    ).toThrow('ANALYTICS_SCRIPT_URL must be the https:// URL of the analytics script');
    expect(() => loadConfig(plausible)).toThrow('ANALYTICS_SCRIPT_URL must be set for plausible');
    expect(() => loadConfig({ ANALYTICS_SITE_ID: 'example.com' })).toThrow(
      'ANALYTICS_PROVIDER must be set',
    );
    expect(() =>
      loadConfig({
        ...plausible,
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/s.js',
        ANALYTICS_SITE_ID: 'x" onload="alert(1)',
      }),
    ).toThrow('ANALYTICS_SITE_ID must be the site domain(s) of Plausible');
    expect(() =>
      loadConfig({ ANALYTICS_PROVIDER: 'google', ANALYTICS_SITE_ID: 'not-a-tag' }),
    ).toThrow('ANALYTICS_SITE_ID must be a Google tag id');
  });
});
