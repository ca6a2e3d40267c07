import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionFixture, MemoryChannel, type SessionFixture } from '../../test/helpers/session-fixture.js';
import { InterviewState } from '../interviews/enums.js';
import type { LiveSession } from './live-session.js';
import type { ChannelSession } from './channel.js';
import { CloseCode } from './protocol.js';

// Every way a session stops goes through one terminate path; these pin what
// each way leaves behind: the channel's close code, the lease, the timers,
// the service's map, and whether the grace period runs.

let f: SessionFixture;
const GRACE_SECONDS = 900;
beforeAll(async () => {
  f = await createSessionFixture({ SESSION_RECONNECT_GRACE_SECONDS: String(GRACE_SECONDS), SESSION_INACTIVITY_SECONDS: '60' });
});
afterAll(() => f?.close());

async function open(mode: 'text' | 'voice' = 'text') {
  const id = await f.createInterview();
  const channel = new MemoryChannel(mode);
  const session = (await f.container.sessions.open(id, channel)) as LiveSession;
  expect(session).not.toBeNull();
  return { id, channel, session };
}

/** The lease is free again when someone else can take it. */
async function leaseIsFree(id: string): Promise<boolean> {
  if (f.container.redis) return (await f.container.redis.get(`interview-session:lease:${id}`)) === null;
  const row = await f.container.database.db.selectFrom('session_leases').select('holder').where('interview_id', '=', id).executeTakeFirst();
  return row === undefined;
}

const interview = async (id: string) => (await f.interviews.findById(id))!;

