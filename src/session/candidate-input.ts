// What a candidate's message means for the conversation: a ping is answered,
// typing restarts the silence clock, "more time" lengthens it, and an answer, a repeat, an end or a
// page error becomes an event for the state machine (an answer or a repeat
// out of turn is refused). Version 2 first waits for consent: before `start`
// only a ping or a page error is heard, and no audio frame. The LiveSession
// queues the messages and runs the turns; this file only decides.

import { classifyIntent, isThinAnswer } from '../conversation/intent.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import { isAwaitingInput, type MachineContext, type MachineEvent } from '../conversation/state-machine.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { CandidateChannel } from './channel.js';
import { MAX_AUDIO_FRAME_BYTES, type ClientMessage, type ClientMessageType, type SessionMode } from './protocol.js';
import type { RecognitionChoice } from './recognition-policy.js';
import type { NewEntry } from './session.repository.js';

/** The parts of a live session a message reaches. */
export interface InputSession {
  readonly interviewId: string;
  readonly brief: InterviewBrief;
  readonly context: MachineContext;
  readonly channel: CandidateChannel;
  /** A non-fatal error the page reported: logged within the session's budget (client-reports.ts). */
  reportPageError(message: string): Promise<void>;
  armSilenceTimer(): void;
  /** Version 2: "I need more time" (the session grants it a bounded number of times). */
  moreTime(): Promise<void>;
  step(event: MachineEvent, candidateEntry: NewEntry | null, logLines?: string[]): Promise<void>;
  /** Version 2: true until the candidate has agreed (`start`); always false in version 1. */
  readonly consentRequired: boolean;
  /** Version 2: the candidate agreed; the interview begins as version 1 begins on open. */
  start(mode: SessionMode, recognition: RecognitionChoice | null): Promise<void>;
  /** Version 2: the candidate switched between speaking and typing, or the page changed who recognises. */
  setMode(mode: SessionMode, recognition: RecognitionChoice | null): Promise<void>;
  /** The page gave up before the candidate agreed: close, the interview stays in state 0. */
  leaveBeforeStart(logLine: string): Promise<void>;
}

/** What a page may send before it has consent: nothing that would start, say or record anything. */
const BEFORE_CONSENT: ReadonlySet<ClientMessageType> = new Set(['start', 'ping', 'client_error']);

export async function processMessage(session: InputSession, message: ClientMessage): Promise<void> {
  if (session.consentRequired && !BEFORE_CONSENT.has(message.type)) {
    session.channel.send(consentRequired());
    return;
  }
  switch (message.type) {
    case 'start':
      if (!session.consentRequired) {
        session.channel.send({ type: 'error', code: 'ALREADY_STARTED', message: 'the interview has already started', fatal: false });
        return;
      }
      return session.start(message.mode, message.recognition ?? null);
    case 'mode':
      return session.setMode(message.mode, message.recognition ?? null);
    case 'playback':
    case 'played':
    case 'recognised':
      // The voice channel's business (playback gating, browser recognition); text sessions ignore them.
      session.channel.accepted?.(message);
      return;
    case 'ping':
      session.channel.send({ type: 'pong', ...(message.id === undefined ? {} : { id: message.id }) });
      return;
    case 'activity':
      // Typing counts as presence: the silence clock starts again, the reminders already sent stay counted.
      session.armSilenceTimer();
      return;
    case 'more_time':
      if (!expectInput(session)) return;
      return session.moreTime();
    case 'answer':
      return answer(session, message.text);
    case 'repeat':
      if (!expectInput(session)) return;
      session.channel.accepted?.(message);
      return session.step({ type: 'input', intent: 'repeat', isThin: false }, null);
    case 'end':
      session.channel.accepted?.(message);
      return session.step(
        { type: 'end', reason: message.after_error ? EndingReason.USER_ENDED_DUE_TO_ERROR : EndingReason.USER_ENDED },
        null,
      );
    case 'client_error':
      if (!message.fatal) return session.reportPageError(message.message);
      if (session.consentRequired) return session.leaveBeforeStart(`page reported a fatal error before the start: ${message.message}`);
      return session.step({ type: 'end', reason: EndingReason.ENDED_DUE_TO_FRONTEND_ERRROR }, null, [
        `page reported a fatal error: ${message.message}`,
      ]);
  }
}

