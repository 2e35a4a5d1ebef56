import { readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { startTestSite, type TestSite } from '../../e2e/fixtures-site/site-server';
import { EXTENSION_DIST, launchExtension, type WorkerChrome } from '../lib/extension-browser';
import { startPageTrace } from '../lib/page-trace';
import { callJson, itemOptionIds } from './page-items';
import type { PreparedScenario, Scenario } from './types';
import { median } from '../lib/median';

const RUNS = Number(process.env.BENCH_PANEL_RUNS ?? 15);
/** A folder for one traced warm and cold opening after the timed ones (bench/README.md). */
const TRACE_DIR = process.env.BENCH_PANEL_TRACE;
const ITEMS = 25;

let token = '';
let site: TestSite | null = null;
let serverUrl = '';

/**
 * Runs in every page before its scripts (as text: this package has no DOM types): notes in
 * `window.__painted` the first animation frame in which the side panel shows an item row inside
 * the viewport with a size (the pre-paint's or React's), or after a blank page's DOM is ready; in
 * `window.__interactive` the first frame with React's rows (outside the entry's `[data-prepaint]`:
 * the panel answers clicks and keys); both as ms since the navigation started.
 */
const NOTE_PAINT = `
  const done = () => requestAnimationFrame(() => (window.__painted ??= performance.now()));
  if (location.pathname.endsWith('/blank.html')) {
    document.addEventListener('DOMContentLoaded', done);
  } else {
    const isShown = (row) => {
      const box = row.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.top < innerHeight;
    };
    const onFrame = (key, test) =>
      requestAnimationFrame(() => {
        if (test()) window[key] ??= performance.now();
      });
    const observer = new MutationObserver(() => {
      const row = document.querySelector('[data-item-row]');
      if (window.__painted === undefined && row) onFrame('__painted', () => isShown(row));
      const live = [...document.querySelectorAll('[data-item-row]')].find(
        (each) => !each.closest('[data-prepaint]'),
      );
      if (!live) return;
      onFrame('__interactive', () => isShown(live));
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }
`;

/**
 * When each opening of the panel reached its phases (ms since the navigation started): the
 * entry asked the worker for its start, the worker's start answered, the rows pre-painted from it and the panel's code loaded (the panel's
 * `waymark:*` performance marks, apps/extension/src/sidepanel/main.tsx), and React's rows shown.
 */
type Phases = {
  asked: number[];
  start: number[];
  prepainted: number[];
  code: number[];
  interactive: number[];
};
const newPhases = (): Phases => ({
  asked: [],
  start: [],
  prepainted: [],
  code: [],
  interactive: [],
});

/**
 * `BENCH_PANEL_BUILDS='main=/tmp/main/apps/extension/dist;branch=apps/extension/dist'`: the
 * built extensions to compare in one run, `BENCH_PANEL_ROUNDS` rounds (default 2) of
 * `BENCH_PANEL_RUNS` openings of each in turn, so a loaded machine's swings fall on both alike.
 * Without it, this tree's build alone, one round.
 */
const BUILDS = (process.env.BENCH_PANEL_BUILDS ?? '')
  .split(';')
  .filter(Boolean)
  .map((pair) => {
    const [label = '', dir = ''] = pair.split('=', 2);
    // Relative to the repository's root (the bench itself runs in bench/).
    return { label, dir: resolve(import.meta.dirname, '../..', dir) };
  });
const ROUNDS = Number(process.env.BENCH_PANEL_ROUNDS ?? (BUILDS.length ? 2 : 1));

/** One build's figures over its rounds. */
type BuildFigures = {
  warm: Phases;
  cold: Phases;
  warmPanel: number[];
  warmBlank: number[];
  coldPanel: number[];
  coldBlank: number[];
};
const newFigures = (): BuildFigures => ({
  warm: newPhases(),
  cold: newPhases(),
  warmPanel: [],
  warmBlank: [],
  coldPanel: [],
  coldBlank: [],
});

/** The page's globals the bench reads (this package has no DOM types). */
type PageGlobals = {
  __interactive?: number;
  performance: {
    getEntriesByName: (name: string) => { startTime: number }[];
  };
};

/** Reads the phases of the opening shown in `page` into `into`. */
async function readPhases(page: Page, into: Phases) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const read = await page.evaluate(() => {
    const { __interactive, performance: timing } = globalThis as unknown as PageGlobals;
    return {
      asked: timing.getEntriesByName('waymark:start-asked')[0]?.startTime ?? NaN,
      start: timing.getEntriesByName('waymark:start-answered')[0]?.startTime ?? NaN,
      prepainted: timing.getEntriesByName('waymark:prepainted')[0]?.startTime ?? NaN,
      code: timing.getEntriesByName('waymark:code-loaded')[0]?.startTime ?? NaN,
      interactive: __interactive ?? NaN,
    };
  });
  into.asked.push(read.asked);
  into.start.push(read.start);
  into.prepainted.push(read.prepainted);
  into.code.push(read.code);
  into.interactive.push(read.interactive);
}

