// Bundled into the bench page (IIFE): the extension's anchoring library exactly as shipped, and
// the in-page measurements (kept here so they are bundled, not serialised by page.evaluate).
import type { BenchPin, BenchRound } from './bench-types';
import {
  anchorAll,
  buildTextIndex,
  createYieldToPage,
  describeElement,
} from '../../apps/extension/src/anchoring/index';

/** Pins of `count` elements spread over the page (buttons, links, headings), each marked. */
function describePins(count: number): BenchPin[] {
  const candidates = Array.from(document.querySelectorAll('button, a, h3'));
  const step = Math.floor(candidates.length / count);
  const index = buildTextIndex(document.body);
  return Array.from({ length: count }, (_, id) => {
    const element = candidates[id * step];
    if (!element) throw new Error('Too few elements');
    element.setAttribute('data-bench-pin', String(id));
    return { id, selectors: describeElement(element, index).selectors };
  });
}

/** The querySelector loop, then anchorAll with every slice between two yields timed. */
async function measureRound(pins: BenchPin[]): Promise<BenchRound> {
  const selectors = pins.map(
    (pin) => pin.selectors.find((selector) => selector.type === 'CssSelector')?.value ?? 'x',
  );
  const baselineStart = performance.now();
  let found = 0;
  for (const selector of selectors) if (document.querySelector(selector)) found += 1;
  const baselineMs = performance.now() - baselineStart;
  const idle = createYieldToPage(window);
  let longestSliceMs = 0;
  let busyMs = 0;
  let sliceStart = performance.now();
  const start = sliceStart;
  const results = await anchorAll(document, pins, {
    yieldToPage: async () => {
      longestSliceMs = Math.max(longestSliceMs, performance.now() - sliceStart);
      busyMs += performance.now() - sliceStart;
      await idle();
      sliceStart = performance.now();
    },
  });
  const anchorMs = performance.now() - start;
  longestSliceMs = Math.max(longestSliceMs, performance.now() - sliceStart);
  busyMs += performance.now() - sliceStart;
  const anchored = results.filter(({ result }) => result.status === 'anchored');
  const right = anchored.filter(
    ({ pin, result }) =>
      result.status === 'anchored' &&
      result.element.getAttribute('data-bench-pin') === String(pin.id),
  ).length;
  if (found < 0) throw new Error('unreachable'); // keeps the loop's result alive
  return { baselineMs, anchorMs, longestSliceMs, busyMs, anchored: anchored.length, right };
}

/**
 * The "deploy": a new card first on the page and a notice first in every card, so every
 * structural selector points one card or row off and re-anchoring must fall back.
 */
function deploy(): void {
  for (const section of document.querySelectorAll('section')) {
    const notice = document.createElement('p');
    notice.textContent = 'Updated today';
    section.prepend(notice);
  }
  const card = document.createElement('section');
  card.innerHTML = '<h3>Welcome</h3><p>New accounts appear here.</p><button>Dismiss</button>';
  document.querySelector('main')?.prepend(card);
}

/** Elements in the page's body. */
function countElements(): number {
  return document.body.getElementsByTagName('*').length;
}

Object.assign(globalThis, { waymarkBench: { describePins, measureRound, deploy, countElements } });