describe('LiveSession', () => {
  it('records the channel mode on the interview and in the log', async () => {
    const { id } = await open('voice');
    expect(JSON.parse((await interview(id)).interview_agent_meta!)).toMatchObject({ mode: 'voice', protocol_version: 1 });
    const log = await f.interviews.readLog(id);
    expect(log.map((l) => l.message).join('\n')).toMatch(/opened from 203\.0\.113\.7 \(protocol v1, voice mode\)/);
  });

  it('an interview erased on request after the gateway let the page in is refused: no resume token, nothing written', async () => {
    const id = await f.createInterview();
    expect(await f.container.interviews.erasePersonalData(id, 'session unit tests')).toBe('erased');
    const channel = new MemoryChannel();
    expect(await f.container.sessions.open(id, channel)).toBeNull();
    expect(channel.events).toMatchObject([{ type: 'error', code: 'INTERVIEW_NOT_FOUND', fatal: true }]);
    expect(channel.closes).toEqual([{ code: CloseCode.NOT_FOUND, reason: 'interview erased' }]);
    // Erased between the checks and the token's write (the erasure deletes the row in its transaction): none is stored after it.
    expect(await f.repository.storeResumeToken(id, 'ab'.repeat(32), f.clock.now().toISOString())).toBe(false);
    const tokens = await f.container.database.db.selectFrom('session_resume_tokens').selectAll().where('interview_id', '=', id).execute();
    expect(tokens).toEqual([]);
    expect([(await interview(id)).state, await f.interviews.listTranscript(id), await leaseIsFree(id)]).toEqual([0, [], true]);
  });

  it('an ending turn closes the channel normally, frees the lease, stops its timers and starts no grace period', async () => {
    const { id, channel, session } = await open();
    const timersBefore = f.scheduler.pending;
    session.handle({ type: 'end' });
    await f.container.sessions.settled();
    expect(channel.events.at(-1)).toMatchObject({ type: 'ended', ending_reason: 2 });
    expect(channel.closes).toEqual([{ code: CloseCode.NORMAL, reason: 'interview ended' }]);
    expect(await leaseIsFree(id)).toBe(true);
    expect(f.scheduler.pending).toBe(timersBefore - 3); // its heartbeat, silence timer and maximum-length deadline
    expect((await interview(id)).user_disconnected).toBe(0);
  });

  it('a dropped channel records the disconnection, frees the lease, and the grace period ends the interview', async () => {
    const { id, channel, session } = await open();
    const live = f.container.sessions.liveCount;
    session.onSocketClosed();
    await f.container.sessions.settled();
    expect(channel.closes).toEqual([]); // it closed on its own
    expect(await interview(id)).toMatchObject({ user_disconnected: 1, state: InterviewState.AWAITING_INTRODUCTION });
    expect(await leaseIsFree(id)).toBe(true);
    expect(f.container.sessions.liveCount).toBe(live - 1);
    await f.scheduler.advance((GRACE_SECONDS - 1) * 1000);
    await f.container.sessions.settled();
    expect((await interview(id)).state).toBe(InterviewState.AWAITING_INTRODUCTION);
    await f.scheduler.advance(2_000);
    await f.container.sessions.settled();
    expect(await interview(id)).toMatchObject({ state: InterviewState.ENDED, ending_reason: 3 });
  });

  it('a session that lost its lease says so, closes with 4409 and leaves the new holder alone', async () => {
    const { id, channel } = await open();
    const db = f.container.database.db;
    if (f.container.redis) await f.container.redis.set(`interview-session:lease:${id}`, 'elsewhere', 'PX', 60_000);
    else await db.updateTable('session_leases').set({ holder: 'elsewhere' }).where('interview_id', '=', id).execute();
    await f.scheduler.advance(f.container.config.session.leaseSeconds * 1000);
    await f.container.sessions.settled();
    expect(channel.ofType('error').at(-1)).toMatchObject({ code: 'SESSION_TAKEN_OVER', fatal: true });
    expect(channel.closes).toEqual([{ code: CloseCode.NOT_ALLOWED, reason: 'session taken over' }]);
    expect(await leaseIsFree(id)).toBe(false);
    expect((await interview(id)).user_disconnected).toBe(0);
  });

  it('an interview ended elsewhere closes the session with 4410 and no farewell', async () => {
    const { id, channel, session } = await open();
    await f.container.database.db
      .updateTable('interviews')
      .set({ state: InterviewState.ENDED, ending_reason: 2 })
      .where('id', '=', id)
      .execute();
    const sent = channel.events.length;
    session.handle({ type: 'answer', text: 'I build backend services.' });
    await f.container.sessions.settled();
    expect(channel.events).toHaveLength(sent);
    expect(channel.closes).toEqual([{ code: CloseCode.ENDED, reason: 'interview ended' }]);
    expect(await leaseIsFree(id)).toBe(true);
  });

  it('a server shutdown closes with 1001 and keeps the interview for the reconnection', async () => {
    const { id, channel, session } = await open();
    session.shutdown();
    await f.container.sessions.settled();
    expect(channel.closes).toEqual([{ code: CloseCode.GOING_AWAY, reason: 'server shutting down' }]);
    expect(await interview(id)).toMatchObject({ user_disconnected: 1, state: InterviewState.AWAITING_INTRODUCTION });
    expect(await leaseIsFree(id)).toBe(true);
    // The candidate comes back: the session resumes where it was.
    const back = new MemoryChannel();
    expect(await f.container.sessions.open(id, back)).not.toBeNull();
    expect(back.ofType('session')[0]).toMatchObject({ resumed: true, resume_count: 1 });
  });

  describe('version 2, before consent', () => {
    async function openV2() {
      const id = await f.createInterview();
      const channel = new MemoryChannel();
      const session = (await f.container.sessions.open(id, channel, 2)) as LiveSession;
      return { id, channel, session };
    }

    it('holds the lease and keeps only that: its heartbeat writes nothing, and a close leaves no grace period', async () => {
      const { id, channel, session } = await openV2();
      expect(session.consentRequired).toBe(true);
      expect(channel.ofType('session')[0]).toMatchObject({ consent_required: true, state: 0 });
      expect(await leaseIsFree(id)).toBe(false);
      await f.scheduler.advance(f.container.config.session.leaseSeconds * 1000);
      await f.container.sessions.settled();
      expect(channel.closes).toEqual([]); // the heartbeat found no stored session and did not take that for a reset
      const timersBefore = f.scheduler.pending;
      session.onSocketClosed();
      await f.container.sessions.settled();
      expect(await leaseIsFree(id)).toBe(true);
      expect(f.scheduler.pending).toBe(timersBefore - 2); // its heartbeat and its deadline; no grace timer
      expect(await interview(id)).toMatchObject({ state: InterviewState.NOT_STARTED, user_disconnected: 0, resume_count: null });
      expect(await f.interviews.readLog(id)).toHaveLength(1); // only "created"
    });

    it('start stores the consent with the opening turn; the mode is readable and each switch reaches its listeners', async () => {
      const { id, session } = await openV2();
      const switches: string[] = [];
      session.onModeChange((mode) => switches.push(mode));
      session.handle({ type: 'start', consent: true, mode: 'voice' });
      await f.container.sessions.settled();
      expect(session.consentRequired).toBe(false);
      expect(session.mode).toBe('voice');
      const stored = await f.container.database.db
        .selectFrom('interview_sessions')
        .selectAll()
        .where('interview_id', '=', id)
        .executeTakeFirst();
      expect(stored?.consented_at).toBe(stored?.started_at);
      session.handle({ type: 'mode', mode: 'text' });
      session.handle({ type: 'mode', mode: 'text' });
      await f.container.sessions.settled();
      expect(switches).toEqual(['text']);
      expect(session.mode).toBe('text');
    });

    it('switches take effect in the order the page sent them, also one arriving once the start is done and an older one still queued', async () => {
      // The page's order when its recogniser fails at its start: start, the failure's report, the switch; the
      // candidate's next switch lands while the report is written (consent given, the first switch still queued).
      const id = await f.createInterview();
      const session = (await f.container.sessions.open(id, new MemoryChannel('voice'), 2)) as LiveSession;
      const switches: string[] = [];
      session.onModeChange((mode) => switches.push(mode));
      const core = (session as unknown as { core: { appendLog: (level: string, lines: string | string[]) => Promise<void> } }).core;
      const appendLog = core.appendLog.bind(core);
      let newer = false;
      core.appendLog = async (level, lines) => {
        if (!newer && String(lines).includes('not-allowed')) {
          newer = true;
          expect(session.consentRequired).toBe(false);
          session.handle({ type: 'mode', mode: 'voice' });
        }
        return appendLog(level, lines);
      };
      session.handle({ type: 'start', consent: true, mode: 'voice' });
      session.handle({ type: 'client_error', message: 'speech recognition: not-allowed', fatal: false });
      session.handle({ type: 'mode', mode: 'text' });
      await f.container.sessions.settled();
      expect(newer).toBe(true);
      expect(switches).toEqual(['text', 'voice']);
      expect(session.mode).toBe('voice');
    });
  });
});

