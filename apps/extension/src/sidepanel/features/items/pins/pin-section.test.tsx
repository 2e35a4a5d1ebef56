// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import type { TItemPin } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { PinSection } from './pin-section';
import type { PagePins } from './use-page-pins';

const PIN: TItemPin = {
  itemId: 7,
  selectors: [{ type: 'CssSelector', value: 'main button' }],
  label: { text: 'Export monthly report', path: 'main > section > div > button' },
  pinnedBy: 'Pia Pinner',
  pinnedAt: '2026-11-23T10:00:00.000Z',
};

function fakePins(overrides: Partial<PagePins>): PagePins {
  return {
    pinOf: () => PIN,
    statusOf: () => 'anchored',
    isPageReachable: true,
    isMarkersVisible: true,
    setMarkersVisible: vi.fn(),
    pinItem: vi.fn(() => Promise.resolve(true)),
    unpinItem: vi.fn(() => Promise.resolve()),
    reveal: vi.fn(),
    requestAccess: vi.fn(),
    ...overrides,
  };
}

describe('PinSection', () => {
  it('says Needs re-pin with where the pin was, and re-pins through pick mode', () => {
    const pins = fakePins({ statusOf: () => 'orphan' });
    renderPage(<PinSection pins={pins} itemId={7} canPin />);
    const alert = screen.getByTestId('needs-re-pin');
    expect(alert.textContent).toContain('Export monthly report');
    expect(alert.textContent).toContain('main > section > div > button');
    expect(pins.reveal).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Re-pin' }));
    expect(pins.pinItem).toHaveBeenCalledWith(7);
  });

  it('highlights a placed pin when the item opens', () => {
    const pins = fakePins({});
    renderPage(<PinSection pins={pins} itemId={7} canPin />);
    expect(screen.getByTestId('pin-status').textContent).toBe('Pinned on the page');
    expect(pins.reveal).toHaveBeenCalledWith(7);
  });

  it('offers no pinning on a plan without location pins, only the plans link', () => {
    const pins = fakePins({ pinOf: () => undefined, statusOf: () => undefined });
    renderPage(<PinSection pins={pins} itemId={7} canPin={false} />);
    expect(screen.queryByRole('button', { name: 'Pin on page' })).toBeNull();
    expect(screen.getByTestId('plan-gate-locationPins').textContent).toBe(
      'Available on Standard and higher',
    );
  });

  it('says the site is not granted and offers the button that asks for access', () => {
    const pins = fakePins({ isPageReachable: false, statusOf: () => undefined });
    renderPage(<PinSection pins={pins} itemId={7} canPin />);
    expect(screen.getByTestId('pin-site-access').textContent).toContain(
      'Grant Waymark access to this site to see and place pins on it.',
    );
    expect(screen.queryByRole('button', { name: 'Re-pin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Grant access to this site' }));
    expect(pins.requestAccess).toHaveBeenCalledTimes(1);
  });

  it('offers no grant button where the site is granted', () => {
    renderPage(<PinSection pins={fakePins({})} itemId={7} canPin />);
    expect(screen.queryByRole('button', { name: 'Grant access to this site' })).toBeNull();
  });
});