/**
 * Messages that do not wait for the turn in flight (they never step the
 * conversation): a mode switch applies on arrival, so the audio frames sent
 * after it are judged by it (before consent it waits for the `start` ahead of
 * it: live-session.ts); playback reports and the browser's text are the voice
 * channel's as they happen.
 */
export function takesEffectAtOnce(message: ClientMessage): boolean {
  return message.type === 'mode' || message.type === 'playback' || message.type === 'recognised';
}

/** The parts of a live session an audio frame is checked against. */
export interface AudioGate {
  readonly consentRequired: boolean;
  readonly mode: SessionMode | null;
  readonly channel: CandidateChannel;
}

/**
 * Whether a binary frame is microphone audio this session takes: after
 * consent, in voice mode, 16-bit samples (even length) of at most 16 KiB.
 * A refused frame is answered with a non-fatal error and changes nothing.
 */
export function admitAudio(session: AudioGate, byteLength: number): boolean {
  const refuse = (code: 'CONSENT_REQUIRED' | 'AUDIO_NOT_EXPECTED' | 'INVALID_AUDIO', message: string) => {
    session.channel.send({ type: 'error', code, message, fatal: false });
    return false;
  };
  if (session.consentRequired) return refuse('CONSENT_REQUIRED', consentRequired().message);
  if (session.mode !== 'voice')
    return refuse('AUDIO_NOT_EXPECTED', 'audio frames are not accepted in text mode; send {"type":"mode","mode":"voice"} first');
  if (byteLength === 0 || byteLength % 2 !== 0 || byteLength > MAX_AUDIO_FRAME_BYTES) {
    return refuse('INVALID_AUDIO', `an audio frame is 16-bit PCM: an even number of bytes, 2 to ${MAX_AUDIO_FRAME_BYTES}`);
  }
  return true;
}

function consentRequired() {
  return {
    type: 'error',
    code: 'CONSENT_REQUIRED',
    message: 'the candidate has not agreed yet: send {"type":"start","consent":true,"mode":"voice"|"text"} first',
    fatal: false,
  } as const;
}

async function answer(session: InputSession, text: string): Promise<void> {
  if (!expectInput(session)) return;
  // Accepted: the interviewer's audio stops (an answer typed over it is a barge-in).
  session.channel.accepted?.({ type: 'answer', text });
  const { event, entry } = planAnswer(session.context, session.brief, text);
  await session.step(event, entry);
}

/**
 * What an answer means in this context: the state machine's event and the
 * candidate's transcript entry. Pure, so a spoken answer's reply can be
 * prepared before the turn is confirmed (the speculative reply) and is then
 * the same as the one the confirmed answer gets.
 */
export function planAnswer(context: MachineContext, brief: InterviewBrief, text: string): { event: MachineEvent; entry: NewEntry } {
  const { state, nextQuestionIndex } = context;
  const question = state === InterviewState.AWAITING_ANSWER ? brief.questions[nextQuestionIndex - 1] : undefined;
  const intent = classifyIntent(text, brief.languageCode);
  const isThin = isThinAnswer(text, question?.criteria ?? [], brief.languageCode, question?.text);
  const entry: NewEntry = { role: 'user', content: text, controlId: question?.id ?? 'procedural' };
  return { event: { type: 'input', intent, isThin }, entry };
}

function expectInput(session: InputSession): boolean {
  if (isAwaitingInput(session.context.state)) return true;
  session.channel.send({ type: 'error', code: 'NOT_YOUR_TURN', message: 'the interviewer is not waiting for an answer now', fatal: false });
  return false;
}
