/**
 * The overlay's own styles, inside its shadow root: the page's CSS cannot reach them, and they
 * cannot reach the page.
 */
export const OVERLAY_CSS = `
  :host { all: initial; }
  .layer { position: fixed; inset: 0; pointer-events: none; font: 600 12px/1 system-ui, sans-serif; }
  .layer[hidden] { display: none; }
  .marker {
    position: fixed; min-width: 22px; height: 22px; padding: 0 6px; box-sizing: border-box;
    border: 2px solid #fff; border-radius: 11px 11px 11px 2px; background: #c2410c; color: #fff;
    font: inherit; cursor: pointer; pointer-events: auto; box-shadow: 0 1px 4px rgb(0 0 0 / 35%);
  }
  .marker:focus-visible { outline: 3px solid #2563eb; outline-offset: 1px; }
  .highlight, .hover {
    position: fixed; box-sizing: border-box; pointer-events: none; border-radius: 4px;
  }
  .highlight { border: 3px solid #c2410c; background: rgb(194 65 12 / 12%); }
  .hover { border: 2px dashed #2563eb; background: rgb(37 99 235 / 10%); }
  .label {
    position: fixed; max-width: 320px; padding: 4px 8px; border-radius: 4px; background: #1f2933;
    color: #fff; font: 500 12px/1.4 system-ui, sans-serif; white-space: nowrap; overflow: hidden;
    text-overflow: ellipsis; pointer-events: none;
  }
  .catcher { position: fixed; inset: 0; pointer-events: auto; cursor: crosshair; }
`;
