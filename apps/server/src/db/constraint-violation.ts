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
 * The foreign key `error` violated by naming a row that does not exist (the row was deleted by a
 * transaction that committed after the statement's snapshot), or null.
 */
export function missingReferenceKey(error: unknown): string | null {
  const cause = driverError(error);
  return cause?.code === '23503' && typeof cause.constraint === 'string' ? cause.constraint : null;
}

/**
 * Whether `error` is a foreign key to a row of `table` that no longer exists. Drizzle names every
 * such key `<referencing table>_<column>_<table>_id_fk` (the migrations keep that form).
 */
export function isMissingReference(error: unknown, table: string): boolean {
  return missingReferenceKey(error)?.endsWith(`_${table}_id_fk`) ?? false;
}

// PostgreSQL's SQLSTATEs for a transaction it aborted only because of another one running at the
// same moment: nothing about the request was wrong, and the same call again succeeds.
const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/**
 * Whether `error` (or its cause, as drizzle wraps driver errors) is a transaction PostgreSQL
 * aborted only for a concurrent one: a deadlock its detector broke, or a serialization failure.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = driverError(error)?.code;
  return typeof code === 'string' && TRANSIENT_CONFLICTS.has(code);
}

// query_canceled (statement_timeout, or an operator's pg_cancel_backend) and
// idle_in_transaction_session_timeout: PostgreSQL stopped a call that ran or waited too long.
const DATABASE_TIMEOUTS = new Set(['57014', '25P03']);

// node-postgres's words for a statement on a session PostgreSQL has already ended (its
// idle_in_transaction_session_timeout, a restart): they carry no SQLSTATE.
const LOST_SESSION_MESSAGES = new Set([
  'Client has encountered a connection error and is not queryable',
  'Connection terminated unexpectedly',
]);

/**
 * Whether `error` (or its cause, as drizzle wraps driver errors) is PostgreSQL ending a statement
 * that ran past `statement_timeout`, or a session left idle in its transaction, or a statement
 * sent on such an ended session (decision 0135): the call may be made again.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  const cause = driverError(error);
  if (typeof cause?.code === 'string') return DATABASE_TIMEOUTS.has(cause.code);
  return cause instanceof Error && LOST_SESSION_MESSAGES.has(cause.message);
}
