import type { TAuditEvent } from '@waymark/core';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from '../../http/csv-cell';

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

/** The audit CSV's columns: header and cell of a row. */
export const AUDIT_CSV_COLUMNS: readonly [string, (event: TAuditEvent) => string][] = [
  ['time', (event) => event.at],
  ['action', (event) => event.action],
  ['actor', (event) => event.actor.label],
  ['actor id', (event) => (event.actor.userId === null ? '' : String(event.actor.userId))],
  ['target type', (event) => event.target.type],
  ['target id', (event) => event.target.id ?? ''],
  ['target', (event) => event.target.label],
  ['before', (event) => json(event.before)],
  ['after', (event) => json(event.after)],
  ['ip', (event) => event.ip ?? ''],
  ['user agent', (event) => event.userAgent ?? ''],
];

/** The CSV's start: a UTF-8 byte order mark (so Excel reads UTF-8) and the header row. */
export function auditCsvHead(): string {
  return `\uFEFF${stringify([AUDIT_CSV_COLUMNS.map(([name]) => name)], { record_delimiter: '\r\n' })}`;
}

/**
 * CSV rows of a batch (RFC 4180 quoting by csv-stringify), every cell formula-safe: actor names,
 * target names and user agents are text people chose.
 */
export function auditCsvRows(events: TAuditEvent[]): string {
  return stringify(
    events.map((event) => AUDIT_CSV_COLUMNS.map(([, cell]) => neutralizeFormula(cell(event)))),
    { record_delimiter: '\r\n' },
  );
}
