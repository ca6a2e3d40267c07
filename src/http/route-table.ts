// Every route the app registers, collected as Fastify registers it. The
// not-found handler uses it to tell 405 from 404, and the authorisation test
// walks it, so a route added later cannot escape the 401/403 checks.

import { escapeRegExp } from '../common/regexp.js';
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The pattern as registered, e.g. `/interview/details/:interview_id`. */
  url: string;
  /** The scope an API-key route requires; undefined outside the API-key context. */
  scope: string | undefined;
}

export interface RouteTable {
  readonly routes: readonly RouteEntry[];
  /** Methods registered for a concrete path (no query string). */
  methodsFor(path: string): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

/** Must run before any route is registered: onRoute hooks only see routes added after them. */
export function collectRoutes(app: FastifyInstance): RouteTable {
  const routes: RouteEntry[] = [];
  const matchers: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { scope?: string } | undefined;
    for (const method of methods) {
      routes.push({ method, url: route.url, scope: config?.scope });
      matchers.push({ method, pattern: patternOf(route.url) });
    }
  });
  const table: RouteTable = {
    routes,
    methodsFor: (path) => [...new Set(matchers.filter((m) => m.pattern.test(path)).map((m) => m.method))],
  };
  app.decorate('routeTable', table);
  return table;
}

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escapeRegExp(segment);
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
