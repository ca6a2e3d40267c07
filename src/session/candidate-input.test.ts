import { describe, expect, it } from 'vitest';
import { initialContext } from '../conversation/state-machine.js';
import { AgentLanguages, InterviewState } from '../interviews/enums.js';
import type { CandidateChannel } from './channel.js';
import { processMessage, type InputSession } from './candidate-input.js';
import type { ClientMessage, ServerEvent } from './protocol.js';

/** A session in one state, with a channel that keeps what it was sent and what it was handed. */
function sessionIn(state: InterviewState) {
  const sent: ServerEvent[] = [];
  const handed: ClientMessage[] = [];
  const steps: unknown[] = [];
  const channel: CandidateChannel = {
    mode: 'voice',
    peerAddress: null,
    send: (event) => sent.push(event),
    close: () => {},
    accepted: (message) => handed.push(message),
  };
  const session: InputSession = {
    interviewId: 'i1',
    brief: { kind: 'job_interview', languageCode: AgentLanguages.ENGLISH, jobTitle: 'Engineer', primaryTechFocus: null, questions: [] },
    context: { ...initialContext('job_interview', 2), state },
    channel,
    reportPageError: async () => {},
    armSilenceTimer: () => {},
    moreTime: async () => {},
    step: async (event) => void steps.push(event),
    consentRequired: false,
    start: async () => {},
    setMode: async () => {},
    leaveBeforeStart: async () => {},
  };
  return { session, sent, handed, steps };
}

describe('what the session hands its channel', () => {
  it('an answer out of turn is refused and does not reach the channel, so the interviewer goes on speaking', async () => {
    const { session, sent, handed, steps } = sessionIn(InterviewState.READY_FOR_NEXT_QUESTION);
    await processMessage(session, { type: 'answer', text: 'I typed this while you were talking' });
    await processMessage(session, { type: 'repeat' });
    expect(sent.map((e) => e.type === 'error' && e.code)).toEqual(['NOT_YOUR_TURN', 'NOT_YOUR_TURN']);
    expect(handed).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('an answer in turn reaches the channel (its audio stops) before the turn runs', async () => {
    const { session, handed, steps } = sessionIn(InterviewState.AWAITING_INTRODUCTION);
    await processMessage(session, { type: 'answer', text: 'I build services.' });
    expect(handed).toEqual([{ type: 'answer', text: 'I build services.' }]);
    expect(steps).toHaveLength(1);
  });

  it('playback reports, the browser text and an end reach the channel; before consent nothing does', async () => {
    const { session, handed } = sessionIn(InterviewState.AWAITING_ANSWER);
    const messages: ClientMessage[] = [
      { type: 'playback', id: 'a1', event: 'started' },
      { type: 'recognised', text: 'I build', final: false },
      { type: 'end' },
    ];
    for (const message of messages) await processMessage(session, message);
    expect(handed).toEqual(messages);

    const before = sessionIn(InterviewState.NOT_STARTED);
    const waiting = { ...before.session, consentRequired: true };
    await processMessage(waiting, { type: 'playback', id: 'a1', event: 'started' });
    expect(before.handed).toEqual([]);
    expect(before.sent.map((e) => e.type === 'error' && e.code)).toEqual(['CONSENT_REQUIRED']);
  });
});
