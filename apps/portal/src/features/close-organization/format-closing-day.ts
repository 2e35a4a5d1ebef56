/** A closing's deletion day as the Account screen writes it: "December 26, 2026" (UTC). */
export function formatClosingDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
}
