import { createServer, connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { withoutIdleTimeout } from './long-work';

const IDLE_MS = 100;
const sockets: Socket[] = [];
const servers: ReturnType<typeof createServer>[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

/** A connected socket pair on loopback: the server's end has the idle timeout, as Node's http does. */
async function serverSide(): Promise<{ socket: Socket; timeouts: number[] }> {
  const timeouts: number[] = [];
  const accepted = new Promise<Socket>((resolve) => {
    const server = createServer((socket) => {
      socket.setTimeout(IDLE_MS);
      socket.on('timeout', () => timeouts.push(Date.now()));
      resolve(socket);
    });
    servers.push(server);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') sockets.push(connect(address.port, '127.0.0.1'));
    });
  });
  const socket = await accepted;
  sockets.push(socket);
  return { socket, timeouts };
}

describe('withoutIdleTimeout', () => {
  it('lets work longer than the idle timeout run without one, then restores it', async () => {
    const { socket, timeouts } = await serverSide();
    const answer = await withoutIdleTimeout(socket, async () => {
      await sleep(IDLE_MS * 4);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(timeouts).toEqual([]);
    expect(socket.timeout).toBe(IDLE_MS);
    // Idle again once the work is over: the timeout still frees a client that stops reading.
    await sleep(IDLE_MS * 3);
    expect(timeouts.length).toBeGreaterThan(0);
  });

  it('restores the timeout when the work fails', async () => {
    const { socket } = await serverSide();
    await expect(
      withoutIdleTimeout(socket, () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(socket.timeout).toBe(IDLE_MS);
  });

  it('runs the work as is on a request without a socket of its own', async () => {
    await expect(withoutIdleTimeout(null, () => Promise.resolve(7))).resolves.toBe(7);
  });
});