/** Opens `url` in a new tab as the panel would open, and answers ms until painted. */
async function timeOpen(
  context: BrowserContext,
  url: string,
  {
    phasesInto,
    beforeOpen,
    traceName,
  }: { phasesInto?: Phases; beforeOpen?: () => Promise<void>; traceName?: string } = {},
): Promise<number> {
  const page = await context.newPage();
  try {
    // After the new tab's own events (which wake the worker), before the page loads.
    await beforeOpen?.();
    const trace = TRACE_DIR && traceName ? await startPageTrace(context, page) : null;
    await page.goto(url);
    // Functions, not strings: the extension's CSP forbids eval.
    const painted = () => (globalThis as { __painted?: number }).__painted;
    await page.waitForFunction(painted, null, { timeout: 20_000 });
    // The panel's own work ends with React's rows: the next opening must not overlap it.
    if (!url.endsWith('/blank.html'))
      await page.waitForFunction(() => (globalThis as PageGlobals).__interactive, null, {
        timeout: 20_000,
      });
    if (trace && TRACE_DIR && traceName) {
      const summary = await trace.stop(TRACE_DIR, traceName);
      const at = await page.evaluate(painted);
      console.log(`\n${traceName}: painted at ${at?.toFixed(0)} ms\n${summary}`);
    }
    if (phasesInto) await readPhases(page, phasesInto);
    return (await page.evaluate(painted))!;
  } finally {
    await page.close();
  }
}

/**
 * Stops and watches the extension's service worker through DevTools' ServiceWorker domain on an
 * extension page (the one way that works for extension workers; `stopAllWorkers` and closing the
 * target do not). Chrome itself stops an idle worker after 30 s.
 */
async function controlWorker(context: BrowserContext, extensionPage: Page) {
  const cdp = await context.newCDPSession(extensionPage);
  let version = { versionId: '', runningStatus: '' };
  let hasStopped = false;
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    version = event.versions.at(-1) ?? version;
    if (version.runningStatus === 'stopped') hasStopped = true;
  });
  await cdp.send('ServiceWorker.enable');
  const waitFor = async (isDone: () => boolean, what: string) => {
    for (let tries = 0; tries < 200 && !isDone(); tries += 1)
      await new Promise((done) => setTimeout(done, 25));
    if (!isDone()) throw new Error(`The service worker is ${version.runningStatus}, not ${what}`);
  };
  const isRunning = () => version.runningStatus === 'running';
  await waitFor(isRunning, 'running');
  return {
    stop: async () => {
      if (version.runningStatus === 'stopped') return;
      hasStopped = false;
      await cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId });
      await waitFor(() => hasStopped, 'stopped');
    },
    expectRunning: () => waitFor(isRunning, 'running'),
  };
}

const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.9))]!;

