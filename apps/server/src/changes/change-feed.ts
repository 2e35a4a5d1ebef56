import pg from 'pg';

/** The `application_name` of every feed's own connection (what an operator sees in pg_stat_activity). */
export const CHANGE_FEED_APPLICATION = 'waymark-change-feed';

/**
 * One committed change: the table written and the id the trigger names for it (the row's
 * organization, project or own id, see migration 0005), or `reset` when changes may have been
 * missed (the feed's connection dropped, or it fell too far behind) and everything derived must
 * be forgotten.
 */
export type Change = { table: string; key: number | null } | { table: 'reset'; key: null };

/** Receives changes, those of a transaction after those of every transaction read before it. */
export type ChangeListener = (change: Change) => void;

/**
 * Committed changes of every server copy on the database, read from the change log (migration
 * 0045): what caches and live streams act on. While the feed's connection is down, `isLive` is
 * false and caches must not answer from memory.
 */
export type ChangeFeed = {
  /** True while changes are being received; false before start, after stop and while reconnecting. */
  readonly isLive: boolean;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: ChangeListener): () => void;
  /**
   * Resolves once every change committed before the call has reached the listeners (a read of
   * the log started after the call has delivered them). Immediate while not live.
   */
  sync(): Promise<void>;
  /** Connects and starts reading; resolves once live (or after the first failed attempt, retrying). */
  start(): Promise<void>;
  /** Stops reading and closes the connection. */
  stop(): Promise<void>;
};

/** Options of {@link createChangeFeed}. */
export type ChangeFeedOptions = {
  /** The database's connection string (the feed holds one connection of its own). */
  connectionString: string;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /** First reconnect delay in ms, doubled up to 5 s; default 100. */
  retryDelayMs?: number;
  /** Wait between two reads of the log while changes keep coming, in ms; default 20. */
  pollMs?: number;
  /** Longest wait between reads, reached by doubling after each read that found nothing; default 100. */
  idlePollMs?: number;
  /**
   * How long a change stays in the log after its transaction ended, in ms; default 60 s. Every
   * copy prunes what is older (and looks again whether a copy of a version before the log
   * listens, see `relay`). A copy that has not read the log for half of it forgets everything.
   */
  retentionMs?: number;
  /** Called after each read of the log (for tests and metrics). */
  onRead?: () => void;
};

const MAX_RETRY_MS = 5_000;
const DEFAULT_POLL_MS = 20;
const DEFAULT_IDLE_POLL_MS = 100;
const DEFAULT_RETENTION_MS = 60_000;

// The changes of every transaction that committed since `$1` was this copy's snapshot: its xid
// at or above that snapshot's xmax, or among the transactions it saw running ($2). The rows and
// the new snapshot come from the one snapshot of this statement, so nothing committed between
// two reads is missed or read twice, whatever order transactions commit in.
const READ_CHANGES = `select pg_current_snapshot()::text as snapshot,
  coalesce((select json_agg(json_build_array(tbl, key) order by xid, id) from change_log
             where xid >= pg_snapshot_xmax($1::pg_snapshot) or xid = any($2::xid8[])),
           '[]'::json) as changes`;

/** The channel server copies before decision 0113 listen on, and announced changes on. */
export const LEGACY_CHANNEL = 'waymark_changes';

// Rows of transactions that ended before the previous prune's snapshot (at least
// `retentionMs` ago) go; the new snapshot's oldest running transaction bounds the next prune.
// Also: whether a copy of a version before 0113 listens on this database (a rolling deploy).
const PRUNE_CHANGES = `with pruned as (delete from change_log where xid < $1::xid8)
  select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
    exists (select 1 from pg_stat_activity where datname = current_database()
             and query = 'listen ${LEGACY_CHANNEL}') as legacy`;

// Only while such a copy listens: what this read delivered, as that version expects it.
const RELAY_CHANGES = `select pg_notify('${LEGACY_CHANNEL}', payload) from unnest($1::text[]) as payload`;

/** Parses an announcement `table:key` (key may be empty); null when it is not one. */
export function parseChange(payload: string): Change | null {
  const match = /^([a-z_]+):(\d*)$/.exec(payload);
  if (!match?.[1]) return null;
  return { table: match[1], key: match[2] ? Number(match[2]) : null };
}

/** The transactions a `pg_snapshot` text (`xmin:xmax:xip,…`) saw running. */
export function runningOf(snapshot: string): string[] {
  const running = snapshot.split(':')[2];
  return running ? running.split(',') : [];
}

/**
 * The changes of one read of the log, each `table:key` once, in the order first announced: a
 * transaction announces the same key once per row written (PostgreSQL folded identical
 * notifications; the log does not), and forgetting twice does nothing more.
 */
export function foldChanges(rows: readonly (readonly [string, string])[]): Change[] {
  const seen = new Set<string>();
  const changes: Change[] = [];
  for (const [table, key] of rows) {
    const payload = `${table}:${key}`;
    if (seen.has(payload)) continue;
    seen.add(payload);
    const change = parseChange(payload);
    if (change) changes.push(change);
  }
  return changes;
}

