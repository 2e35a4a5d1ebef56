import type { FastifyInstance } from 'fastify';

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** True once the copy is shutting down: `/readyz` answers 503 and connections are not kept. */
    isDraining: boolean;
    /** Starts draining (graceful shutdown, docs/deploy.md); the copy still serves every request. */
    startDraining(): void;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Graceful shutdown's first step. While draining, every answer says `Connection: close`, so a
 * load balancer's next request opens a new connection — which, once this copy stops listening,
 * is refused before anything is sent and safely goes to another copy — and `/readyz` answers 503
 * so the balancer stops choosing this copy.
 */
export function installDrain(app: FastifyInstance): void {
  app.decorate('isDraining', false);
  app.decorate('startDraining', function startDraining(this: FastifyInstance) {
    this.isDraining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.isDraining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
