import type { FastifyRequest } from 'fastify';

/**
 * Who caused an audited change and from where: the signed-in caller, the client's address (the
 * proxy's `X-Forwarded-For` only when `TRUST_PROXY` is set, as Fastify reads it) and its browser.
 * `userId` null: the system acted (a job, a payment gateway's webhook).
 */
export type AuditContext = {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
};

// A user agent is the client's own text: kept short so a row cannot be made to grow.
const USER_AGENT_MAX = 400;

/** The audit context of a request: its caller (when signed in), address and user agent. */
export function auditContext(request: FastifyRequest): AuditContext {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.caller?.userId ?? null,
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** The context of a change no request caused (a scheduled job). */
export const SYSTEM_AUDIT_CONTEXT: AuditContext = { userId: null, ip: null, userAgent: null };
