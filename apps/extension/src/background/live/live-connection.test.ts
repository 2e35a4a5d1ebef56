import { describe, expect, it, vi } from 'vitest';
import type { LiveState } from '../../messaging/index';
import { openLiveConnection } from './live-connection';

/** A response whose body streams `text` and then ends (the server went away). */
function streamOf(text: string, status = 200): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status, headers: { 'content-type': 'text/event-stream' } },
  );
}

/** A connection's environment: a server URL, a token, immediate retries. */
const deps = (fetch: typeof globalThis.fetch) => ({
  fetch,
  getServerUrl: () => Promise.resolve('https://waymark.test'),
  getAccessToken: () => Promise.resolve('token-1'),
  setTimer: (run: () => void) => {
    queueMicrotask(run);
    return () => undefined;
  },
  random: () => 0,
});

const CHANGE = JSON.stringify({ projectId: 3, topic: 'items', relativePathId: 8, itemId: 41 });

describe('a live connection', () => {
  it('sends the token, reports changes, and resumes from the last event id after a drop', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        streamOf(`id: 7\nevent: ready\ndata: {}\n\nid: 9\nevent: change\ndata: ${CHANGE}\n\n`),
      )
      .mockResolvedValueOnce(streamOf(`id: 12\nevent: change\ndata: ${CHANGE}\n\n`))
      .mockReturnValue(new Promise(() => undefined));
    const changes: unknown[] = [];
    const states: LiveState[] = [];
    openLiveConnection(deps(fetch), 3, {
      onChange: (change) => changes.push(change),
      onResync: vi.fn(),
      onState: (state) => states.push(state),
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://waymark.test/api/item/liveEvents/3');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(init?.headers).not.toHaveProperty('last-event-id');
    expect(fetch.mock.calls[1]?.[1]?.headers).toMatchObject({ 'last-event-id': '9' });
    expect(fetch.mock.calls[2]?.[1]?.headers).toMatchObject({ 'last-event-id': '12' });
    expect(changes).toHaveLength(2);
    expect(states.slice(0, 3)).toEqual(['connecting', 'live', 'connecting']);
  });

  it('stops for good when access is gone', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(new Response('{}', { status: 404 }));
    const states: LiveState[] = [];
    const onGone = vi.fn();
    const connection = openLiveConnection(deps(fetch), 3, {
      onChange: vi.fn(),
      onResync: vi.fn(),
      onState: (state) => states.push(state),
      onGone,
    });
    await vi.waitFor(() => expect(connection.state).toBe('offline'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onGone).toHaveBeenCalledTimes(1);
  });
});