/** Creates the change feed; call `start()` once the app is ready. */
export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const idlePollMs = Math.max(pollMs, options.idlePollMs ?? DEFAULT_IDLE_POLL_MS);
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | null = null;
  let isLive = false;
  let isStopped = true;
  let retryDelay = options.retryDelayMs ?? 100;
  let retryTimer: NodeJS.Timeout | undefined;
  let readTimer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  /** The snapshot of the last read, and when that read started (performance.now()). */
  let snapshot = '';
  let snapshotAt = 0;
  let idleDelay = pollMs;
  let reading: Promise<void> | null = null;
  let nextRead: Promise<void> | null = null;
  let pruneBelow: string | null = null;
  let relaysToLegacy = false;

  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };

  const goDown = () => {
    if (isLive) emit({ table: 'reset', key: null });
    isLive = false;
    clearTimeout(readTimer);
    clearInterval(pruneTimer);
    pruneBelow = null;
  };

  const scheduleReconnect = () => {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
  };

  const lose = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = null;
    if (!isStopped && error) options.logger.warn({ err: error }, 'change feed connection lost');
    goDown();
    void lost.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleRead = (delay: number) => {
    clearTimeout(readTimer);
    readTimer = setTimeout(() => void startRead(), delay);
    readTimer.unref();
  };

  async function readOnce(current: pg.Client): Promise<void> {
    const startedAt = performance.now();
    let result: pg.QueryResult<{ snapshot: string; changes: [string, string][] }>;
    try {
      result = await current.query({
        name: 'change_feed_read',
        text: READ_CHANGES,
        values: [snapshot, runningOf(snapshot)],
      });
    } catch (error) {
      lose(current, error);
      return;
    }
    if (client !== current || !isLive) return;
    const [row] = result.rows;
    if (!row) return;
    // Another copy may have pruned changes this one had not read yet (see `retentionMs`).
    if (performance.now() - snapshotAt > retentionMs / 2) emit({ table: 'reset', key: null });
    snapshot = row.snapshot;
    snapshotAt = startedAt;
    const changes = foldChanges(row.changes);
    for (const change of changes) emit(change);
    if (relaysToLegacy && changes.length > 0) relay(current, changes);
    idleDelay = row.changes.length > 0 ? pollMs : Math.min(idleDelay * 2, idlePollMs);
    options.onRead?.();
  }

  function startRead(): Promise<void> {
    const current = client;
    if (!current || !isLive) return Promise.resolve();
    clearTimeout(readTimer);
    reading = readOnce(current).finally(() => {
      reading = null;
      if (client === current && isLive) scheduleRead(idleDelay);
    });
    return reading;
  }

  /** A read that starts after this call (joined by every caller until it starts). */
  function readAfterNow(): Promise<void> {
    if (!reading) return startRead();
    nextRead ??= reading.then(() => {
      nextRead = null;
      return startRead();
    });
    return nextRead;
  }

  // A rolling deploy across migration 0045: the old version's copies, still serving, listen for
  // NOTIFY that no write sends any more. Relayed from here (one notifying transaction per read,
  // taken by nobody's write), their caches and live streams keep up until they are replaced.
  function relay(current: pg.Client, changes: Change[]): void {
    const payloads = changes.map(({ table, key }) => `${table}:${key ?? ''}`);
    current
      .query({ name: 'change_feed_relay', text: RELAY_CHANGES, values: [payloads] })
      .catch((error: unknown) => lose(current, error));
  }

  async function prune(current: pg.Client): Promise<void> {
    try {
      const result = await current.query<{ xmin: string; legacy: boolean }>({
        name: 'change_feed_prune',
        text: PRUNE_CHANGES,
        values: [pruneBelow],
      });
      pruneBelow = result.rows[0]?.xmin ?? null;
      relaysToLegacy = result.rows[0]?.legacy ?? false;
    } catch (error) {
      lose(current, error);
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: CHANGE_FEED_APPLICATION,
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('connection ended')));
    let first: string;
    try {
      await next.connect();
      const result = await next.query<{ snapshot: string }>(
        'select pg_current_snapshot()::text as snapshot',
      );
      first = result.rows[0]?.snapshot ?? '';
    } catch (error) {
      options.logger.warn({ err: error }, 'change feed cannot read the change log');
      await next.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    snapshot = first;
    snapshotAt = performance.now();
    idleDelay = pollMs;
    retryDelay = options.retryDelayMs ?? 100;
    // Anything cached before this point may have missed changes while the feed was down.
    emit({ table: 'reset', key: null });
    isLive = true;
    scheduleRead(pollMs);
    // pg runs a connection's queries in order: the first read knows whether to relay.
    void prune(next);
    pruneTimer = setInterval(() => void prune(next), retentionMs);
    pruneTimer.unref();
  }

  return {
    get isLive() {
      return isLive;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync() {
      if (!isLive) return Promise.resolve();
      // Callers arriving while a read runs share the next one: 50 fresh reads at once cost at
      // most two reads of the log.
      return readAfterNow();
    },
    async start() {
      if (!isStopped) return;
      isStopped = false;
      await connect();
    },
    async stop() {
      isStopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = null;
      goDown();
      await current?.end().catch(() => undefined);
    },
  };
}
