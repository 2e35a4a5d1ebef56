import { readFileSync } from 'node:fs';
import pg from 'pg';

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ).
const TICK_MS = 10;

/** What {@link observeLoad} saw between its start and `stop()`. */
export type LoadObservation = {
  /** CPU (user + system) of this process — the load generator — in ms. */
  generatorCpuMs: number;
  /** CPU of the embedded PostgreSQL (postmaster, its backends and the ones that ended), in ms. */
  databaseCpuMs: number;
  /**
   * Change-feed announcements by table, what the caches were told: NOTIFY on `waymark_changes`
   * (builds before decision 0113), or the change log's rows, each transaction's table and key
   * once (as NOTIFY folded them).
   */
  changes: Record<string, number>;
  /** Index scans by index over the load (pg_stat_user_indexes): how often a read reached a table. */
  indexScans: Record<string, number>;
  /** Checkpoints and WAL written over the load: what a write's tail may have waited behind. */
  wal: WalActivity;
  /** Wall time observed, in ms. */
  wallMs: number;
};

/**
 * Checkpoints begun (timed or requested) and WAL written: its bytes, its full-page images (each
 * page's first change after a checkpoint is logged whole) and how often a backend found the WAL
 * buffers full and wrote them itself. Counters of the cluster since its statistics were reset.
 */
export type WalActivity = {
  checkpoints: number;
  walBytes: number;
  fullPageImages: number;
  buffersFull: number;
};

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The postmaster of the embedded PostgreSQL under `dataDir` (first line of its postmaster.pid). */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * CPU of the postmaster `pid`, its live children and the children it has reaped (cutime +
 * cstime), in ms: every PostgreSQL process's time, including backends that ended.
 */
function databaseCpuMs(pid: number | null): number {
  if (pid === null) return 0;
  try {
    const own = statFields(pid);
    let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const child of childrenOf(pid)) {
      try {
        const fields = statFields(child);
        total += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Ended since listed: its time moves to the postmaster's reaped children.
      }
    }
    return total * TICK_MS;
  } catch {
    return 0;
  }
}

async function indexScans(client: pg.Client): Promise<Record<string, number>> {
  const result = await client.query<{ name: string; scans: string }>(
    `select indexrelname as name, idx_scan as scans from pg_stat_user_indexes
     where indexrelname in ('items_relative_path_id_idx', 'relative_paths_project_id_path_key',
       'associated_sites_host_idx')`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.scans)]));
}

async function walActivity(client: pg.Client): Promise<WalActivity> {
  // PostgreSQL 17 moved the checkpoint counters from pg_stat_bgwriter to pg_stat_checkpointer.
  const checkpointer = await client.query<{ newer: boolean }>(
    `select to_regclass('pg_catalog.pg_stat_checkpointer') is not null as newer`,
  );
  const checkpoints = checkpointer.rows[0]?.newer
    ? 'select num_timed + num_requested from pg_stat_checkpointer'
    : 'select checkpoints_timed + checkpoints_req from pg_stat_bgwriter';
  const result = await client.query<Record<keyof WalActivity, string>>(
    `select (${checkpoints}) as "checkpoints", wal_bytes as "walBytes",
       wal_fpi as "fullPageImages", wal_buffers_full as "buffersFull" from pg_stat_wal`,
  );
  const row = result.rows[0];
  return {
    checkpoints: Number(row?.checkpoints ?? 0),
    walBytes: Number(row?.walBytes ?? 0),
    fullPageImages: Number(row?.fullPageImages ?? 0),
    buffersFull: Number(row?.buffersFull ?? 0),
  };
}

/**
 * Starts watching a load on the server whose database is `databaseUrl` (data in `dataDir`):
 * the generator's own CPU, the database's CPU, the change feed's notifications per table, the
 * lookup's index scans, the checkpoints and the WAL. `stop()` answers what happened in between.
 * Figures the machine's other load moves little: CPU per request, notifications and scans per
 * request.
 */
export async function observeLoad(
  databaseUrl: string,
  dataDir: string,
): Promise<{ stop(): Promise<LoadObservation> }> {
  const listener = new pg.Client(databaseUrl);
  await listener.connect();
  const changes: Record<string, number> = {};
  const count = (table: string, key: string, times = 1) => {
    // A change without a key makes a cache keyed by it forget everything.
    const name = key === '' ? `${table} (no key)` : table;
    changes[name] = (changes[name] ?? 0) + times;
  };
  listener.on('notification', (message) => {
    const [, table = 'other', key = ''] = /^([a-z_]+):(\d*)/.exec(message.payload ?? '') ?? [];
    count(table, key);
  });
  // Quoted: a build with the change log relays to a copy whose last statement reads exactly
  // `listen waymark_changes` (an older version's feed, decision 0113), and this is not one.
  await listener.query('LISTEN "waymark_changes"');
  const logged = await listener.query<{ snapshot: string | null }>(
    `select case when to_regclass('change_log') is not null
       then pg_current_snapshot()::text end as snapshot`,
  );
  const logSince = logged.rows[0]?.snapshot ?? null;
  const postmaster = postmasterPid(dataDir);
  // Statistics reach pg_stat_* when a backend flushes them (at most every second).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const scansBefore = await indexScans(listener);
  const walBefore = await walActivity(listener);
  const cpuBefore = process.cpuUsage();
  const databaseBefore = databaseCpuMs(postmaster);
  const startedAt = performance.now();
  return {
    async stop() {
      const generator = process.cpuUsage(cpuBefore);
      const wallMs = performance.now() - startedAt;
      const databaseCpu = databaseCpuMs(postmaster) - databaseBefore;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const scansAfter = await indexScans(listener);
      const walAfter = await walActivity(listener);
      if (logSince) {
        // What committed since the start (pruned only a minute after its transaction ended).
        const rows = await listener.query<{ tbl: string; key: string; times: string }>(
          `select tbl, key, count(distinct xid) as times from change_log
            where xid >= pg_snapshot_xmin($1::pg_snapshot)
              and not pg_visible_in_snapshot(xid, $1::pg_snapshot)
            group by tbl, key`,
          [logSince],
        );
        for (const row of rows.rows) count(row.tbl, row.key, Number(row.times));
      }
      await listener.end();
      return {
        generatorCpuMs: (generator.user + generator.system) / 1000,
        databaseCpuMs: databaseCpu,
        changes,
        indexScans: Object.fromEntries(
          Object.entries(scansAfter).map(([name, scans]) => [
            name,
            scans - (scansBefore[name] ?? 0),
          ]),
        ),
        wal: {
          checkpoints: walAfter.checkpoints - walBefore.checkpoints,
          walBytes: walAfter.walBytes - walBefore.walBytes,
          fullPageImages: walAfter.fullPageImages - walBefore.fullPageImages,
          buffersFull: walAfter.buffersFull - walBefore.buffersFull,
        },
        wallMs,
      };
    },
  };
}
