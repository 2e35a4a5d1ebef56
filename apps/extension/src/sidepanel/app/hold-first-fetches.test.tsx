// @vitest-environment jsdom
import {
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdFirstFetches, ReleaseFetchesAfterPaint } from './hold-first-fetches';

function Probe({ fetchPage }: { fetchPage: () => Promise<string> }) {
  const page = useQuery({ queryKey: ['page'], queryFn: fetchPage });
  return <p>{page.data ?? 'loading'}</p>;
}

function renderPanel(fetchPage: () => Promise<string>, seeded?: string) {
  const client = new QueryClient();
  if (seeded !== undefined) {
    client.setQueryData(['page'], seeded);
    void client.invalidateQueries({ queryKey: ['page'], refetchType: 'none' });
  }
  holdFirstFetches();
  return render(
    <QueryClientProvider client={client}>
      <Probe fetchPage={fetchPage} />
      <ReleaseFetchesAfterPaint />
    </QueryClientProvider>,
  );
}

describe('holding the first render’s fetches until it is painted', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('fetches nothing during the first render, then fetches once after the next frame', async () => {
    const fetchPage = vi.fn(() => Promise.resolve('fresh'));
    renderPanel(fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(screen.getByText('loading')).toBeDefined();

    await act(async () => {
      vi.advanceTimersToNextFrame();
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText('fresh')).toBeDefined();
  });

  it('shows kept data at once and revalidates it after the frame', async () => {
    const fetchPage = vi.fn(() => Promise.resolve('fresh'));
    renderPanel(fetchPage, 'kept');
    expect(screen.getByText('kept')).toBeDefined();
    expect(fetchPage).not.toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersToNextFrame();
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText('fresh')).toBeDefined();
  });

  it('delivers no query notification before the frame, and every one after it', async () => {
    // As the panel's first effects do (useLivePage: the header's live state set to none).
    function SetsLiveState() {
      const client = useQueryClient();
      useEffect(() => {
        client.setQueryData(['live'], 'none');
      }, [client]);
      return null;
    }
    const renders: string[] = [];
    function ShowsLiveState() {
      const live = useQuery({ queryKey: ['live'], queryFn: () => 'fetched', enabled: false });
      renders.push(live.data ?? 'unknown');
      return <p>{live.data ?? 'unknown'}</p>;
    }
    holdFirstFetches();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShowsLiveState />
        <SetsLiveState />
        <ReleaseFetchesAfterPaint />
      </QueryClientProvider>,
    );
    // The tasks a browser may run between React's commit and the frame: no re-render in them.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(renders).toEqual(['unknown']);

    await act(async () => {
      vi.advanceTimersToNextFrame();
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('none')).toBeDefined();
  });

  it('lets go when the panel unmounts before the frame', () => {
    const view = renderPanel(() => Promise.resolve('fresh'));
    expect(onlineManager.isOnline()).toBe(false);
    view.unmount();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
