// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageOfItems, renderPagePanel } from '../../../../test/render-page-panel';

describe('MarkersToggle', () => {
  it('turns off in the click itself, remembers it and tells the page', async () => {
    const fake = renderPagePanel(() => pageOfItems([]));
    const toggle = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Show pins on the page',
    });
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    // No awaiting: a controlled switch that waits for a later timer snaps back for that long.
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(fake.localStorage.get('pinMarkersVisible')).toBe(false));
    const sent = vi.mocked(fake.api.runtime.sendMessage).mock.calls.map(([message]) => message);
    expect(sent).toContainEqual({
      type: 'setMarkersVisible',
      payload: { tabId: 4, isVisible: false },
    });
  });
});
