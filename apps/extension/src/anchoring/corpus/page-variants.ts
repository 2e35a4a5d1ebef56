// The page-variant corpus of issue 15: one page, and the changes a deploy makes to it. A pin is
// made on the base page's "Export monthly report" button; each variant states, before any code
// ran on it, what re-anchoring must answer. The element a pin must land on carries
// `data-corpus-target` (an attribute the anchoring never reads). Served by the e2e test site at
// /pins/<variant> and loaded by anchor-corpus.test.ts, so both prove the same expectations.

/** What re-anchoring must answer on a variant. */
export type VariantOutcome = 'anchored' | 'needs-re-pin';

/** One page of the corpus. */
export type PageVariant = {
  /** The URL segment: /pins/<name>. */
  name: string;
  /** What changed since the pin was made. */
  change: string;
  /** The expected answer, written before the anchoring code. */
  expected: VariantOutcome;
  /** The page's `<body>` content (the framework variant renders it from a script). */
  body: string;
};

const TARGET = 'data-corpus-target';

const header = `<header><strong>Team space</strong><nav><a href="#reports">Reports</a><a href="#settings">Settings</a></nav></header>`;

const settings = (extra = '') => `<section class="card"><h2>Settings</h2>
  <p>Choose who receives the report every month.</p>
  <label>Recipients <input name="recipients"></label>
  <div class="actions"><button class="btn">Save settings</button>${extra}</div></section>`;

const reports = (actions: string, intro = 'Download what your team did this month.') =>
  `<section class="card"><h2>Reports</h2><p>${intro}</p><div class="actions">${actions}</div></section>`;

const share = `<button class="btn">Share dashboard</button>`;
const exportButton = (label = 'Export monthly report', classes = 'btn btn-primary') =>
  `<button class="${classes}" ${TARGET}>${label}</button>`;

const page = (main: string) => `${header}<main>${main}</main>
<footer><p>Questions? Write to the team lead.</p></footer>`;

/** A tiny client-side "framework": renders the same page from data, in its own wrappers. */
const frameworkScript = `<div id="root"></div><script>
  const h = (tag, props, ...children) => {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) el.setAttribute(key, value);
    for (const child of children) el.append(child);
    return el;
  };
  const card = (title, text, ...buttons) =>
    h('div', { 'data-v-7f3a': '' }, h('section', { class: 'c-card' }, h('h2', null, title), h('p', null, text),
      h('div', { class: 'c-actions' }, ...buttons)));
  document.getElementById('root').append(
    h('header', null, h('strong', null, 'Team space')),
    h('main', null,
      card('Reports', 'Download what your team did this month.',
        h('button', { class: 'c-btn' }, 'Share dashboard'),
        h('button', { class: 'c-btn', ${JSON.stringify(TARGET)}: '' }, 'Export monthly report')),
      card('Settings', 'Choose who receives the report every month.',
        h('button', { class: 'c-btn' }, 'Save settings'))));
</script>`;

/** The base page, where the pin is made. */
export const BASE_VARIANT: PageVariant = {
  name: 'base',
  change: 'none: the page the pin was made on',
  expected: 'anchored',
  body: page(reports(share + exportButton()) + settings()),
};

/** Every variant, the base first. */
export const PAGE_VARIANTS: readonly PageVariant[] = [
  BASE_VARIANT,
  {
    name: 'moved',
    change: 'the button moved from the Reports card into the Settings card',
    expected: 'anchored',
    body: page(reports(share) + settings(exportButton())),
  },
  {
    name: 'classes',
    change: 'every class renamed (a CSS-modules build)',
    expected: 'anchored',
    body: page(
      reports(share + exportButton('Export monthly report', 'x9f_btn x9f_primary')) + settings(),
    ).replace(/class="(card|btn|actions)"/g, 'class="m_$1_3kd"'),
  },
  {
    name: 'siblings',
    change: 'two buttons and a paragraph inserted before it',
    expected: 'anchored',
    body: page(
      `<p>New: scheduled exports.</p>` +
        reports(
          `<button class="btn">Print</button><button class="btn">Email report</button>${share}${exportButton()}`,
        ) +
        settings(),
    ),
  },
  {
    name: 'edited',
    change: 'its text edited slightly: "Export the monthly report"',
    expected: 'anchored',
    body: page(reports(share + exportButton('Export the monthly report')) + settings()),
  },
  {
    name: 'framework',
    change: 'the page re-rendered by a client-side framework (new wrappers and classes)',
    expected: 'anchored',
    body: frameworkScript,
  },
  {
    name: 'removed',
    change: 'the button removed; a look-alike "Export weekly report" took its place',
    expected: 'needs-re-pin',
    body: page(
      reports(share + `<button class="btn btn-primary">Export weekly report</button>`) + settings(),
    ),
  },
];

/** The attribute marking the element a pin must land on. */
export const CORPUS_TARGET_ATTRIBUTE = TARGET;

/** A full HTML document of a variant. */
export function renderVariant(variant: PageVariant): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reports · ${variant.name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}header,footer{padding:12px 32px;background:#eef}main{padding:24px 32px}
section{border:1px solid #ccd;border-radius:8px;padding:16px;margin:16px 0}button{margin-right:8px;padding:6px 12px}</style></head>
<body>${variant.body}</body></html>`;
}
