import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel the change triggers notify (migration 0005_change_feed). */
export const CHANGE_CHANNEL = 'waymark_changes';

/**
 * One committed change: the table written and the id the trigger names for it (the row's
 * organization, project or own id, see the migration), or `reset` when notifications may have
 * been missed (the listening connection dropped) and everything derived must be forgotten.
 */
export type Change = { table: string; key: number | null } | { table: 'reset'; key: null };

/** Receives changes in commit order. */
export type ChangeListener = (change: Change) => void;

/**
 * Committed changes of every server copy on the database, from PostgreSQL LISTEN/NOTIFY: what
 * caches (and later live updates) invalidate on. While the listening connection is down,
 * `isLive` is false and caches must not answer from memory.
 */
export type ChangeFeed = {
  /** True while changes are being received; false before start, after stop and while reconnecting. */
  readonly isLive: boolean;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: ChangeListener): () => void;
  /**
   * Resolves once every change committed before the call has reached the listeners (a
   * notification sent now arrives after all earlier ones). Immediate while not live.
   */
  sync(): Promise<void>;
  /** Connects and listens; resolves once live (or after the first failed attempt, retrying). */
  start(): Promise<void>;
  /** Stops listening and closes the connection. */
  stop(): Promise<void>;
};

/** Options of {@link createChangeFeed}. */
export type ChangeFeedOptions = {
  /** The database's connection string (the feed holds one connection of its own). */
  connectionString: string;
  /** Runs one query on a pooled connection (used by `sync`). */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /** First reconnect delay in ms, doubled up to 5 s; default 100. */
  retryDelayMs?: number;
};

const SYNC_PREFIX = 'sync:';
const MAX_RETRY_MS = 5_000;
const SYNC_TIMEOUT_MS = 5_000;

/** Parses a notification payload `table:key` (key may be empty). */
export function parseChange(payload: string): Change | null {
  const match = /^([a-z_]+):(\d*)$/.exec(payload);
  if (!match?.[1]) return null;
  return { table: match[1], key: match[2] ? Number(match[2]) : null };
}

/** Creates the change feed; call `start()` once the app is ready. */
export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  const pendingSyncs = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let isLive = false;
  let isStopped = true;
  let retryDelay = options.retryDelayMs ?? 100;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextSync: Promise<void> | null = null;
  let lastSync: Promise<void> = Promise.resolve();

  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };

  const goDown = () => {
    if (isLive) emit({ table: 'reset', key: null });
    isLive = false;
    for (const resolve of pendingSyncs.values()) resolve();
    pendingSyncs.clear();
  };

  const scheduleReconnect = () => {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('notification', ({ payload }) => {
      if (!payload) return;
      if (payload.startsWith(SYNC_PREFIX)) {
        pendingSyncs.get(payload)?.();
        pendingSyncs.delete(payload);
        return;
      }
      const change = parseChange(payload);
      if (change) emit(change);
    });
    const onLost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      if (!isStopped && error) options.logger.warn({ err: error }, 'change feed connection lost');
      goDown();
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      options.logger.warn({ err: error }, 'change feed cannot listen');
      await next.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelay = options.retryDelayMs ?? 100;
    // Anything cached before this point may have missed changes while the feed was down.
    emit({ table: 'reset', key: null });
    isLive = true;
  }

  // One notification sent now and awaited: every change committed before it has arrived then.
  async function sendBarrier(): Promise<void> {
    if (!isLive) return;
    const token = `${SYNC_PREFIX}${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingSyncs.delete(token);
        resolve();
      }, SYNC_TIMEOUT_MS);
      pendingSyncs.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await options.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, token]);
    await arrived;
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
      // Callers arriving before the next barrier's notification is sent share it (it is sent
      // after they asked, which is all they need): 50 fresh reads at once cost two notifications,
      // not 50 serialised on PostgreSQL's notify queue lock.
      nextSync ??= lastSync
        .catch(() => undefined)
        .then(() => {
          nextSync = null;
          return sendBarrier();
        });
      lastSync = nextSync;
      return nextSync;
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
