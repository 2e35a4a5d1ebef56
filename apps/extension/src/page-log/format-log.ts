import { redactText, redactUrl } from '@waymark/core';
import { PAGE_LOG_CAPACITY, PAGE_LOG_TEXT_LIMIT, type PageLogEntry } from './recorder';

const LEVELS = { error: 'ERROR', warning: 'WARN', uncaught: 'UNCAUGHT', rejection: 'REJECTION' };

/**
 * The entries the page's buffer gave, checked: the buffer lives in the page's own world, so a
 * hostile page could hand back anything. Keeps well-formed entries only and redacts them again
 * (redaction is idempotent), so nothing reaches the attachment unredacted.
 */
export function checkEntries(raw: unknown): PageLogEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: PageLogEntry[] = [];
  for (const item of raw.slice(-PAGE_LOG_CAPACITY) as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const time = typeof entry.time === 'number' && Number.isFinite(entry.time) ? entry.time : 0;
    if (entry.kind === 'request') {
      entries.push({
        time,
        kind: 'request',
        via: entry.via === 'xhr' ? 'xhr' : 'fetch',
        method: text(entry.method, 20).replace(/[^A-Za-z-]/g, '') || 'GET',
        url: redactUrl(text(entry.url)),
        status:
          typeof entry.status === 'number' && Number.isInteger(entry.status) ? entry.status : null,
        failure: typeof entry.failure === 'string' ? redactText(text(entry.failure, 200)) : null,
        durationMs:
          typeof entry.durationMs === 'number' ? Math.max(0, Math.round(entry.durationMs)) : 0,
      });
    } else if (typeof entry.kind === 'string' && entry.kind in LEVELS) {
      entries.push({
        time,
        kind: entry.kind as keyof typeof LEVELS,
        text: redactText(text(entry.text)),
      });
    }
  }
  return entries;
}

/**
 * The log as the attachment's text (text/plain, one line per entry, oldest first):
 * `time  LEVEL  message` or `time  METHOD STATUS  url  (duration, via)`, under a header naming
 * the page. Line breaks inside a message are shown as `⏎` so one entry stays one line (grep-able).
 */
export function formatPageLog(pageUrl: string, entries: PageLogEntry[], takenAt: Date): string {
  const lines = [
    'Waymark console and network log',
    `Page: ${redactUrl(pageUrl)}`,
    `Attached: ${takenAt.toISOString()}`,
    `Entries: ${entries.length} (the last ${PAGE_LOG_CAPACITY} console errors and warnings, uncaught errors and failed requests)`,
    '',
  ];
  for (const entry of entries) {
    const time = new Date(entry.time).toISOString();
    if (entry.kind === 'request') {
      const outcome = entry.status ?? `failed (${entry.failure ?? 'network error'})`;
      lines.push(
        `${time}  ${entry.method} ${outcome}  ${oneLine(entry.url)}  (${entry.durationMs} ms, ${entry.via})`,
      );
    } else {
      lines.push(`${time}  ${LEVELS[entry.kind]}  ${oneLine(entry.text)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The attachment's name: `console-log-<UTC time>.txt`, safe in every file system. */
export function pageLogFileName(takenAt: Date): string {
  return `console-log-${takenAt.toISOString().slice(0, 19).replace(/:/g, '-')}.txt`;
}

function text(value: unknown, limit = PAGE_LOG_TEXT_LIMIT + 1): string {
  return typeof value === 'string' ? value.slice(0, limit) : '';
}

function oneLine(value: string): string {
  return value.replace(/\r\n|\r|\n/g, ' ⏎ ');
}
