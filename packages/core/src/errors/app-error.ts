/** Every error code the API can answer with. The HTTP status of each lives in {@link ERROR_STATUS}. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PLAN_LIMIT'
  | 'PAYMENT_FAILED'
  | 'PAYMENT_ACTION_REQUIRED'
  | 'PAYMENT_PROCESSING'
  | 'RATE_LIMITED'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** Code → HTTP status. One table so server, portal and extension agree. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PLAN_LIMIT: 409,
  // issue 13: the card was declined (the gateway's words), or the bank wants 3-D Secure first.
  PAYMENT_FAILED: 402,
  PAYMENT_ACTION_REQUIRED: 402,
  // Decision 0128: the gateway's answer is not known yet; the billing job completes the charge.
  PAYMENT_PROCESSING: 402,
  PAYLOAD_TOO_LARGE: 413,
  // Issue 34: a download's Range starts past the file's end.
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  // Issue 33: an export link past its expiry — it existed, and will not come back.
  GONE: 410,
  INTERNAL: 500,
  // Issue 34: overloaded for now (no database connection came in time); Retry-After says when.
  UNAVAILABLE: 503,
};

/** The JSON body of every error answer from `/api`. */
export type ErrorBody = { statusCode: number; code: ErrorCode; message: string };

/**
 * The one error type of the product. Services throw it; the server's error handler turns it
 * into {@link ErrorBody}; the API client turns an error answer back into it.
 */
export class AppError extends Error {
  /** Machine-readable code; maps to an HTTP status through {@link ERROR_STATUS}. */
  readonly code: ErrorCode;

  /** Seconds the client should wait before trying again; answered as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The HTTP status this error is answered with. */
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  /** The JSON body this error is answered with. */
  toBody(): ErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message };
  }
}

/** True when `value` is an {@link AppError} (also across bundles, where `instanceof` fails). */
export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof AppError ||
    (value instanceof Error &&
      value.name === 'AppError' &&
      typeof (value as AppError).code === 'string')
  );
}
