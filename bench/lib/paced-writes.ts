// An open-loop generator (issue 34, decision 0111): requests sent at fixed, evenly spaced
// instants, whatever the server's answers are doing, each latency counted from the instant the
// request was SCHEDULED — a slow answer neither delays the next send nor hides the wait a real
// client would have had (coordinated omission). autocannon's `overallRate` could not do this: it
// resets every connection's budget on one 1-second timer, so a second's writes left as one burst.

import { median } from './median';

/** One request the generator sends: which class it counts under, and its POST path and body. */
export type PacedRequest = { label: string; path: string; body: string };

/** What one class of requests got: its latencies from the scheduled instant (ms), its failures. */
export type PacedClass = { label: string; latenciesMs: number[]; failures: number };

/** The clock and timer the generator runs on: the real ones, or a test's fakes. */
export type PacedClock = {
  now: () => number;
  setTimer: (callback: () => void, ms: number) => void;
};

/** The instant (ms after the start) request `index` is due at `rate` requests per second. */
export function scheduledOffsetMs(index: number, rate: number): number {
  return (index * 1000) / rate;
}

/**
 * Which of `weights` each of `count` requests belongs to, interleaved so every prefix keeps the
 * weights' proportions as closely as whole requests can (smooth weighted round-robin): 30 and 20
 * give create, note, create, note, create… rather than 30 creates then 20 notes.
 */
export function interleave(weights: number[], count: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const credit = weights.map(() => 0);
  const order: number[] = [];
  for (let n = 0; n < count; n += 1) {
    weights.forEach((weight, index) => (credit[index] = (credit[index] ?? 0) + weight));
    let best = 0;
    credit.forEach((value, index) => {
      if (value > (credit[best] ?? 0)) best = index;
    });
    credit[best] = (credit[best] ?? 0) - total;
    order.push(best);
  }
  return order;
}

/** The `p`-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? 0;
}

/**
 * Sends `requests` in order at `rate` per second from now, request i at i × 1000 / rate ms,
 * through `send` (told the request's scheduled instant on `clock`, it settles with whether the
 * answer was a success), never waiting for an answer before the next send; a send found late
 * (the timer or the event loop was) goes out at once, its latency still counted from its
 * scheduled instant. Settles when every answer is in.
 */
export async function sendPaced(
  requests: PacedRequest[],
  rate: number,
  send: (request: PacedRequest, scheduledAt: number) => Promise<boolean>,
  clock: PacedClock,
): Promise<PacedClass[]> {
  const classes = new Map<string, PacedClass>();
  for (const { label } of requests) {
    if (!classes.has(label)) classes.set(label, { label, latenciesMs: [], failures: 0 });
  }
  const start = clock.now();
  const answers: Promise<void>[] = [];
  const sendOne = (index: number) => {
    const request = requests[index] as PacedRequest;
    const scheduled = start + scheduledOffsetMs(index, rate);
    const recorded = classes.get(request.label) as PacedClass;
    answers.push(
      send(request, scheduled).then(
        (ok) => {
          recorded.latenciesMs.push(clock.now() - scheduled);
          if (!ok) recorded.failures += 1;
        },
        () => {
          recorded.latenciesMs.push(clock.now() - scheduled);
          recorded.failures += 1;
        },
      ),
    );
  };
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = () => {
      const elapsed = clock.now() - start;
      while (next < requests.length && scheduledOffsetMs(next, rate) <= elapsed) {
        sendOne(next);
        next += 1;
      }
      if (next >= requests.length) return resolve();
      clock.setTimer(tick, Math.max(0, scheduledOffsetMs(next, rate) - elapsed));
    };
    tick();
  });
  await Promise.all(answers);
  return [...classes.values()];
}

/**
 * Where the slowest 1 % of the paced writes spent their time, each part the median over them in ms:
 * `late`, from the scheduled instant to the send (the generator's own delay); `socket`, from the
 * send to a connected socket (a new keep-alive socket's connect, or none); `answer`, from there to
 * the answer's headers (the request's bytes, the server, the loopback); `rest`, to the body's end.
 * `scheduledS` is when in the phase they were due (seconds from its start: first, median, last).
 */
export type SlowestSplit = {
  count: number;
  late: number;
  socket: number;
  answer: number;
  rest: number;
  scheduledS: [number, number, number];
};

/** One write's instants (performance.now()): due, sent, socket connected, answer's headers, end. */
export type PacedInstants = {
  due: number;
  sent: number;
  socket: number;
  headers: number;
  end: number;
};

/** The split of the slowest 1 % of `writes` (by time from due to end), `start` the phase's start. */
export function slowestSplit(writes: PacedInstants[], start: number): SlowestSplit {
  const slowest = [...writes]
    .sort((a, b) => b.end - b.due - (a.end - a.due))
    .slice(0, Math.max(1, Math.ceil(writes.length / 100)));
  const part = (of: (write: PacedInstants) => number) => Math.round(median(slowest.map(of)));
  const due = slowest.map((write) => (write.due - start) / 1000).sort((a, b) => a - b);
  return {
    count: slowest.length,
    late: part((write) => write.sent - write.due),
    socket: part((write) => write.socket - write.sent),
    answer: part((write) => write.headers - write.socket),
    rest: part((write) => write.end - write.headers),
    scheduledS: [due[0] ?? 0, median(due), due.at(-1) ?? 0].map(
      (seconds) => Math.round(seconds * 10) / 10,
    ) as [number, number, number],
  };
}