describe('what a live session tells its channel', () => {
  /** A channel that looks at the session it is given each time it is asked to send. */
  class AttachedChannel extends MemoryChannel {
    session: ChannelSession | null = null;
    readonly seen: { event: string; awaiting: boolean | null }[] = [];
    attach(session: ChannelSession): void {
      this.session = session;
    }
    override send(event: Parameters<MemoryChannel['send']>[0]): void {
      this.seen.push({ event: event.type, awaiting: this.session?.isAwaitingInput ?? null });
      super.send(event);
    }
  }

  it('is given before the first event, and says an answer is no longer awaited from the moment one is handed over', async () => {
    const id = await f.createInterview({ language_code: 2 });
    const channel = new AttachedChannel('voice');
    const session = (await f.container.sessions.open(id, channel)) as LiveSession;
    expect(channel.seen[0]).toEqual({ event: 'session', awaiting: false });
    expect(channel.session).toBe(session);
    expect([session.interviewId, session.language.tag, session.mode]).toEqual([id, 'de', 'voice']);
    expect(session.isAwaitingInput).toBe(true);
    session.handle({ type: 'answer', text: 'Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.' });
    expect(session.isAwaitingInput).toBe(false);
    await f.container.sessions.settled();
    expect(channel.ofType('utterance').at(-1)).toMatchObject({ control_id: 'q1' });
    expect(session.isAwaitingInput).toBe(true);
  });
});
