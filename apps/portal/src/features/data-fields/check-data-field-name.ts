import { ZDataFieldName } from '@waymark/core';

/** The field error of a status, item type or release name, or null: blank or too long. */
export function checkDataFieldName(text: string): string | null {
  const parsed = ZDataFieldName.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name.');
}
