// Lighthouse on every public page of the built portal (issue 5: performance, accessibility, best
// practices and SEO each ≥ 95), mobile and desktop, the median of several runs per category, written
// to docs/benchmarks.md with each page's JavaScript (gzip) from the build.
// Usage: npm run bench:lighthouse [-- <page> …]   e.g. -- /home/faq-page   (needs `npm run build`)
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { measurePublicPages } from '../apps/portal/scripts/page-bundles.mjs';
import { startServer } from '../scripts/lib/start-server.mjs';
import { writeSection } from './lib/report';
import { median } from './lib/median';

const REPORT = resolve(import.meta.dirname, '../docs/benchmarks.md');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BAR = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PRESETS: { name: 'mobile' | 'desktop'; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined }, // Lighthouse's default: a mid-range phone on slow 4G
  { name: 'desktop', config: desktopConfig },
];
// Where every run's full JSON report goes, to read why a score is short.
const RAW_DIR = join(tmpdir(), 'waymark-lighthouse');

type Scores = Record<(typeof CATEGORIES)[number], number>;

/** The audits that cost a category points, worst first: where to look when it is short. */
function describeLosses(result: Result, category: (typeof CATEGORIES)[number]): string[] {
  return (result.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => {
      const audit = result.audits[ref.id];
      return `${ref.id} (score ${audit?.score ?? '?'}${audit?.displayValue ? `, ${audit.displayValue}` : ''})`;
    });
}

const wanted = process.argv.slice(2);
const bundles = measurePublicPages().filter(
  (bundle) => wanted.length === 0 || wanted.includes(bundle.page),
);
mkdirSync(RAW_DIR, { recursive: true });
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const rows: string[] = [];
const shortfalls: string[] = [];
let browserVersion = '';
try {
  for (const bundle of bundles) {
    for (const preset of PRESETS) {
      const runs: Scores[] = [];
      let last: Result | undefined;
      for (let run = 1; run <= RUNS; run += 1) {
        const outcome = await lighthouse(
          `${server.url}/client${bundle.page}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
          preset.config,
        );
        if (!outcome) throw new Error(`Lighthouse returned nothing for ${bundle.page}`);
        last = outcome.lhr;
        if (last.runtimeError) throw new Error(`${bundle.page}: ${last.runtimeError.message}`);
        browserVersion = last.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? '';
        const file = join(
          RAW_DIR,
          `${bundle.page.slice(1).replaceAll('/', '_')}-${preset.name}-${run}.json`,
        );
        writeFileSync(file, JSON.stringify(last));
        runs.push(
          Object.fromEntries(
            CATEGORIES.map((id) => [id, Math.round((last?.categories[id]?.score ?? 0) * 100)]),
          ) as Scores,
        );
      }
      const medians = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(runs.map((scores) => scores[id]))]),
      ) as Scores;
      const cells = CATEGORIES.map((id) =>
        medians[id] < BAR ? `**${medians[id]}**` : `${medians[id]}`,
      );
      rows.push(
        `| ${bundle.page} | ${preset.name} | ${cells.join(' | ')} | ${(bundle.gzipBytes / 1024).toFixed(1)} |`,
      );
      console.log(
        `${bundle.page} ${preset.name}: ${CATEGORIES.map((id) => `${id} ${medians[id]}`).join(', ')}`,
      );
      for (const id of CATEGORIES.filter((category) => medians[category] < BAR)) {
        const losses = last ? describeLosses(last, id).join('; ') : '';
        shortfalls.push(`${bundle.page} ${preset.name} ${id} ${medians[id]}: ${losses}`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const body = [
  '## public-pages',
  '',
  `Lighthouse 13 on every public page of the built portal, served by the built server on loopback (issue 5: each category ≥ ${BAR}). \`npm run bench:lighthouse\`.`,
  '',
  `Run ${new Date().toISOString().slice(0, 10)} · ${browserVersion} headless · median of ${RUNS} runs per page and preset · mobile = Lighthouse's default (simulated slow 4G, 4× CPU slowdown), desktop = its desktop preset · JS gzip = what the page loads (a pre-rendered page: its islands; the install page: the SPA entry + route chunks), from the build manifest. Bold: below ${BAR}.`,
  '',
  '| page | preset | performance | accessibility | best practices | SEO | JS gzip KB |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
console.log(`\n${body}\n\nFull reports: ${RAW_DIR}`);
if (wanted.length === 0) writeSection(REPORT, 'public-pages', body);
else console.log('(a subset of the pages: docs/benchmarks.md left as it is)');
if (shortfalls.length > 0) {
  console.error(`\nBelow ${BAR}:\n${shortfalls.join('\n')}`);
  process.exitCode = 1;
}
