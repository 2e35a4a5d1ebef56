import type { RegionSelection } from '../../messaging/index';

/** A drag smaller than this (CSS pixels, either way) is a stray click, not a region. */
export const MIN_REGION_PX = 4;

/** The overlay's styles, inside its own shadow root (the page's CSS cannot reach them). */
const REGION_CSS = `
  :host { all: initial; }
  .catcher {
    position: fixed; inset: 0; z-index: 2147483647; cursor: crosshair;
    background: rgb(15 23 42 / 25%); touch-action: none;
  }
  .catcher.dragging { background: transparent; }
  .region {
    position: fixed; box-sizing: border-box; border: 2px solid #fff; outline: 1px solid #2563eb;
    box-shadow: 0 0 0 100vmax rgb(15 23 42 / 35%); pointer-events: none;
  }
  .region[hidden] { display: none; }
  .hint {
    position: fixed; top: 12px; left: 50%; transform: translateX(-50%); padding: 6px 12px;
    border-radius: 6px; background: #1f2933; color: #fff; pointer-events: none;
    font: 500 13px/1.4 system-ui, sans-serif; box-shadow: 0 1px 4px rgb(0 0 0 / 35%);
  }
`;

/**
 * Region selection (issue 32): a layer over the whole viewport takes the pointer (the page gets
 * no clicks), the user drags a rectangle (the rest dimmed); releasing answers it in viewport CSS
 * pixels, Esc — or the tab going to the background — answers null. The layer is removed, and
 * the page repainted without it, before the promise settles: what is captured next is the page.
 */
export function selectRegion(view: Window): Promise<RegionSelection | null> {
  const doc = view.document;
  const host = doc.createElement('waymark-region');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = REGION_CSS;
  const catcher = doc.createElement('div');
  catcher.className = 'catcher';
  catcher.setAttribute('role', 'application');
  catcher.setAttribute(
    'aria-label',
    'Drag over the part of the page to capture, or press Esc to cancel',
  );
  const region = doc.createElement('div');
  region.className = 'region';
  region.hidden = true;
  const hint = doc.createElement('div');
  hint.className = 'hint';
  hint.textContent = 'Drag over the part to capture · Esc cancels';
  root.append(style, catcher, region, hint);
  doc.documentElement.append(host);

  return new Promise((resolve) => {
    let start: { x: number; y: number } | null = null;
    let current: RegionSelection | null = null;
    const finish = (chosen: RegionSelection | null) => {
      host.remove();
      view.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('visibilitychange', onHidden);
      afterRepaint(view).then(
        () => resolve(chosen),
        () => resolve(chosen),
      );
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      finish(null);
    };
    const onHidden = () => {
      if (doc.visibilityState === 'hidden') finish(null);
    };
    catcher.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      catcher.setPointerCapture(event.pointerId);
      start = { x: event.clientX, y: event.clientY };
    });
    catcher.addEventListener('pointermove', (event) => {
      if (!start) return;
      current = rectBetween(start, { x: event.clientX, y: event.clientY }, view);
      Object.assign(region.style, {
        left: `${current.x}px`,
        top: `${current.y}px`,
        width: `${current.width}px`,
        height: `${current.height}px`,
      });
      region.hidden = false;
      hint.hidden = true;
      catcher.classList.add('dragging');
    });
    catcher.addEventListener('pointerup', (event) => {
      if (!start) return;
      event.preventDefault();
      const chosen = rectBetween(start, { x: event.clientX, y: event.clientY }, view);
      start = null;
      if (chosen.width >= MIN_REGION_PX && chosen.height >= MIN_REGION_PX) {
        finish(chosen);
        return;
      }
      // A click, not a drag: keep selecting.
      region.hidden = true;
      hint.hidden = false;
      catcher.classList.remove('dragging');
    });
    view.addEventListener('keydown', onKey, true);
    doc.addEventListener('visibilitychange', onHidden);
  });
}

/** The rectangle between two pointer positions, kept inside the viewport. */
export function rectBetween(
  from: { x: number; y: number },
  to: { x: number; y: number },
  view: { innerWidth: number; innerHeight: number },
): RegionSelection {
  const clampX = (value: number) => Math.min(view.innerWidth, Math.max(0, value));
  const clampY = (value: number) => Math.min(view.innerHeight, Math.max(0, value));
  const left = clampX(Math.min(from.x, to.x));
  const top = clampY(Math.min(from.y, to.y));
  return {
    x: left,
    y: top,
    width: clampX(Math.max(from.x, to.x)) - left,
    height: clampY(Math.max(from.y, to.y)) - top,
    viewportWidth: view.innerWidth,
    viewportHeight: view.innerHeight,
  };
}

/** Resolves once the page has painted a frame since now (two animation frames; 100 ms at most). */
function afterRepaint(view: Window): Promise<void> {
  return new Promise((resolve) => {
    const timer = view.setTimeout(resolve, 100);
    view.requestAnimationFrame(() =>
      view.requestAnimationFrame(() => {
        view.clearTimeout(timer);
        resolve();
      }),
    );
  });
}
