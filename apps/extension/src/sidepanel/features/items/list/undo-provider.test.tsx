// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { UndoProvider, useUndoNotices, type UndoOffer } from './undo-provider';

/** Offers `offer` with Undo when its button is clicked. */
function Offerer({ message, offer }: { message: string; offer: UndoOffer }) {
  const { offerUndo } = useUndoNotices();
  return <button onClick={() => offerUndo(message, offer)}>{`Do ${message}`}</button>;
}

function renderOffers(offers: Record<string, UndoOffer>) {
  renderPage(
    <UndoProvider windowMs={60_000}>
      {Object.entries(offers).map(([message, offer]) => (
        <Offerer key={message} message={message} offer={offer} />
      ))}
    </UndoProvider>,
  );
}

describe('UndoProvider', () => {
  it('undoes once, and never runs what the undo canceled', () => {
    const first = { onUndo: vi.fn(), onExpire: vi.fn() };
    renderOffers({ first });
    fireEvent.click(screen.getByRole('button', { name: 'Do first' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(first.onUndo).toHaveBeenCalledOnce();
    expect(first.onExpire).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('commits the previous offer when a new one replaces it, and every offer when the panel closes', () => {
    const first = { onUndo: vi.fn(), onExpire: vi.fn() };
    const second = { onUndo: vi.fn(), onExpire: vi.fn() };
    renderOffers({ first, second });
    fireEvent.click(screen.getByRole('button', { name: 'Do first' }));
    fireEvent.click(screen.getByRole('button', { name: 'Do second' }));
    expect(first.onExpire).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toContain('second');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(second.onExpire).toHaveBeenCalledOnce();
    expect(first.onUndo).not.toHaveBeenCalled();
    expect(second.onUndo).not.toHaveBeenCalled();
  });
});
