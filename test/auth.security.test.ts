import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/auth/principal.js';
import type { RouteEntry } from '../src/http/route-table.js';
import { jobInterviewRequest, startTestServer, type TestServer } from './helpers/test-server.js';

const INTEGRATION_SECRET = 'greenhouse-secret-0123456789';
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ INTEGRATION_SECRETS: `greenhouse=${INTEGRATION_SECRET},lever=lever-secret-0123456789ab` });
});
afterAll(() => t?.close());

async function createInterview(key: string): Promise<string> {
  const response = await t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() });
  expect(response.status).toBe(200);
  return (await response.json()).interview_id;
}

const READ_ROUTES = [
  '/interview/details/',
  '/interview/transcript/',
  '/interview/evaluation-report/',
  '/interview/overall-evaluation-report/',
  '/interview/get-recording/',
  '/interview/get-video-recording/',
  '/interview/get-logs/',
];

// Routes that take no API key, on purpose. Every other registered route must be an API route with a scope.
// /media/: local recordings, authorised by their signed, expiring link (docs/media.md); /report/: the
// recruiter report page, likewise (docs/report-page.md); /ready: the balancer's readiness probe, beside /health.
const NOT_API_KEY_ROUTES = [
  /^\/health$/,
  /^\/ready$/,
  /^\/media\//,
  /^\/report\//,
  /^\/metrics$/,
  /^\/openapi\.json$/,
  /^\/docs(\/|$)/,
  /^\/interview$/,
  /^\/candidate\//,
];

/** A concrete path for a registered pattern: ids are a valid UUID, wildcards a plain segment. */
function concretePath(url: string): string {
  return url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '00000000-0000-4000-8000-000000000000' : segment === '*' ? 'x' : segment))
    .join('/');
}

describe('every registered route is covered by the authorisation matrix', () => {
  const routes = (): readonly RouteEntry[] => t.server.app.routeTable.routes;

  it('lists the API routes (the table is not empty) and only the known public routes lack a scope', () => {
    expect(routes().filter((r) => r.scope !== undefined).length).toBeGreaterThanOrEqual(15);
    const unscoped = routes().filter((r) => r.scope === undefined && !NOT_API_KEY_ROUTES.some((allowed) => allowed.test(r.url)));
    expect(unscoped.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers 401 on every API route when the key is missing', async () => {
    for (const route of routes().filter((r) => r.scope !== undefined)) {
      const response = await fetch(t.url + concretePath(route.url), { method: route.method });
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(await response.json()).toEqual({ detail: 'NotAuthenticated' });
    }
  });

  it("answers 403 on every API route for a key holding every scope but the route's", async () => {
    const keys = new Map<string, string>();
    for (const scope of SCOPES) keys.set(scope, await t.createKey({ scopes: SCOPES.filter((s) => s !== scope) }));
    for (const route of routes().filter((r) => r.scope !== undefined)) {
      const key = keys.get(route.scope as string);
      expect(key, `${route.method} ${route.url} has an unknown scope ${route.scope}`).toBeDefined();
      const response = await t.api(key as string, concretePath(route.url), { method: route.method });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD') expect(await response.json()).toEqual({ detail: 'PermissionDeniedException' });
    }
  });
});

describe('authentication', () => {
  it('answers 401 for a malformed key and for a well-formed key that was never issued', async () => {
    for (const key of ['nonsense', 'sk_int_short', `sk_int_${'A'.repeat(32)}`, `'; DROP TABLE interviews; --`]) {
      const response = await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000000');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'InvalidAPIKeyException' });
    }
  });

  it('answers 401 before reading the body, so an unauthenticated caller cannot trigger validation', async () => {
    const response = await t.api('bad', '/interview/create-from-questions', { method: 'POST', json: { not: 'valid' } });
    expect(response.status).toBe(401);
  });

  it('answers 401 TokenExpiredException once a key has expired', async () => {
    const key = await t.createKey({ expiresAt: new Date(t.clock.now().getTime() + 60_000) });
    const id = await createInterview(key);
    t.clock.advance(61_000);
    try {
      const response = await t.api(key, `/interview/details/${id}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'TokenExpiredException' });
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('answers 401 once a key is deactivated, by id or by the key itself, and other keys keep working', async () => {
    const user = `deact-${Date.now()}`;
    const first = await t.createKey({ user });
    const second = await t.createKey({ user });
    const id = await createInterview(first);
    expect(await t.server.container.auth.deactivateKey(first)).toBe(true);
    const refused = await t.api(first, `/interview/details/${id}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'APIKeyDeactivatedException' });
    // The same user's other key still sees the interview: interviews belong to the user.
    expect((await t.api(second, `/interview/details/${id}`)).status).toBe(200);
    expect(await t.server.container.auth.deactivateKey(first)).toBe(false);
  });
});

describe('scopes', () => {
  it('answers 403 for routes outside a key scopes and allows the rest', async () => {
    const writer = await t.createKey({ scopes: ['interviews:write'] });
    const reader = await t.createKey({ scopes: ['interviews:read'] });
    const webhooksOnly = await t.createKey({ scopes: ['webhooks'] });

    const id = await createInterview(writer);
    const read = await t.api(writer, `/interview/details/${id}`);
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ detail: 'PermissionDeniedException' });

    const create = await t.api(reader, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() });
    expect(create.status).toBe(403);
    expect((await t.api(reader, `/interview/reset/${id}`, { method: 'POST' })).status).toBe(403);

    for (const path of READ_ROUTES) {
      expect((await t.api(webhooksOnly, path + id)).status, path).toBe(403);
    }
  });
});

describe('isolation between principals', () => {
  it("answers another user's interview exactly as an unknown id", async () => {
    const alice = await t.createKey({ user: `alice-${Date.now()}` });
    const bob = await t.createKey({ user: `bob-${Date.now()}` });
    const id = await createInterview(alice);
    for (const path of READ_ROUTES) {
      const foreign = await t.api(bob, path + id);
      const unknown = await t.api(bob, path + '00000000-0000-4000-8000-000000000000');
      expect(foreign.status, path).toBe(404);
      expect(await foreign.json()).toEqual(await unknown.json());
    }
    const reset = await t.api(bob, `/interview/reset/${id}`, { method: 'POST' });
    expect(reset.status).toBe(404);
    expect(await reset.json()).toEqual({ detail: 'InterviewNotExist' });
    expect((await t.api(alice, `/interview/details/${id}`)).status).toBe(200);
  });

  it('treats each integration secret as a principal of its own', async () => {
    const id = await createInterview(INTEGRATION_SECRET);
    const details = await (await t.api(INTEGRATION_SECRET, `/interview/details/${id}`)).json();
    expect(details.user).toBeNull();
    expect((await t.api('lever-secret-0123456789ab', `/interview/details/${id}`)).status).toBe(404);
    const userKey = await t.createKey();
    expect((await t.api(userKey, `/interview/details/${id}`)).status).toBe(404);
  });
});
