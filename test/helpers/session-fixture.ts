// For unit tests of src/session/: the real service graph on a real database
// (SQLite by default, PostgreSQL with TEST_DATABASE_URL), virtual timers, and
// an in-memory CandidateChannel in place of the WebSocket.

import { randomUUID } from 'node:crypto';
import type { Principal } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { InterviewRepository } from '../../src/interviews/interview.repository.js';
import type { CandidateChannel, ChannelMode } from '../../src/session/channel.js';
import type { ServerEvent } from '../../src/session/protocol.js';
import { SessionRepository } from '../../src/session/session.repository.js';
import { TestClock, TestScheduler } from './test-clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { jobInterviewRequest } from './test-server.js';

/** The channel's twin: keeps what the session sent and how it closed. */
export class MemoryChannel implements CandidateChannel {
  readonly events: ServerEvent[] = [];
  readonly closes: { code: number; reason: string }[] = [];

  constructor(
    readonly mode: ChannelMode = 'text',
    readonly peerAddress: string | null = '203.0.113.7',
    /** Called on every send, before the event is kept (to look at the record at that moment). */
    private readonly onSend?: (event: ServerEvent) => void,
  ) {}

  send(event: ServerEvent): void {
    if (this.closes.length > 0) return;
    this.onSend?.(event);
    this.events.push(event);
  }

  close(code: number, reason: string): void {
    if (this.closes.length === 0) this.closes.push({ code, reason });
  }

  ofType<K extends ServerEvent['type']>(type: K): Extract<ServerEvent, { type: K }>[] {
    return this.events.filter((e): e is Extract<ServerEvent, { type: K }> => e.type === type);
  }
}

export interface SessionFixture {
  container: Container;
  clock: TestClock;
  scheduler: TestScheduler;
  repository: SessionRepository;
  interviews: InterviewRepository;
  createInterview(overrides?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function createSessionFixture(env: Record<string, string> = {}): Promise<SessionFixture> {
  const database: TestDatabase = await createTestDatabase();
  const clock = new TestClock();
  const scheduler = new TestScheduler(clock);
  const container = await createContainer(loadConfig({ LOG_LEVEL: 'silent', ...database.env, ...env }), { clock, scheduler });
  const interviews = new InterviewRepository(container.database.db);
  const principal: Principal = {
    id: `user:${randomUUID()}`,
    kind: 'user',
    userId: randomUUID(),
    label: 'session unit tests',
    scopes: new Set(['interviews:read', 'interviews:write', 'webhooks']),
    credentialId: randomUUID(),
  };
  return {
    container,
    clock,
    scheduler,
    repository: new SessionRepository(container.database.db, interviews),
    interviews,
    async createInterview(overrides = {}) {
      const created = await container.interviews.createJobInterview(principal, jobInterviewRequest(overrides) as never);
      return created.interview_id;
    },
    async close() {
      await container.sessions.stop();
      await container.close();
      await database.dispose();
    },
  };
}