/** Issue 16: how fast the side panel paints its items, warm and cold, against a blank page. */
export const panelPaintScenario: Scenario = {
  name: 'panel-paint',
  description:
    'Side panel: time from opening the panel page to its first item row painted, in Chromium with the built extension, warm (service worker alive) and cold (worker stopped first), against a blank page of the same extension opened the same way in the same run.',
  prepare: async (url, context) => {
    serverUrl = url;
    site = await startTestSite();
    token = await context.signToken({ subject: 'bench-panel', email: 'panel@bench.test' });
    await callJson(`${url}/api/account/whoami`, token);
    await callJson(`${url}/api/account/createOrgExistingUser`, token, {
      method: 'POST',
      body: JSON.stringify({ orgName: 'Panel bench' }),
    });
    const [org] = await callJson<{ orgId: number }[]>(`${url}/api/account/getOrgs`, token);
    const orgId = org?.orgId ?? 0;
    const post = <T>(path: string, body: object) =>
      callJson<T>(`${url}${path}`, token, { method: 'POST', body: JSON.stringify(body) });
    const project = await post<{ projectId: number }>('/api/project/createProject', {
      orgId,
      projectName: 'Panel shop',
      baseUrl: site.origins[0],
    });
    const {
      typeIds: [itemTypeId],
      statusIds: [itemStatusId],
    } = await itemOptionIds(url, token, orgId);
    for (let n = 1; n <= ITEMS; n += 1)
      await post('/api/item/createItem', {
        projectId: project.projectId,
        relativePath: '/checkout',
        title: `Benchmark item ${n} on the checkout page`,
        itemTypeId,
        itemStatusId,
      });
    const unused = { label: 'unused', url };
    return { baseline: unused, targets: [] } satisfies PreparedScenario;
  },
  run: async () => {
    const builds = BUILDS.length ? BUILDS : [{ label: 'this tree', dir: EXTENSION_DIST }];
    const byBuild = new Map(builds.map((build) => [build.label, newFigures()]));
    let chromiumVersion = '';
    try {
      for (let round = 0; round < ROUNDS; round += 1)
        for (const build of builds) {
          console.log(`panel-paint: round ${round + 1}, ${build.label} (${build.dir})`);
          chromiumVersion = await measureBuild(build.dir, byBuild.get(build.label)!, {
            trace: round === ROUNDS - 1 && build === builds.at(-1),
          });
        }
    } finally {
      await site?.stop();
    }
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · Chromium ${chromiumVersion} headless · 420 × 720 · ${RUNS} openings each, alternating, ${ROUNDS} round(s) per build · ${ITEMS} items on the page.`,
      '',
      ...builds.flatMap((build) => [
        ...(builds.length > 1 ? [`### ${build.label} (\`${build.dir}\`)`, ''] : []),
        ...report(byBuild.get(build.label)!, build.dir),
        '',
      ]),
      'Measured in the page: `performance.now()` (ms since the navigation started) at the first animation frame in which an item row of the page is in the viewport with a size — the entry’s plain-DOM pre-paint of the kept rows, inert until React takes over — and, as “interactive”, the first frame with React’s rows (clicks and keys work); for the blank page, the first frame after DOMContentLoaded. "Cold" stops the extension service worker through DevTools (`ServiceWorker.stopWorker`) once the new tab exists and before the page loads (a new tab’s events wake the worker), as Chrome does after 30 s idle; the panel’s first message then wakes it. Both figures are the page’s real items as the worker kept them from the previous opening (warm: its memory; cold: the encrypted offline cache, read by the new worker), painted before the server is asked again: the panel revalidates right after (docs/extension.md, “First paint”). The phases (performance marks): the entry’s `getPanelStart` message sent (a build without the mark shows NaN); the worker’s answer received; the kept rows pre-painted into the DOM (painted in the next frame); the panel’s code (React, Mantine, the panel) loaded and run. Bytes before interactive: what `sidepanel.html` loads before the panel takes clicks (its entry, the `modulepreload`ed panel code, stylesheets, and their static imports; not the lazy views), as built and gzip-compressed; the load does not move them.',
    ];
  },
};

