import type { SensorContext } from '@dnd-kit/core';
import { describe, expect, it, vi } from 'vitest';
import { boardAnnouncements } from './announcements';
import { columnCoordinates } from './keyboard-columns';

const rect = (left: number) => ({
  left,
  top: 100,
  width: 272,
  height: 500,
  right: left + 272,
  bottom: 600,
});

/** Three columns, 280 px apart, the card over the column `over`. */
function contextOver(over: number | null): SensorContext {
  return {
    droppableRects: new Map([
      [2, rect(300)],
      [1, rect(20)],
      [3, rect(580)],
    ]),
    collisionRect: { ...rect(over === null ? 590 : 20), width: 256 },
    over: over === null ? null : { id: over },
  } as unknown as SensorContext;
}

const press = (code: string, over: number | null) => {
  const preventDefault = vi.fn();
  const event = { code, preventDefault } as unknown as KeyboardEvent;
  const moved = columnCoordinates(event, {
    active: 9,
    currentCoordinates: { x: 0, y: 0 },
    context: contextOver(over),
  });
  return { moved, prevented: preventDefault.mock.calls.length > 0 };
};

describe('moving a card by keyboard', () => {
  it('jumps to the next or previous column by their place on screen', () => {
    expect(press('ArrowRight', 1).moved).toEqual({ x: 308, y: 148 });
    expect(press('ArrowRight', 2).moved).toEqual({ x: 588, y: 148 });
    expect(press('ArrowLeft', 2).moved).toEqual({ x: 28, y: 148 });
  });

  it('stays at the first and last column', () => {
    expect(press('ArrowLeft', 1).moved).toBeUndefined();
    expect(press('ArrowRight', 3).moved).toBeUndefined();
  });

  it('finds its column by position when over none', () => {
    expect(press('ArrowLeft', null).moved).toEqual({ x: 308, y: 148 });
  });

  it('ignores up and down (a column has no order) without scrolling the page', () => {
    expect(press('ArrowDown', 1)).toEqual({ moved: undefined, prevented: true });
  });
});

describe('what a screen reader hears', () => {
  const announce = boardAnnouncements((id) => (id === 2 ? 'In Progress' : 'Open'));
  const active = { id: 9, data: { current: { item: { title: 'Cart total' } } } };

  it('names the card and the column', () => {
    const over = { id: 2 };
    expect(announce.onDragOver({ active, over } as never)).toBe(
      'Cart total is over the column In Progress.',
    );
    expect(announce.onDragEnd({ active, over } as never)).toBe(
      'Cart total was dropped in the column In Progress.',
    );
    expect(announce.onDragCancel({ active, over: null } as never)).toBe(
      'Moving Cart total was cancelled; nothing changed.',
    );
    expect(announce.onDragEnd({ active, over: null } as never)).toBe(
      'Cart total was dropped outside the columns; nothing changed.',
    );
  });
});
