import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ExtensionBrowser } from '../lib/extension-browser';

// The workspace page's opening, measured in the page (bench/scenarios/workspace-page.ts): when the
// first rows were painted, the page's `waymark:*` marks (apps/extension/src/workspace/start/
// marks.ts); and, read from the build, the files the page loads before its first rows, whose
// bytes do not depend on the machine's load.

/** The phases of an opening, in the order they happen (the page's `waymark:<name>` marks). */
export const PHASES = [
  ['rows-requested', 'first rows asked for (entry ran)'],
  ['code-loaded', "workspace's code loaded and run"],
  ['first-render', "React's first commit"],
  ['rows-answered', 'first rows answered by the worker'],
  ['rows-rendered', 'first rows rendered (commit)'],
] as const;

/** One opening of a page: ms since the navigation started to its first rows, and its marks. */
export type Opening = {
  painted: number;
  marks: Record<string, number>;
};

/** Set by the page's init script (workspace-page.ts's IN_PAGE). */
type Painted = { __painted?: number };

/** Opens `url` in a new tab; answers its first rows' (or a blank page's) opening. */
export async function timeOpen(browser: ExtensionBrowser, url: string): Promise<Opening> {
  const page = await browser.context.newPage();
  try {
    await page.goto(url);
    // Functions, not strings: the extension's CSP forbids eval.
    await page.waitForFunction(() => (globalThis as unknown as Painted).__painted, null, {
      timeout: 20_000,
    });
    return await page.evaluate(() => {
      const painted = (globalThis as unknown as Painted).__painted ?? NaN;
      const marks = Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('waymark:'))
          .map((mark) => [mark.name.slice('waymark:'.length), mark.startTime]),
      );
      return { painted, marks };
    });
  } finally {
    await page.close();
  }
}

/** The middle value (upper middle for an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** The 90th percentile (nearest rank). */
export const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.9))] ??
  NaN;

/**
 * The files a page of the built extension (`dist`) loads before any of its code runs a dynamic
 * import: the page, the scripts, module preloads and stylesheets it names, and every chunk those
 * scripts import statically — whatever the page's first rows wait for, read from the build
 * (Chrome records no resource timing for an extension's own files). Lazy chunks (the board, the
 * item drawer, the import dialog) are not in it unless something names them.
 */
export function pageFiles(dist: string, page: string): string[] {
  const html = readFileSync(join(dist, page), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? '',
  );
  const files = new Set<string>([page]);
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      visit(join(dirname(file), match[1] ?? ''));
  };
  for (const file of named) visit(file);
  return [...files];
}

/** Files, bytes and gzip bytes of the built extension's `files`. */
export function bytesOf(dist: string, files: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files: files.length, raw, gzip };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The report's lines for each build's openings: first rows against the same build's blank page
 * (over blank, ratio), the bytes loaded before the first rows, then each phase's median.
 */
export function openingReport(
  builds: { label: string; dist: string; blank: Opening[]; workspace: Opening[] }[],
): string[] {
  const lines = [
    '| build | blank page, median ms | first rows, median ms | first rows, p90 ms | over blank ms | ratio to blank | files the page loads before its first rows | kB | kB gzip |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { label, dist, blank, workspace } of builds) {
    const blankMs = median(blank.map((opening) => opening.painted));
    const rows = workspace.map((opening) => opening.painted);
    const bytes = bytesOf(dist, pageFiles(dist, 'workspace.html'));
    lines.push(
      `| ${label} | ${blankMs.toFixed(0)} | ${median(rows).toFixed(0)} | ${p90(rows).toFixed(0)} | ${(median(rows) - blankMs).toFixed(0)} | ${(median(rows) / blankMs).toFixed(2)} | ${bytes.files} | ${kb(bytes.raw)} | ${kb(bytes.gzip)} |`,
    );
  }
  lines.push(
    '',
    'Phases of the workspace’s openings, median ms since the navigation started (the page’s `waymark:*` marks; a build without them shows —):',
    '',
    `| build | ${PHASES.map(([, label]) => label).join(' | ')} | first rows painted |`,
    `|---|${PHASES.map(() => '---:').join('|')}|---:|`,
  );
  for (const { label, workspace } of builds) {
    const phase = (name: string) => {
      const values = workspace
        .map((opening) => opening.marks[name])
        .filter((value) => value !== undefined);
      return values.length ? median(values).toFixed(0) : '—';
    };
    lines.push(
      `| ${label} | ${PHASES.map(([name]) => phase(name)).join(' | ')} | ${median(workspace.map((opening) => opening.painted)).toFixed(0)} |`,
    );
  }
  return lines;
}
