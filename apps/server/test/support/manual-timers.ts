import type { BodyTimers } from '../../src/modules/attachments/watch-upload-body';

/** Timers on a clock that moves only when a test says: what runs when is the test's to decide. */
export type ManualTimers = BodyTimers & {
  /** Milliseconds moved so far. */
  readonly now: number;
  /** How many timers were ever set for `ms` (an upload's body watch re-arms on every chunk). */
  setCount(ms: number): number;
  /** Moves the clock on by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void;
};

/** A fresh {@link ManualTimers} at 0, nothing set. */
export function createManualTimers(): ManualTimers {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const sets = new Map<number, number>();
  return {
    get now() {
      return now;
    },
    setTimeout(run, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, run });
      sets.set(ms, (sets.get(ms) ?? 0) + 1);
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    setCount: (ms) => sets.get(ms) ?? 0,
    advance(ms) {
      now += ms;
      const due = [...pending].filter(([, timer]) => timer.at <= now);
      for (const [id, timer] of due.sort(([, a], [, b]) => a.at - b.at)) {
        // An earlier timer's run may have cleared this one.
        if (pending.delete(id)) timer.run();
      }
    },
  };
}
