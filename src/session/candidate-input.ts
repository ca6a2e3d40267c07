// What a candidate's message means for the conversation: a ping is answered,
// typing restarts the silence clock, and an answer, a repeat, an end or a
// page error becomes an event for the state machine (an answer or a repeat
// out of turn is refused). The LiveSession queues the messages and runs the
// turns; this file only decides.

import { classifyIntent, isThinAnswer } from '../conversation/intent.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import { isAwaitingInput, type MachineContext, type MachineEvent } from '../conversation/state-machine.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { CandidateChannel } from './channel.js';
import type { ClientMessage } from './protocol.js';
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
  step(event: MachineEvent, candidateEntry: NewEntry | null, logLines?: string[]): Promise<void>;
}

export async function processMessage(session: InputSession, message: ClientMessage): Promise<void> {
  switch (message.type) {
    case 'ping':
      session.channel.send({ type: 'pong', ...(message.id === undefined ? {} : { id: message.id }) });
      return;
    case 'activity':
      // Typing counts as presence: the silence clock starts again, the reminders already sent stay counted.
      session.armSilenceTimer();
      return;
    case 'answer':
      return answer(session, message.text);
    case 'repeat':
      if (!expectInput(session)) return;
      return session.step({ type: 'input', intent: 'repeat', isThin: false }, null);
    case 'end':
      return session.step(
        { type: 'end', reason: message.after_error ? EndingReason.USER_ENDED_DUE_TO_ERROR : EndingReason.USER_ENDED },
        null,
      );
    case 'client_error':
      if (!message.fatal) return session.reportPageError(message.message);
      return session.step({ type: 'end', reason: EndingReason.ENDED_DUE_TO_FRONTEND_ERRROR }, null, [
        `page reported a fatal error: ${message.message}`,
      ]);
  }
}

async function answer(session: InputSession, text: string): Promise<void> {
  if (!expectInput(session)) return;
  const { state, nextQuestionIndex } = session.context;
  const question = state === InterviewState.AWAITING_ANSWER ? session.brief.questions[nextQuestionIndex - 1] : undefined;
  const intent = classifyIntent(text, session.brief.languageCode);
  const isThin = isThinAnswer(text, question?.criteria ?? [], session.brief.languageCode, question?.text);
  const entry: NewEntry = { role: 'user', content: text, controlId: question?.id ?? 'procedural' };
  await session.step({ type: 'input', intent, isThin }, entry);
}

function expectInput(session: InputSession): boolean {
  if (isAwaitingInput(session.context.state)) return true;
  session.channel.send({ type: 'error', code: 'NOT_YOUR_TURN', message: 'the interviewer is not waiting for an answer now', fatal: false });
  return false;
}