/** Opens the panel and a blank page of the extension in `extensionDir` warm and cold, into `into`. */
async function measureBuild(
  extensionDir: string,
  into: BuildFigures,
  { trace }: { trace: boolean },
): Promise<string> {
  const browser = await launchExtension({
    serverUrl,
    token,
    email: 'panel@bench.test',
    viewport: { width: 420, height: 720 },
    extraFiles: { 'blank.html': '<!doctype html><title>Blank</title><body></body>' },
    dist: extensionDir,
  });
  const { context, worker } = browser;
  try {
    await context.addInitScript({ content: NOTE_PAINT });
    const extensionId = new URL(browser.origin).host;
    const tab = await context.newPage();
    await tab.goto(`${site!.origins[0]}/checkout`);
    const tabId = await worker.evaluate(async (wanted) => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      const tabs = await chrome.tabs.query({});
      return tabs.find((each) => each.url === wanted)?.id ?? 0;
    }, tab.url());
    const panelUrl = `chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`;
    const blankUrl = `chrome-extension://${extensionId}/blank.html`;
    const keeper = await context.newPage();
    await keeper.goto(blankUrl);
    const serviceWorker = await controlWorker(context, keeper);

    // Two openings first: the server's caches, the JIT and the disk cache are warm for both.
    await timeOpen(context, panelUrl);
    await timeOpen(context, blankUrl);
    for (let run = 0; run < RUNS; run += 1) {
      // The panel opened last (cold) woke the worker: the warm openings find it alive.
      await serviceWorker.expectRunning();
      into.warmBlank.push(await timeOpen(context, blankUrl));
      await serviceWorker.expectRunning();
      into.warmPanel.push(await timeOpen(context, panelUrl, { phasesInto: into.warm }));
      const beforeOpen = serviceWorker.stop;
      into.coldBlank.push(await timeOpen(context, blankUrl, { beforeOpen }));
      into.coldPanel.push(await timeOpen(context, panelUrl, { phasesInto: into.cold, beforeOpen }));
    }
    if (TRACE_DIR && trace) {
      await serviceWorker.expectRunning();
      await timeOpen(context, panelUrl, { traceName: 'panel-warm' });
      await timeOpen(context, panelUrl, {
        traceName: 'panel-cold',
        beforeOpen: serviceWorker.stop,
      });
    }
    return context.browser()?.version() ?? '(persistent context)';
  } finally {
    await browser.close();
  }
}

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
const STATIC_IMPORT =
  /import\s*(?:\{[^}]*\}\s*from\s*|\*\s*as\s*[\w$]+\s*from\s*|[\w$]+\s*(?:,\s*\{[^}]*\})?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The bytes the side panel loads before it is interactive, in the build in `dir`: what
 * `sidepanel.html` names (its entry, the panel code's `modulepreload` hints, its stylesheets and
 * style preloads) and every module those import statically. Chrome keeps no resource timing for
 * extension files, so this reads the build; the code the panel imports later (`import()`, the
 * lazy views) is not in it, as it does not load before the first click.
 */
export function bytesBeforeInteractive(dir: string) {
  const html = readFileSync(join(dir, 'sidepanel.html'), 'utf8');
  const files = new Set(['sidepanel.html']);
  const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dir, file), 'utf8');
    for (const [, imported] of code.matchAll(STATIC_IMPORT))
      pending.push(posix.join(posix.dirname(file), imported!));
  }
  const sum = { js: 0, css: 0, gzip: 0, files: files.size };
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    if (file.endsWith('.js')) sum.js += content.length;
    if (file.endsWith('.css')) sum.css += content.length;
    sum.gzip += gzipSync(content).length;
  }
  return sum;
}

/** One build's table. */
function report(figures: BuildFigures, dir: string): string[] {
  const { warm, cold, warmBlank, coldBlank } = figures;
  const bytes = bytesBeforeInteractive(dir);
  const kB = (value: number) => `${(value / 1000).toFixed(0)} kB`;
  const row = (label: string, values: number[], blank: number[], goal: string) =>
    `| ${label} | ${median(values).toFixed(0)} | ${p90(values).toFixed(0)} | ${median(blank).toFixed(0)} | ${(median(values) / median(blank)).toFixed(2)} | ${(median(values) - median(blank)).toFixed(0)} | ${goal} |`;
  return [
    `Loaded before interactive: JS ${kB(bytes.js)}, CSS ${kB(bytes.css)} as built; ${kB(bytes.gzip)} gzip with the HTML (${bytes.files} files).`,
    '',
    '| what | median ms | p90 ms | blank page median ms | ratio to blank | over blank ms | goal |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('panel warm (worker alive): items painted', figures.warmPanel, warmBlank, '≤ 150 ms'),
    row('panel cold (worker stopped): items painted', figures.coldPanel, coldBlank, '≤ 500 ms'),
    row('panel warm: interactive (React’s rows)', warm.interactive, warmBlank, '≤ 120 ms'),
    row('panel cold: interactive (React’s rows)', cold.interactive, coldBlank, '≤ 200 ms'),
    row('· start asked (the entry’s message sent), warm', warm.asked, warmBlank, '—'),
    row('· worker’s start answered, warm', warm.start, warmBlank, '—'),
    row('· rows pre-painted, warm', warm.prepainted, warmBlank, '—'),
    row('· panel code loaded, warm', warm.code, warmBlank, '—'),
    row('· start asked, cold', cold.asked, coldBlank, '—'),
    row('· worker’s start answered, cold', cold.start, coldBlank, '—'),
    row('· rows pre-painted, cold', cold.prepainted, coldBlank, '—'),
    row('· panel code loaded, cold', cold.code, coldBlank, '—'),
  ];
}
