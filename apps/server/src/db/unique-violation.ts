/** Whether `error` (or its cause, as drizzle wraps driver errors) violated unique `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return (
    typeof cause === 'object' &&
    cause !== null &&
    (cause as { code?: unknown }).code === '23505' &&
    (cause as { constraint?: unknown }).constraint === constraint
  );
}
