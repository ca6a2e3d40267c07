import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { TestClock, TestScheduler } from './test-clock.js';
import type { Scope } from '../../src/auth/principal.js';
import type { ContainerOverrides } from '../../src/container.js';

export interface TestServer {
  url: string;
  server: RunningServer;
  clock: TestClock;
  /** Set when the server runs its timers on virtual time (`virtualTimers`): advance it instead of sleeping. */
  scheduler: TestScheduler | null;
  database: TestDatabase;
  /** Issues a real API key through the same service the CLI uses. */
  createKey(options?: { user?: string; scopes?: Scope[]; expiresAt?: Date }): Promise<string>;
  /** fetch against the server with an API key. */
  api(key: string, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

let userCounter = 0;

export interface TestServerOptions extends ContainerOverrides {
  startWebhookWorker?: boolean;
  /** Reuse another server's database (same DATA_DIR / schema) instead of a fresh one. */
  database?: TestDatabase;
  /** Session timers and the gateway ping wait on virtual time, moved by `scheduler.advance()` together with the clock. */
  virtualTimers?: boolean;
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { database: shared, virtualTimers, ...overrides } = options;
  const database = shared ?? (await createTestDatabase());
  const clock = new TestClock();
  const scheduler = virtualTimers ? new TestScheduler(clock) : null;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_FAILURES_PER_MINUTE: '100000',
    ...database.env,
    ...env,
  });
  const server = await startServer(config, { logger: false, clock, ...(scheduler ? { scheduler } : {}), ...overrides });
  return {
    url: server.url,
    server,
    clock,
    scheduler,
    database,
    async createKey(options = {}) {
      const { key } = await server.container.auth.createKey({
        userLabel: options.user ?? `user-${process.pid}-${++userCounter}`,
        scopes: options.scopes,
        expiresAt: options.expiresAt ?? null,
      });
      return key;
    },
    api(key, path, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(server.url + path, {
        ...rest,
        headers: {
          'x-application-secret-key': key,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(headers as Record<string, string> | undefined),
        },
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    async close() {
      await server.close();
      if (!shared) await database.dispose();
    },
  };
}

export function jobInterviewRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    job_title: 'Backend Engineer',
    candidate_id: 'cand-42',
    primary_tech_focus: 'Node.js',
    questions: [
      {
        question: 'What is a race condition?',
        evaluation_criteria: ['shared state', 'timing'],
        sample_answer: 'Two threads...',
        type: 'technical',
      },
      { question: 'Tell me about a conflict in your team.', evaluation_criteria: ['situation', 'resolution'], type: 'behavioral' },
    ],
    ...overrides,
  };
}

export function screeningInterviewRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    job_title: 'Warehouse Associate',
    candidate_id: 'cand-7',
    interview_lang_code: 2,
    questions: [
      {
        question_text: 'Do you have a forklift licence?',
        question_type: 'qualifying',
        asking_order: 2,
        qualifying_criteria: 'Must hold a valid licence',
      },
      { question_text: 'When could you start?', question_type: 'information', asking_order: 1, qualifying_criteria: null },
    ],
    ...overrides,
  };
}

/** Starts a test server with its own database and one API key for the enclosing describe (or file). */
export function useTestServer(
  env: Record<string, string>,
  receive: (server: TestServer, key: string) => void,
  options: TestServerOptions = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, options);
    receive(server, await server.createKey());
  });
  afterAll(() => server?.close());
}
