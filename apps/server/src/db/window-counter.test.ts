import { describe, expect, it } from 'vitest';
import { fixedWindow } from './window-counter';

describe('fixedWindow', () => {
  it('starts a day at midnight UTC and says how long is left of it', () => {
    const at = Date.parse('2026-03-10T18:00:00Z');
    expect(fixedWindow(at, 86_400)).toEqual({
      start: new Date('2026-03-10T00:00:00Z'),
      resetSeconds: 6 * 3600,
    });
  });

  it('tells at least one second to wait, even in the last millisecond of a window', () => {
    const at = Date.parse('2026-03-10T23:59:59.999Z');
    expect(fixedWindow(at, 86_400).resetSeconds).toBe(1);
    expect(fixedWindow(Date.parse('2026-03-11T00:00:00Z'), 86_400).start).toEqual(
      new Date('2026-03-11T00:00:00Z'),
    );
  });
});
