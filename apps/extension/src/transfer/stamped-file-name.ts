/**
 * The file name of a capture taken at `now`, in local time:
 * `stampedFileName('screenshot', 'png', now)` → `screenshot-2026-11-23-10-41-07.png`.
 */
export function stampedFileName(prefix: string, extension: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `${prefix}-${date}-${time}.${extension}`;
}
