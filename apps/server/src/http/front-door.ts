import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request before Fastify and returns true, or returns false to leave it to Fastify. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The HTTP server Fastify listens with, and the one handler that may answer before it. */
export type FrontDoor = {
  /** Fastify's `serverFactory` option. */
  serverFactory: FastifyServerFactory;
  /** Puts `handler` in front of Fastify (one at most: the portal's pages). */
  use: (handler: FrontHandler) => void;
};

/** The parts of Fastify's options its own HTTP/1 server is made with (lib/server.js). */
type ServerOptions = {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number | null;
};

/**
 * A plain `node:http` server that lets one handler answer a request before Fastify routes it
 * (issue 34: the portal's pages, whose answer is bytes held in memory, spent most of their time in
 * Fastify's request, reply and hook objects). Everything the handler declines goes to Fastify
 * unchanged. The server gets the timeouts Fastify would give its own, and `headersTimeoutMs` for
 * a request's headers to arrive (Fastify has no option for it).
 */
export function createFrontDoor({ headersTimeoutMs }: { headersTimeoutMs: number }): FrontDoor {
  let front: FrontHandler | undefined;
  return {
    use: (handler) => {
      front = handler;
    },
    serverFactory: (fastifyHandler, rawOptions) => {
      const options = rawOptions as unknown as ServerOptions;
      // Node looks for requests past their time every 30 s by default: a headers timeout of
      // 30 s would be 30 to 60 s. A quarter of it keeps the overshoot small, at the cost of a
      // walk over the open connections.
      const connectionsCheckingInterval = Math.max(100, Math.floor(headersTimeoutMs / 4));
      const serverOptions = { ...options.http, connectionsCheckingInterval };
      const server = http.createServer(serverOptions, (request, response) => {
        if (front === undefined || !front(request, response)) fastifyHandler(request, response);
      });
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.headersTimeout = headersTimeoutMs;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  };
}
