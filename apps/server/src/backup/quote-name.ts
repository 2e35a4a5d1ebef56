/** `"a"."b"`: each part quoted as an SQL identifier (names come from the catalog, never a user). */
export function quoteName(...parts: string[]): string {
  return parts.map((part) => `"${part.replaceAll('"', '""')}"`).join('.');
}
