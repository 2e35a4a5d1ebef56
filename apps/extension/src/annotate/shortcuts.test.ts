import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  isTyping: false,
  ...extra,
});

describe('editor shortcuts', () => {
  it('picks each tool by its letter, either case', () => {
    expect(['r', 'A', 'f', 't', 'x'].map((key) => shortcutFor(press(key)))).toEqual([
      { type: 'tool', markerType: 'FrameMarker' },
      { type: 'tool', markerType: 'ArrowMarker' },
      { type: 'tool', markerType: 'FreehandMarker' },
      { type: 'tool', markerType: 'TextMarker' },
      { type: 'tool', markerType: 'CoverMarker' },
    ]);
    expect(shortcutFor(press('c'))).toEqual({ type: 'crop' });
  });

  it('undoes, redoes and saves with Ctrl or Cmd, zooms with + − 0 1', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(shortcutFor(press('Z', { metaKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(shortcutFor(press('y', { ctrlKey: true }))).toEqual({ type: 'redo' });
    expect(shortcutFor(press('Enter', { ctrlKey: true }))).toEqual({ type: 'save' });
    expect(['+', '=', '-', '0', '1'].map((key) => shortcutFor(press(key))?.type)).toEqual([
      'zoomIn',
      'zoomIn',
      'zoomOut',
      'zoomFit',
      'zoomActual',
    ]);
    expect(shortcutFor(press('Delete'))).toEqual({ type: 'delete' });
    expect(shortcutFor(press('Escape'))).toEqual({ type: 'leaveTool' });
  });

  it('stays out of the way while the user types a text marker, and of browser shortcuts', () => {
    expect(shortcutFor(press('t', { isTyping: true }))).toBeNull();
    expect(shortcutFor(press('Backspace', { isTyping: true }))).toBeNull();
    expect(shortcutFor(press('r', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('r', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('q'))).toBeNull();
  });
});
