// Authentication, rate limiting and scopes for the client API, in that order:
// 401 (who are you) before 429 (too many) before 403 (not allowed here).
// Runs in onRequest, before the body is read, so an unauthenticated caller
// cannot make the server parse anything. Fails closed: a route in the API-key
// context that declares no scope stops start-up, and would answer 403 anyway.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/auth.service.js';
import { isScope, SCOPES, type Principal, type Scope } from '../auth/principal.js';
import type { RateLimiter } from './rate-limiter.js';
import type { AuthThrottle } from './auth-throttle.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The scope a key needs for this route. */
    scope?: Scope;
  }
}

export const API_KEY_HEADER = 'x-application-secret-key';

export interface AuthenticationDeps {
  auth: AuthService;
  rateLimiter: RateLimiter;
  authThrottle: AuthThrottle;
}

/** Adds the hook to every route registered inside `scope` (an encapsulated plugin context). */
export function requireApiKey(scope: FastifyInstance, deps: AuthenticationDeps): void {
  scope.addHook('onRoute', (route) => {
    const declared = (route.config as { scope?: unknown } | undefined)?.scope;
    if (typeof declared !== 'string' || !isScope(declared)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`API route ${methods} ${route.url} declares no scope: set config.scope to one of ${SCOPES.join(', ')}`);
    }
  });
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[API_KEY_HEADER];
    const outcome = await deps.auth.authenticate(typeof header === 'string' ? header : undefined);
    if (!outcome.ok) {
      // Only failing attempts are throttled (src/http/auth-throttle.ts): a right key from the same address still works.
      const wait = await throttleFailure(deps.authThrottle, request.ip);
      if (wait !== null) return reply.code(429).header('retry-after', wait).send({ detail: 'RateLimitReachedException' });
      return reply.code(401).header('www-authenticate', 'APIKey').send({ detail: outcome.error });
    }
    request.principal = outcome.principal;

    const decision = await deps.rateLimiter.hit(outcome.principal.credentialId).catch((error: unknown) => {
      // Availability over strictness: a broken counter store must not take the API down.
      request.log.warn({ err: error }, 'rate limiter unavailable; request allowed');
      return null;
    });
    if (decision) {
      reply.header('x-ratelimit-limit', decision.limit);
      reply.header('x-ratelimit-remaining', decision.remaining);
      reply.header('x-ratelimit-reset', decision.resetInSeconds);
      if (!decision.allowed) {
        return reply.code(429).header('retry-after', decision.resetInSeconds).send({ detail: 'RateLimitReachedException' });
      }
    }

    const needed = request.routeOptions.config.scope;
    if (!needed || !outcome.principal.scopes.has(needed)) {
      return reply.code(403).send({ detail: 'PermissionDeniedException' });
    }
  });
}

/**
 * A failed authentication from `address`: the seconds to put in Retry-After
 * when the address is past its budget (429), otherwise the failure is counted
 * and null returned (401). A broken counter store must not take the API
 * down, as with the rate limiter.
 */
export async function throttleFailure(throttle: AuthThrottle, address: string): Promise<number | null> {
  const wait = await throttle.retryAfter(address).catch(() => null);
  if (wait !== null) return wait;
  await throttle.recordFailure(address).catch(() => undefined);
  return null;
}

/** The principal of an authenticated route (the hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is missing requireApiKey');
  return request.principal;
}
