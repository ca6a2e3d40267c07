// Slow-client defence. Node's defaults let a client hold a connection open for
// as long as it trickles bytes: a request body has no deadline at all, and a
// response sent before the body was read (a 401 from the onRequest hook) left
// the connection open, waiting for the rest. Here: a deadline for the headers,
// one for the whole request, one for idle keep-alive connections, and any
// response sent before the request was fully received closes the connection.

import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { HttpLimits } from '../config.js';

export const DEFAULT_HTTP_LIMITS: HttpLimits = { headersTimeoutSeconds: 10, requestTimeoutSeconds: 30, keepAliveTimeoutSeconds: 72 };

/** Fastify options that bound how long a request may take to arrive and a connection may idle. */
export function connectionLimitOptions(
  limits: HttpLimits,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'http'> {
  const headersTimeout = Math.round(limits.headersTimeoutSeconds * 1000);
  const requestTimeout = Math.round(limits.requestTimeoutSeconds * 1000);
  return {
    requestTimeout,
    keepAliveTimeout: Math.round(limits.keepAliveTimeoutSeconds * 1000),
    http: {
      headersTimeout,
      // Node checks both deadlines on this interval (30 s by default), so a deadline could be overrun by that much.
      connectionsCheckingInterval: Math.max(50, Math.min(headersTimeout, requestTimeout, 30_000) / 4),
    },
  };
}

/**
 * A response sent while the request body is still arriving says `Connection: close`
 * and Node then closes the socket: the server will not wait for (or parse) the rest.
 */
export function closeAfterEarlyResponse(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
