import { AppError } from '@waymark/core';
import { toOriginPattern, type ChromeApi } from '../platform/index';
import { checkEntries, formatPageLog, pageLogFileName } from './format-log';
import { PAGE_LOG_GLOBAL } from './recorder';

/** The `storage.local` key listing the sites (origin patterns) where the user turned the log on. */
export const PAGE_LOG_SITES_KEY = 'pageLogSites';

/** The registered MAIN-world script that records (built as its own file). */
export const PAGE_LOG_SCRIPT = { id: 'waymark-page-log', file: 'page-recorder.js' } as const;

/** The switch's label. */
export const PAGE_LOG_SWITCH_LABEL = 'Record console errors and failed requests on this site';

/** Refusals and empty results, one line each (docs/capture.md). */
export const PAGE_LOG_MESSAGES = {
  notWebPage: 'Waymark records the console and network log of web pages (http or https addresses).',
  needsSite:
    'Waymark records the console and network log only on sites you allowed it to open (a site of one of your projects).',
  off: 'Turn on “Record console errors and failed requests on this site” first, then reproduce the problem and attach the log.',
  notRecorded:
    'This page has not been recorded yet: reload it (recording starts as the page loads), reproduce the problem, then attach the log.',
  empty:
    'Nothing recorded on this page yet: no console errors or warnings and no failed requests since recording started.',
  blocked: 'Chrome does not let extensions read this page, so there is no log to attach.',
} as const;

/** The sites where the log is on. */
export async function pageLogSites(api: ChromeApi): Promise<string[]> {
  const stored = (await api.storage.getLocal([PAGE_LOG_SITES_KEY]))[PAGE_LOG_SITES_KEY];
  return Array.isArray(stored) ? stored.filter((site) => typeof site === 'string') : [];
}

/** Whether the log is on for the page's site. */
export async function isPageLogOn(api: ChromeApi, pageUrl: string | null): Promise<boolean> {
  const pattern = toOriginPattern(pageUrl);
  return pattern !== null && (await pageLogSites(api)).includes(pattern);
}

/**
 * Turns the log on or off for the page's site: stores the choice (per device, like the site's
 * grant), keeps the recorder registered for exactly the sites that have it on, and — turning it
 * on — starts recording in the shown tab at once (injected), so the user need not reload.
 * Only on sites the user allowed: the recorder is a script in the page.
 */
export async function setPageLog(
  api: ChromeApi,
  page: { url: string | null; tabId: number },
  isOn: boolean,
): Promise<void> {
  const pattern = toOriginPattern(page.url);
  if (!pattern) throw new AppError('BAD_REQUEST', PAGE_LOG_MESSAGES.notWebPage);
  if (isOn && !(await api.permissions.contains([pattern]))) {
    throw new AppError('FORBIDDEN', PAGE_LOG_MESSAGES.needsSite);
  }
  const others = (await pageLogSites(api)).filter((site) => site !== pattern);
  const sites = isOn ? [...others, pattern] : others;
  await api.storage.setLocal({ [PAGE_LOG_SITES_KEY]: sites });
  await api.scripting.setPageScript({ ...PAGE_LOG_SCRIPT, matches: sites });
  if (isOn) {
    // A page Chrome keeps extensions out of fails here; the registration still records later.
    await api.scripting
      .executeFile(page.tabId, PAGE_LOG_SCRIPT.file, 'MAIN')
      .catch(() => undefined);
  }
}

/**
 * The shown tab's log as a text/plain attachment (`console-log-<time>.txt`), read from the
 * recorder's buffer in the page's world, checked and redacted again (the page could have
 * tampered with it). Refuses with one line when the log is off, the site is not allowed, the
 * page was not recorded, or nothing was recorded.
 */
export async function readPageLogFile(
  api: ChromeApi,
  page: { url: string | null; tabId: number },
  now: Date = new Date(),
): Promise<File> {
  const pattern = toOriginPattern(page.url);
  if (!pattern || !page.url) throw new AppError('BAD_REQUEST', PAGE_LOG_MESSAGES.notWebPage);
  if (!(await api.permissions.contains([pattern]))) {
    throw new AppError('FORBIDDEN', PAGE_LOG_MESSAGES.needsSite);
  }
  if (!(await isPageLogOn(api, page.url))) throw new AppError('CONFLICT', PAGE_LOG_MESSAGES.off);
  const raw = await api.scripting.callInPage(page.tabId, readRecorderBuffer).catch(() => {
    throw new AppError('CONFLICT', PAGE_LOG_MESSAGES.blocked);
  });
  if (raw === null || raw === undefined)
    throw new AppError('CONFLICT', PAGE_LOG_MESSAGES.notRecorded);
  const entries = checkEntries(raw);
  if (entries.length === 0) throw new AppError('CONFLICT', PAGE_LOG_MESSAGES.empty);
  return new File([formatPageLog(page.url, entries, now)], pageLogFileName(now), {
    type: 'text/plain',
  });
}

/**
 * Runs in the page's world (serialised by Chrome: self-contained, the global's name written
 * out): the recorder's entries, or null where no recorder runs.
 */
function readRecorderBuffer(): unknown {
  const log = (window as unknown as Record<string, unknown>)['__waymarkPageLog'] as
    { version?: unknown; entries?: () => unknown } | undefined;
  return log && log.version === 1 && typeof log.entries === 'function' ? log.entries() : null;
}

// The literal above must stay the recorder's global.
void (PAGE_LOG_GLOBAL satisfies '__waymarkPageLog');
