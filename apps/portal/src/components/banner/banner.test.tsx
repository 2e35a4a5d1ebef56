// @vitest-environment jsdom
import '../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BANNER_AUTO_HIDE_MS } from '@waymark/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from './banner';
import { BannerProvider } from './banner-context';
import { useBanner } from './use-banner';

function ShowButton({ text }: { text: string }) {
  const { showBanner } = useBanner();
  return <button onClick={() => showBanner(text)}>show</button>;
}

function renderBanner(text = 'Saved successfully') {
  render(
    <MantineProvider env="test">
      <BannerProvider>
        <ShowButton text={text} />
        <Banner />
      </BannerProvider>
    </MantineProvider>,
  );
}

describe('banner (spec §4: auto-clears after 20 s or on X)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-hides after exactly 20000 ms (spec §9)', () => {
    expect(BANNER_AUTO_HIDE_MS).toBe(20000);
  });

  it('shows a message and hides it after BANNER_AUTO_HIDE_MS', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('status').textContent).toContain('Saved successfully');
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTO_HIDE_MS - 1);
    });
    expect(screen.queryByText('Saved successfully')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved successfully')).toBeNull();
  });

  it('hides the message at once when X is clicked', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Saved successfully')).toBeNull();
  });

  it('restarts the timer when a new message replaces the current one', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTO_HIDE_MS - 1000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTO_HIDE_MS - 1);
    });
    expect(screen.queryByText('Saved successfully')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved successfully')).toBeNull();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShowButton text="x" />)).toThrow(
      'useBanner must be used inside <BannerProvider>',
    );
  });
});
