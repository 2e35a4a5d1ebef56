/**
 * A query string from named values, as clients send one (URL-encoded, without the `?`); undefined
 * values are left out. The one builder of the server tests' request URLs.
 */
export function toQueryString(values: Record<string, string | number | undefined> = {}): string {
  const entries = Object.entries(values).flatMap(([key, value]): [string, string][] =>
    value === undefined ? [] : [[key, String(value)]],
  );
  return new URLSearchParams(entries).toString();
}
