// Pages for the capture tests (issue 32): a long page with a sticky header, served with a
// Content-Security-Policy that blocks every script — Waymark's overlay and captures must work
// on it all the same.

/** The long page's path; `?height=N` sets its height in CSS pixels (default 6,000). */
export const LONG_PAGE_PATH = '/catalogue';

/** The sticky header's colour, which no other pixel of the page has (rgb). */
export const STICKY_HEADER_RGB = [255, 0, 128] as const;

/** The sticky header's height in CSS pixels. */
export const STICKY_HEADER_PX = 64;

/** The long page's headers: no script may run on it. */
export const LONG_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "script-src 'none'; object-src 'none'",
};

/** A page `height` CSS pixels tall: a sticky magenta header, then grey bands of 500 px. */
export function renderLongPage(height: number): string {
  const bands = Math.max(1, Math.ceil((height - STICKY_HEADER_PX) / 500));
  const rows = Array.from(
    { length: bands },
    (_, index) =>
      `<div class="band" style="background:${index % 2 ? '#e4e7eb' : '#f5f7fa'}">Section ${index + 1}</div>`,
  ).join('');
  const [red, green, blue] = STICKY_HEADER_RGB;
  return `<!doctype html><html lang="en"><head><title>Catalogue · Acme Shop</title><style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2933; }
  header { position: sticky; top: 0; box-sizing: border-box; padding: 20px 40px; height: ${STICKY_HEADER_PX}px; background: rgb(${red} ${green} ${blue}); color: #fff; }
  .band { height: 500px; box-sizing: border-box; padding: 24px 40px; }
  main { height: ${height - STICKY_HEADER_PX}px; overflow: hidden; }
</style></head><body><header><strong>Acme Shop</strong></header><main>${rows}</main></body></html>`;
}
