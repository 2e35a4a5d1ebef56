import type { TAuditAction, TAuditFilter } from '@waymark/core';

/** What the filter bar holds: form values as typed (dates as `YYYY-MM-DD`, local days). */
export type AuditFilterForm = {
  actorUserId: string | null;
  action: TAuditAction | null;
  target: string;
  fromDay: string;
  toDay: string;
};

/** The empty filter bar. */
export const EMPTY_AUDIT_FILTER: AuditFilterForm = {
  actorUserId: null,
  action: null,
  target: '',
  fromDay: '',
  toDay: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start (00:00) or end (23:59:59.999) of a local calendar day as an ISO instant. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * The API filter of the form: empty fields left out, days widened to whole local days (a "to"
 * day includes its evening), the target trimmed.
 */
export function toAuditFilter(form: AuditFilterForm): TAuditFilter {
  const filter: TAuditFilter = {};
  if (form.actorUserId) filter.actorUserId = Number(form.actorUserId);
  if (form.action) filter.actions = [form.action];
  const target = form.target.trim();
  if (target) filter.target = target;
  const from = dayBound(form.fromDay, false);
  const to = dayBound(form.toDay, true);
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
}
