// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
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

  it('lets go when the panel unmounts before the frame', () => {
    const view = renderPanel(() => Promise.resolve('fresh'));
    expect(onlineManager.isOnline()).toBe(false);
    view.unmount();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
