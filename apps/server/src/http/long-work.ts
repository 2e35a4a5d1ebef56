import type { Socket } from 'node:net';

/**
 * Runs `work`, a service long by design (it lifts its statement limit, `allowLongStatements`),
 * with the connection's idle timeout (`HTTP_IDLE_TIMEOUT_MS`) lifted, and restores it before the
 * answer is written (decision 0147). Nothing moves on a socket while the server works, so a
 * re-home or a project's deletion longer than the idle timeout had its connection closed: the
 * change was made, its answer lost. The timeout still frees the socket of a client that stops
 * reading the answer. A request without a socket of its own (`inject`) runs `work` as is.
 */
export async function withoutIdleTimeout<T>(
  socket: Socket | null | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const idleMs = socket?.timeout;
  if (!socket || !idleMs) return work();
  socket.setTimeout(0);
  try {
    return await work();
  } finally {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  }
}
