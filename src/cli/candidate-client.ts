// A candidate in text mode over the public real-time protocol. Used by
// `cli simulate`, the session bench and the tests: it speaks only what a page
// could speak, over a real WebSocket.

import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { phrasesFor } from '../languages/index.js';
import type { ClientMessage, ServerEvent, ServerEventType } from '../session/protocol.js';
import { candidateSessionUrl } from '../session/protocol.js';

type EventOf<K extends ServerEventType> = Extract<ServerEvent, { type: K }>;

export class CandidateClient {
  readonly events: ServerEvent[] = [];
  /** performance.now() at each event's arrival. */
  readonly arrivals: number[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private waiters: (() => void)[] = [];
  private closeInfo: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      try {
        this.events.push(JSON.parse((data as Buffer).toString('utf8')) as ServerEvent);
        this.arrivals.push(performance.now());
      } catch {
        return;
      }
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        this.wake();
        resolve(this.closeInfo);
      });
    });
    socket.on('error', () => {});
  }

  /** Opens the session socket of an interview on a server base URL (http://host:port). */
  static connect(baseUrl: string, interviewId: string, options: { url?: string; version?: number } = {}): Promise<CandidateClient> {
    const socket = new WebSocket(options.url ?? candidateSessionUrl(baseUrl, interviewId, options.version));
    const client = new CandidateClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.closeInfo !== null;
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** The next event (after those already taken) of one of the given types; throws on timeout or close. */
  async next<K extends ServerEventType>(types: K | K[], timeoutMs = 30_000): Promise<EventOf<K>> {
    const wanted = Array.isArray(types) ? types : [types];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.events.length) {
        const event = this.events[this.cursor++]!;
        if ((wanted as string[]).includes(event.type)) return event as EventOf<K>;
      }
      if (this.closeInfo)
        throw new Error(`socket closed (${this.closeInfo.code} ${this.closeInfo.reason}) while waiting for ${wanted.join('/')}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`timed out waiting for ${wanted.join('/')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the interviewer to hand the turn over (or the end); returns the utterances since the last call. */
  async turn(
    timeoutMs = 30_000,
  ): Promise<{ said: EventOf<'utterance'>[]; state: EventOf<'state'> | null; ended: EventOf<'ended'> | null; firstAt: number }> {
    const said: EventOf<'utterance'>[] = [];
    let firstAt = 0;
    for (;;) {
      const event = await this.next(['utterance', 'state', 'ended'], timeoutMs);
      firstAt ||= this.arrivals[this.cursor - 1] ?? performance.now();
      if (event.type === 'utterance') said.push(event);
      else if (event.type === 'ended') return { said, state: null, ended: event, firstAt };
      else if (event.awaiting_input) return { said, state: event, ended: null, firstAt };
      else if (event.state === 2 || event.state === 3) {
        return { said, state: event, ended: await this.next('ended', timeoutMs), firstAt };
      }
    }
  }

  close(): Promise<{ code: number; reason: string }> {
    if (!this.closeInfo) this.socket.close(1000, 'bye');
    return this.closed;
  }

  /** Drops the connection without a close handshake, as a lost network would. */
  drop(): void {
    this.socket.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export interface PlayResult {
  endingReason: number;
  state: number;
  /** Client-observed time from each answer to the interviewer handing the turn back, ms. */
  turnMs: number[];
  lines: string[];
}

/**
 * Plays a whole interview: the answers in order for whatever is asked, then
 * "nothing to add, no questions" in the interview's language, so it always ends.
 */
export async function playInterview(
  baseUrl: string,
  interviewId: string,
  answers: readonly string[],
  options: { url?: string; onLine?: (line: string) => void; timeoutMs?: number } = {},
): Promise<PlayResult> {
  const client = await CandidateClient.connect(baseUrl, interviewId, { url: options.url });
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    options.onLine?.(line);
  };
  const turnMs: number[] = [];
  try {
    const opening = await client.next(['session', 'INTERVIEW_NOT_ALLOWED', 'error'], options.timeoutMs);
    if (opening.type === 'INTERVIEW_NOT_ALLOWED') {
      throw new Error(
        opening.reason === 'interview_ended'
          ? `the interview has already ended (state ${opening.state}, ending reason ${opening.ending_reason})`
          : 'another session of this interview is open (INTERVIEW_NOT_ALLOWED)',
      );
    }
    if (opening.type === 'error') throw new Error(`${opening.code}: ${opening.message}`);
    const nothingMore = phrasesFor(opening.language_code).candidateNothingMore;
    let next = 0;
    let sent = 0;
    for (;;) {
      const { said, ended, firstAt } = await client.turn(options.timeoutMs);
      if (sent) turnMs.push(firstAt - sent);
      for (const utterance of said) print(`interviewer [${utterance.control_id}]: ${utterance.text}`);
      if (ended) {
        print(`-- ended: state ${ended.state}, ending reason ${ended.ending_reason} (${ended.ending_reason_name})`);
        return { endingReason: ended.ending_reason, state: ended.state, turnMs, lines };
      }
      const text = answers[next++] ?? nothingMore;
      print(`candidate: ${text}`);
      sent = performance.now();
      client.send({ type: 'answer', text });
    }
  } finally {
    await client.close();
  }
}
