import { routes, type TLiveChange, type TPageItems } from '@waymark/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PORT, toWorkerEnd, type LiveState, type PageKey } from '../../messaging/index';
import { createPortPair } from '../../test/fake-chrome-api';
import { createDataChangeOwner } from './data-change-owner';
import type { LiveHandlers } from './live-connection';
import type { OfflineCache } from './offline-cache';
import { createPageData } from './page-data';
import { workerCall } from '../../test/worker-api-call';

const PAGE: PageKey = { pageUrl: 'https://shop.example.com/cart', orgId: 1, projectId: null };
const ANSWER: TPageItems = {
  projects: [],
  projectId: 3,
  relativePath: '/cart',
  relativePathId: 8,
  items: [],
  planFeatures: [],
};
const MEMORY_CACHE: OfflineCache = {
  read: () => Promise.resolve(null),
  write: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

/** The owner over real page data, a counting API and live connections the test drives. */
function setUp() {
  const call = vi.fn((route: { path: string }) => {
    expect(route.path).toBe(routes.getPageItems.path);
    return Promise.resolve(ANSWER);
  });
  const badge = vi.fn(() => Promise.resolve());
  const published: PageKey[] = [];
  const streams = new Map<number, { handlers: LiveHandlers; state: LiveState; stop: () => void }>();
  const pageData = createPageData({
    call: workerCall(call),
    cache: MEMORY_CACHE,
    showBadgeCount: badge,
    publish: (page) => published.push(page),
    now: () => Date.now(),
  });
  const publishItems = vi.fn();
  const heardOfChange = vi.fn();
  const owner = createDataChangeOwner({
    pageData,
    heardOfChange,
    now: () => Date.now(),
    setTimer: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    publishItems,
    publishState: vi.fn(),
    openConnection: (projectId, handlers) => {
      const stream = { handlers, state: 'connecting' as LiveState, stop: vi.fn() };
      streams.set(projectId, stream);
      return {
        get state() {
          return stream.state;
        },
        stop: stream.stop,
      };
    },
  });
  /** Opens a panel's port watching PAGE (project 3); returns its end, with what it received. */
  const openPanel = async (documentId: string) => {
    const [page, worker] = createPortPair('waymark-live', { documentId });
    const received: unknown[] = [];
    page.onMessage.subscribe((message) => received.push(message));
    owner.attach(toWorkerEnd(worker, LIVE_PORT));
    page.postMessage({ type: 'watch', page: PAGE, projectId: 3 });
    await vi.advanceTimersByTimeAsync(0);
    return Object.assign(page, { received });
  };
  const goLive = () => {
    const stream = streams.get(3);
    if (!stream) throw new Error('no stream for project 3');
    stream.state = 'live';
    stream.handlers.onState('live');
    return stream;
  };
  /**
   * Takes the stream live and lets its first-live lookup of the watched pages finish (they were
   * never asked for here), then forgets it: what follows counts the lookups of edits only.
   */
  const goLiveSettled = async () => {
    const stream = goLive();
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    call.mockClear();
    published.length = 0;
    return stream;
  };
  const change = (itemId: number): TLiveChange => ({
    projectId: 3,
    topic: 'items',
    relativePathId: 8,
    itemId,
  });
  return {
    owner,
    heardOfChange,
    pageData,
    publishItems,
    call,
    badge,
    published,
    streams,
    openPanel,
    goLive,
    goLiveSettled,
    change,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the worker as the one owner of "data changed"', () => {
  it('reads the page again, asking fresh, when the project’s stream says it is gone', async () => {
    const { call, streams, heardOfChange, openPanel, goLiveSettled } = setUp();
    await openPanel('panel-a');
    await goLiveSettled();
    heardOfChange.mockClear();
    streams.get(3)?.handlers.onGone?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(heardOfChange).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('answers an edit with one page lookup, the badge from that answer, and one broadcast', async () => {
    const { owner, call, badge, published, openPanel } = setUp();
    await openPanel('panel-a');
    owner.reportChange('panel-a', [41]);
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
    expect(badge).toHaveBeenCalledExactlyOnceWith(PAGE.pageUrl, 0);
    expect(published).toEqual([PAGE]);
  });

  it('with the stream live, lets the edit’s own event drive the one lookup', async () => {
    const { owner, call, openPanel, goLiveSettled, change } = setUp();
    await openPanel('panel-a');
    const stream = await goLiveSettled();
    owner.reportChange('panel-a', [41]);
    await vi.advanceTimersByTimeAsync(100);
    expect(call).not.toHaveBeenCalled();
    stream.handlers.onChange(change(41));
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('costs one lookup when the edit’s event arrives before the panel’s report', async () => {
    const { owner, call, openPanel, goLiveSettled, change } = setUp();
    await openPanel('panel-a');
    const stream = await goLiveSettled();
    stream.handlers.onChange(change(41));
    await vi.advanceTimersByTimeAsync(50);
    owner.reportChange('panel-a', [41]);
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('refetches anyway when a live stream’s event never comes', async () => {
    const { owner, call, openPanel, goLiveSettled } = setUp();
    await openPanel('panel-a');
    await goLiveSettled();
    owner.reportChange('panel-a', [41]);
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('keeps a project live for the workspace, which watches no page (issue 28)', async () => {
    const { owner, call, streams, publishItems, change } = setUp();
    const [page, worker] = createPortPair('waymark-live', { documentId: 'workspace' });
    const received: unknown[] = [];
    page.onMessage.subscribe((message) => received.push(message));
    owner.attach(toWorkerEnd(worker, LIVE_PORT));
    page.postMessage({ type: 'watch', page: null, projectId: 3 });
    await vi.advanceTimersByTimeAsync(0);
    const stream = streams.get(3);
    if (!stream) throw new Error('the workspace opened no stream');
    stream.state = 'live';
    stream.handlers.onState('live');
    stream.handlers.onChange(change(41));
    stream.handlers.onChange(change(42));
    await vi.runAllTimersAsync();
    // Every open page hears which items changed; no page is looked up for a workspace.
    expect(publishItems).toHaveBeenCalledWith([41, 42]);
    expect(call).not.toHaveBeenCalled();
    expect(received).toEqual([{ type: 'liveState', projectId: 3, state: 'connecting' }]);
  });

  it('serves two panels on the same page with one lookup per live burst', async () => {
    const { call, published, openPanel, goLiveSettled, change } = setUp();
    await openPanel('panel-a');
    await openPanel('panel-b');
    const stream = await goLiveSettled();
    stream.handlers.onChange(change(41));
    stream.handlers.onChange(change(42));
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
    expect(published).toEqual([PAGE]);
  });

  it('holds one stream per watched project and stops it when the last panel closes', async () => {
    const { streams, openPanel } = setUp();
    const first = await openPanel('panel-a');
    const second = await openPanel('panel-b');
    expect([...streams.keys()]).toEqual([3]);
    // Chrome tells the worker's end of a port about a disconnect asynchronously.
    const settle = () => vi.advanceTimersByTimeAsync(0);
    first.disconnect();
    await settle();
    expect(streams.get(3)?.stop).not.toHaveBeenCalled();
    second.disconnect();
    await settle();
    // Kept a moment for a panel that is only navigating, then stopped.
    expect(streams.get(3)?.stop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(streams.get(3)?.stop).toHaveBeenCalled();
  });

  it('keeps the stream, live, while a panel navigates within its project', async () => {
    const { streams, call, openPanel, goLiveSettled } = setUp();
    const before = await openPanel('panel-a');
    const stream = await goLiveSettled();
    before.disconnect();
    await vi.advanceTimersByTimeAsync(1_000);
    const after = await openPanel('panel-a');
    expect(streams.get(3)).toBe(stream);
    expect(stream.stop).not.toHaveBeenCalled();
    expect(after.received).toEqual([{ type: 'liveState', projectId: 3, state: 'live' }]);
    await vi.runAllTimersAsync();
    expect(call).not.toHaveBeenCalled();
  });

  it('asks again for a page looked up while no panel watched its project’s change', async () => {
    const { pageData, call, openPanel, goLiveSettled, change } = setUp();
    const before = await openPanel('panel-a');
    const stream = await goLiveSettled();
    // The panel navigates: its next page is looked up, and a change arrives meanwhile.
    before.disconnect();
    await pageData.load(PAGE);
    await vi.advanceTimersByTimeAsync(10);
    stream.handlers.onChange(change(41));
    await vi.advanceTimersByTimeAsync(100);
    call.mockClear();
    await openPanel('panel-a');
    await vi.runAllTimersAsync();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('tells a panel that starts watching how its project’s stream is doing', async () => {
    const { openPanel, goLive } = setUp();
    const first = await openPanel('panel-a');
    expect(first.received).toEqual([{ type: 'liveState', projectId: 3, state: 'connecting' }]);
    goLive();
    const second = await openPanel('panel-b');
    expect(second.received).toEqual([{ type: 'liveState', projectId: 3, state: 'live' }]);
  });

  it('asks once more for a page read before its project’s first stream went live', async () => {
    const { pageData, call, published, openPanel, goLive } = setUp();
    await pageData.load(PAGE);
    await vi.advanceTimersByTimeAsync(30);
    await openPanel('panel-a');
    goLive();
    await vi.runAllTimersAsync();
    // A change committed between that read and the stream's start is in this second answer.
    expect(call).toHaveBeenCalledTimes(2);
    expect(published).toEqual([PAGE]);
  });
});
