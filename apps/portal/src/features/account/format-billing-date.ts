// Issue 13: a billing day is a UTC calendar day, so dates are shown in UTC wherever the admin is.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A billing date as the Account screen shows it: "Dec 1, 2026". Takes the server's ISO date or
 * timestamp; a text that is not a date is shown as it came.
 */
export function formatBillingDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}
