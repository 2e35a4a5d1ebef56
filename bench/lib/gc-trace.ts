/** A process's garbage collections over a measured span, per transfer. */
export type GcTotals = {
  /** Young-generation collections and their pause time. */
  scavenges: number;
  scavengeMs: number;
  /**
   * Full (mark-compact) collections and their time on the main thread, incremental steps
   * included. V8 reports wall time: under load it includes time the process waited for a core.
   */
  fullCollections: number;
  fullMs: number;
};

// `[pid:0x…]  1234 ms: Mark-Compact 80.1 (85.2) -> 79.9 (85.2) MB, pooled: 0 MB, 12.30 / 0.00 ms
// (+ 30.1 ms in 20 steps since start of marking, …)`: the pause, then the incremental steps.
const LINE =
  /ms: (Scavenge|Minor Mark-Sweep|Mark-Compact|Mark-Sweep)\b.*?, ([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in)?/;

/**
 * Reads a server's `--trace-gc` output (as `startServer`'s `log`) and sums its collections between
 * `reset` and `totals`: how much of the server's CPU per transfer is the collector's (issue 34).
 */
export function createGcTrace() {
  let pending = '';
  let sums: GcTotals = { scavenges: 0, scavengeMs: 0, fullCollections: 0, fullMs: 0 };
  return {
    /** Feeds output as it arrives; lines may be split across chunks. */
    read: (chunk: string): void => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = LINE.exec(line);
        if (!match) continue;
        const ms = Number(match[2]) + Number(match[3] ?? 0);
        if (match[1] === 'Scavenge' || match[1] === 'Minor Mark-Sweep') {
          sums.scavenges += 1;
          sums.scavengeMs += ms;
        } else {
          sums.fullCollections += 1;
          sums.fullMs += ms;
        }
      }
    },
    /** Starts a new span. */
    reset: (): void => {
      sums = { scavenges: 0, scavengeMs: 0, fullCollections: 0, fullMs: 0 };
    },
    /** The span's sums divided by `transfers`. */
    totals: (transfers: number): GcTotals => {
      return {
        scavenges: sums.scavenges / transfers,
        scavengeMs: sums.scavengeMs / transfers,
        fullCollections: sums.fullCollections / transfers,
        fullMs: sums.fullMs / transfers,
      };
    },
  };
}
