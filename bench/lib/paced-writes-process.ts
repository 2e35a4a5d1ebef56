// The paced writes' own process (decision 0111): forked by runPacedWrites so that autocannon's
// lookups, busy on the parent's event loop, cannot make a send late, and so that the generator's
// CPU is its own figure. Receives one job on its IPC channel, answers with the classes' latencies.
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sendPaced, slowestSplit, type PacedInstants, type PacedRequest } from './paced-writes';
import type { PacedJob, PacedOutcome } from './run-paced-writes';

// autocannon's default: an answer later than this counts as a failure.
const TIMEOUT_MS = 10_000;

process.once('message', (message) => {
  const job = message as PacedJob;
  const { hostname, port } = new URL(job.serverUrl);
  // Keep-alive as a browser does; no queue behind a small socket cap when the server is slow.
  const agent = new Agent({ keepAlive: true, maxSockets: 200 });
  const writes: PacedInstants[] = [];
  const send = (paced: PacedRequest, due: number) =>
    new Promise<boolean>((resolve) => {
      const write = { due, sent: performance.now(), socket: NaN, headers: NaN, end: NaN };
      const settle = (ok: boolean) => {
        write.end = performance.now();
        writes.push(write);
        resolve(ok);
      };
      const outgoing = httpRequest(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path: paced.path,
          headers: {
            authorization: `Bearer ${job.bearer}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(paced.body),
          },
          timeout: TIMEOUT_MS,
        },
        (answer) => {
          write.headers = performance.now();
          answer.resume();
          answer.on('end', () => settle((answer.statusCode ?? 0) < 300));
          answer.on('error', () => settle(false));
        },
      );
      outgoing.once('socket', (socket) => {
        if (!socket.connecting) write.socket = performance.now();
        else socket.once('connect', () => (write.socket = performance.now()));
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => settle(false));
      outgoing.end(paced.body);
    });
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  void sendPaced(job.requests, job.rate, send, {
    now: () => performance.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
  }).then((classes) => {
    const cpu = process.cpuUsage(cpuBefore);
    agent.destroy();
    const outcome: PacedOutcome = {
      classes,
      cpuMs: (cpu.user + cpu.system) / 1000,
      slowest: slowestSplit(writes, start),
    };
    process.send?.(outcome, () => process.disconnect());
  });
});
process.send?.('ready');
