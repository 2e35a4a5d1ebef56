import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PacedClass, PacedRequest, SlowestSplit } from './paced-writes';

/** What the paced writes' process is asked to send: all of it, in order, at `rate` per second. */
export type PacedJob = {
  serverUrl: string;
  bearer: string;
  requests: PacedRequest[];
  rate: number;
};

/** What it answers: each class's latencies from their scheduled instants, its own CPU (ms), the slowest's split. */
export type PacedOutcome = { classes: PacedClass[]; cpuMs: number; slowest: SlowestSplit };

/** The paced writes' process, loaded and waiting: `send` starts the job at once. */
export type PacedWriter = { send: (job: PacedJob) => Promise<PacedOutcome> };

/**
 * Forks the process of lib/paced-writes-process.ts and settles once it has loaded (tsx takes
 * about a second), so the writes start with the closed-loop calls rather than that much later.
 */
export function startPacedWriter(): Promise<PacedWriter> {
  // The parent runs under `node --import tsx`: the child inherits its execArgv, so tsx too.
  const child = fork(fileURLToPath(new URL('./paced-writes-process.ts', import.meta.url)));
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`paced writes' process exited with ${code}`)));
  });
  const message = () =>
    Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  return message().then(() => ({
    send: (job) => {
      child.send(job);
      return message() as Promise<PacedOutcome>;
    },
  }));
}
