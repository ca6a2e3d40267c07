import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireApiKey, type AuthenticationDeps } from './authentication.js';

// Registration never calls the services; a call would mean the check ran at request time instead of start-up.
const unreachable = new Proxy({}, { get: () => () => Promise.reject(new Error('not expected at registration')) });
const deps = { auth: unreachable, rateLimiter: unreachable } as unknown as AuthenticationDeps;

async function start(register: (api: ReturnType<typeof Fastify>) => void): Promise<void> {
  const app = Fastify();
  try {
    await app.register(async (api) => {
      requireApiKey(api, deps);
      register(api);
    });
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('the API-key context fails closed', () => {
  it('refuses to start when a route declares no scope', async () => {
    await expect(start((api) => api.get('/interview/new-thing', async () => ({})))).rejects.toThrow(
      /API route GET \/interview\/new-thing declares no scope/,
    );
  });

  it('refuses to start when a route declares a scope that does not exist', async () => {
    await expect(start((api) => api.post('/interview/x', { config: { scope: 'admin' as never } }, async () => ({})))).rejects.toThrow(
      /declares no scope/,
    );
  });

  it('starts when every route declares a known scope', async () => {
    await expect(
      start((api) => api.get('/interview/y', { config: { scope: 'interviews:read' } }, async () => ({}))),
    ).resolves.toBeUndefined();
  });
});
