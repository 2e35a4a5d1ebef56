/** The expiry choices of a new token, in days; `never`: until revoked. */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const;

/** The ISO expiry of a choice made at `now`; null for no expiry. */
export function expiryFrom(choice: string, now: Date): string | null {
  const days = Number(choice);
  if (!Number.isInteger(days) || days <= 0) return null;
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** A date for the token table: `2026-11-25`, or the given fallback. */
export function formatTokenDate(iso: string | null, fallback: string): string {
  return iso ? iso.slice(0, 10) : fallback;
}
