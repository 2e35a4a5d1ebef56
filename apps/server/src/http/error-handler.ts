import { AppError, ERROR_STATUS, isAppError, type ErrorBody, type ErrorCode } from '@waymark/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseTimeout, isTransientConflict } from '../db/constraint-violation';
import { answerToMissingReference } from './missing-reference';
import {
  SERVER_BUSY_MESSAGE,
  SERVER_BUSY_RETRY_AFTER_SECONDS,
  SERVER_TOO_SLOW_MESSAGE,
} from '../db/pool-busy';

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(
      ([code]) =>
        code !== 'PLAN_LIMIT' &&
        code !== 'PAYMENT_ACTION_REQUIRED' &&
        code !== 'PAYMENT_PROCESSING',
    )
    .map(([code, status]) => [status, code]),
);

const GENERIC_MESSAGE = 'Internal server error';

/**
 * The one error handler of the app: every failure leaves as an {@link ErrorBody}. 4xx keep
 * their message; 5xx details go to the log only.
 */
export function handleError(thrown: unknown, request: FastifyRequest, reply: FastifyReply): void {
  // A transaction aborted for a concurrent one (a deadlock broken) is no fault of the call's
  // (decision 0127); its details still go to the log: a deadlock means two writers lock in
  // opposite orders.
  // An AppError is the service's answer already, whatever its cause (decision 0128's keeps the
  // deadlock behind a payment being processed).
  const driverFailure = !isAppError(thrown);
  const retryLater = (message: string) =>
    new AppError('UNAVAILABLE', message, {
      retryAfterSeconds: SERVER_BUSY_RETRY_AFTER_SECONDS,
      cause: thrown,
    });
  const concurrent =
    driverFailure && isTransientConflict(thrown) ? retryLater(SERVER_BUSY_MESSAGE) : undefined;
  // PostgreSQL cancelled a statement past statement_timeout (decision 0135): the database was
  // slow or the statement wrong, not the request; logged once below, without a stack.
  const timedOut =
    driverFailure && isDatabaseTimeout(thrown) ? retryLater(SERVER_TOO_SLOW_MESSAGE) : undefined;
  // A row naming a project, a status… its statement could no longer find: deleted while the
  // call ran, after the call's checks had seen it (decision 0129).
  const error =
    concurrent ??
    timedOut ??
    (driverFailure ? answerToMissingReference(thrown) : undefined) ??
    thrown;
  const body = toErrorBody(error);
  const retryAfterSeconds = appErrorIn(error)?.retryAfterSeconds;
  if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
  // A 503 is overload the client is told to retry, not a fault: one warning line, no stack.
  if (body.statusCode >= 500 && body.code !== 'UNAVAILABLE')
    request.log.error({ err: error }, 'request failed');
  else if (concurrent)
    request.log.warn({ err: thrown }, 'transaction aborted for a concurrent one');
  else if (timedOut)
    request.log.warn(
      { statusCode: body.statusCode, reason: driverMessage(thrown) },
      'database statement stopped by a time limit',
    );
  else if (body.statusCode >= 500) request.log.warn({ statusCode: body.statusCode }, body.message);
  else request.log.info({ err: error, statusCode: body.statusCode }, body.message);
  void reply.status(body.statusCode).send(body);
}

/** PostgreSQL's own words behind a driver failure (drizzle wraps them as its error's cause). */
function driverMessage(thrown: unknown): string {
  const cause = thrown instanceof Error && thrown.cause instanceof Error ? thrown.cause : thrown;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * The AppError a thrown value is or wraps: drizzle wraps what a query's connection threw (e.g.
 * the pool's UNAVAILABLE, db/pool-busy.ts) in a DrizzleQueryError's `cause`.
 */
function appErrorIn(error: unknown): AppError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (isAppError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/** Maps any thrown value to the body (and status) the client sees. */
export function toErrorBody(error: unknown): ErrorBody {
  const appError = appErrorIn(error);
  if (appError) return appError.toBody();
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    const issues = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    return {
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: `Invalid ${where}: ${issues.join('; ')}`,
    };
  }
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = (error as Error).message;
    return { statusCode, code: CODE_BY_STATUS.get(statusCode) ?? 'BAD_REQUEST', message };
  }
  return { statusCode: 500, code: 'INTERNAL', message: GENERIC_MESSAGE };
}

/** Unknown routes: the same JSON body as every other error (never an HTML page). */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?', 1)[0] ?? request.url;
  const body: ErrorBody = {
    statusCode: 404,
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${path} not found`,
  };
  void reply.status(404).send(body);
}
