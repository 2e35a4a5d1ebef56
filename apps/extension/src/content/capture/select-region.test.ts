// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { rectBetween, selectRegion } from './select-region';

const VIEW = { innerWidth: 1280, innerHeight: 720 };

describe('rectBetween', () => {
  it('is the same rectangle whichever way the user drags', () => {
    const expected = {
      x: 10,
      y: 20,
      width: 90,
      height: 180,
      viewportWidth: 1280,
      viewportHeight: 720,
    };
    expect(rectBetween({ x: 10, y: 20 }, { x: 100, y: 200 }, VIEW)).toEqual(expected);
    expect(rectBetween({ x: 100, y: 200 }, { x: 10, y: 20 }, VIEW)).toEqual(expected);
  });

  it('stops at the viewport’s edges (a drag released outside the window)', () => {
    expect(rectBetween({ x: 1200, y: 700 }, { x: 1500, y: 900 }, VIEW)).toMatchObject({
      x: 1200,
      y: 700,
      width: 80,
      height: 20,
    });
    expect(rectBetween({ x: 50, y: 50 }, { x: -40, y: -10 }, VIEW)).toMatchObject({
      x: 0,
      y: 0,
      width: 50,
      height: 50,
    });
  });
});

describe('selectRegion', () => {
  it('Esc cancels and takes the overlay off the page before answering', async () => {
    const answer = selectRegion(window);
    expect(document.querySelectorAll('waymark-region')).toHaveLength(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(await answer).toBeNull();
    expect(document.querySelectorAll('waymark-region')).toHaveLength(0);
  });

  it('cancels when the tab goes to the background (never a selection left waiting)', async () => {
    const answer = selectRegion(window);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await answer).toBeNull();
    expect(document.querySelectorAll('waymark-region')).toHaveLength(0);
  });
});
