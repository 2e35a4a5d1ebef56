/** The IPC message a primary sends a worker to drain and stop (cluster/run-primary.ts). */
export const STOP_MESSAGE = 'waymark:stop';

/** A worker's stop requests: before {@link StopRequests.onStop} is set, a request exits at once. */
export type StopRequests = {
  /** Sets what a stop request runs (once) from now on: the worker's graceful close. */
  onStop(stop: () => void): void;
};

/**
 * In a worker, listens (from its first moment, so no request is lost while it starts) for the
 * primary's {@link STOP_MESSAGE} or its going away (the IPC channel closes: the primary was
 * killed), and keeps SIGINT/SIGTERM/SIGHUP from killing the worker outright — the primary gets
 * them and asks every worker in turn.
 */
export function listenForStopRequests(): StopRequests {
  let isRequested = false;
  let stop: (() => void) | undefined;
  const request = () => {
    if (isRequested) return;
    isRequested = true;
    // Nothing to drain before the app is built: the pool's sockets close with the process.
    if (stop) stop();
    else process.exit(0);
  };
  process.on('message', (message) => {
    if (message === STOP_MESSAGE) request();
  });
  process.on('disconnect', request);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => undefined);
  return {
    onStop(next) {
      stop = next;
    },
  };
}
