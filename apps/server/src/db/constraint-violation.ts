/** The driver's error behind `error`: drizzle wraps it as the cause of its own. */
function driverError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return typeof cause === 'object' && cause !== null ? cause : null;
}

/** Whether `error` (or its cause, as drizzle wraps driver errors) violated unique `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = driverError(error);
  return cause?.code === '23505' && cause.constraint === constraint;
}

/**
 * Whether `error` is a foreign key to a row of `table` that no longer exists: the row was deleted
 * by a transaction that committed after the statement's snapshot. Drizzle names every such key
 * `<referencing table>_<column>_<table>_id_fk` (the migrations keep that form).
 */
export function isMissingReference(error: unknown, table: string): boolean {
  const cause = driverError(error);
  return (
    cause?.code === '23503' &&
    typeof cause.constraint === 'string' &&
    cause.constraint.endsWith(`_${table}_id_fk`)
  );
}
