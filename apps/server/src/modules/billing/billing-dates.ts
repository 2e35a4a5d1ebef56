// The calendar words billing answers with.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last UTC day before `effectiveAt`: what "Ends on {date}" shows. */
export function lastDayBefore(effectiveAt: Date): Date {
  return new Date(effectiveAt.getTime() - DAY_MS);
}

/** "November 2026" for charge descriptions. */
export function monthName(at: Date): string {
  return at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
}
