// What a new connection starts with, decided from the stored record: the
// first turn of a fresh interview (0 -> 1 -> 4), or a resume (welcome back
// and the pending prompt again, the turn a dying node left half-written, or
// the end when the resumes are used up). Pure: no I/O, no clock.

import type { InterviewBrief } from '../conversation/interviewer.js';
import { initialContext, resumeActs, transition, type MachineContext, type Step } from '../conversation/state-machine.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { CandidateChannel, ChannelMode } from './channel.js';
import type { SessionRow } from './session.repository.js';
import type { TurnOptions } from './turn-runner.js';

export interface OpeningInput {
  row: InterviewRow;
  /** The stored session memory; undefined for an interview never started. */
  stored: SessionRow | undefined;
  brief: InterviewBrief;
  channel: Pick<CandidateChannel, 'mode' | 'peerAddress'>;
  connectionId: string;
  interviewerName: string;
  maxResumes: number;
  now: string;
  /** The protocol version the candidate speaks (recorded on the interview and in the log). */
  protocolVersion: number;
  /** Version 2: the mode chosen in `start`, recorded instead of the channel's. */
  mode?: ChannelMode;
  /** Version 2: when the candidate agreed (the `start` message), stored with the session's first turn. */
  consentedAt?: string;
}

export interface Opening {
  /** The conversation's memory before the opening step. */
  context: MachineContext;
  startedAt: string;
  resumed: boolean;
  resumeCount: number;
  step: Step;
  options: TurnOptions;
}

export function planOpening(input: OpeningInput): Opening {
  const { row, stored, brief, channel, connectionId } = input;
  const from = channel.peerAddress ?? 'unknown address';
  const connectionFields = { userip: channel.peerAddress, call_api_id: connectionId, user_disconnected: 0 };

  if (row.state === InterviewState.NOT_STARTED) {
    const context = initialContext(brief.kind, brief.questions.length);
    const mode = input.mode ?? channel.mode;
    const version = input.protocolVersion;
    return {
      context,
      startedAt: input.now,
      resumed: false,
      resumeCount: 0,
      step: transition(context, { type: 'start' }),
      options: {
        startedAt: input.now,
        ...(input.consentedAt ? { consentedAt: input.consentedAt } : {}),
        interviewChanges: {
          ...connectionFields,
          resume_count: 0,
          interview_agent_meta: JSON.stringify({
            interviewer: input.interviewerName,
            protocol_version: version,
            mode,
          }),
        },
        logLines: [
          `session ${connectionId} opened from ${from} (protocol v${version}, ${mode} mode)`,
          ...(input.consentedAt ? [`the candidate agreed to the interview and its recording at ${input.consentedAt}`] : []),
        ],
      },
    };
  }

  const context = stored?.context ?? {
    ...initialContext(brief.kind, brief.questions.length),
    state: row.state as InterviewState,
    nextQuestionIndex: row.next_question_index,
  };
  const resumeCount = (row.resume_count ?? 0) + 1;
  const resume = { context, startedAt: stored?.started_at ?? row.updated_at, resumed: true, resumeCount };
  // Version 2 resuming an interview started over version 1: the consent and the chosen mode are stored with the resume.
  const consent = input.consentedAt
    ? {
        consentedAt: input.consentedAt,
        meta: { interview_agent_meta: JSON.stringify({ ...storedMeta(row), protocol_version: input.protocolVersion, mode: input.mode }) },
        line: [`the candidate agreed to the interview and its recording at ${input.consentedAt} (${input.mode ?? channel.mode} mode)`],
      }
    : { meta: {}, line: [] };
  const interviewChanges = { ...connectionFields, resume_count: resumeCount, ...consent.meta };
  const consentedAt = consent.consentedAt ? { consentedAt: consent.consentedAt } : {};
  if (resumeCount > input.maxResumes) {
    return {
      ...resume,
      step: transition(context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_EXCEEDED_RESUME_COUNT }),
      options: {
        interviewChanges,
        logLines: [`session ${connectionId} refused: resume ${resumeCount} exceeds the limit of ${input.maxResumes}`],
      },
    };
  }
  if (stored?.pending) {
    // The previous node stopped while the model was writing: finish that turn, which ends with the next prompt.
    return {
      ...resume,
      step: stored.pending.step,
      options: {
        interviewChanges,
        candidateText: stored.pending.candidateText,
        ...consentedAt,
        logLines: [
          `session ${connectionId} resumed (resume ${resumeCount}); finishing the turn interrupted in state ${row.state}`,
          ...consent.line,
        ],
      },
    };
  }
  return {
    ...resume,
    step: { context, acts: resumeActs(context), path: [] },
    options: {
      interviewChanges,
      // No stored memory (an interview started before sessions were stored): this turn creates it.
      ...(stored ? {} : { startedAt: resume.startedAt }),
      ...consentedAt,
      logLines: [`session ${connectionId} resumed (resume ${resumeCount}) from ${from}`, ...consent.line],
    },
  };
}

/**
 * What the welcome screen promises (protocol v2 `expected_minutes`): about
 * three minutes for the introduction and the closing questions, and three
 * per question (an answer, sometimes a follow-up). Deliberately generous.
 */
export function expectedMinutes(questionCount: number): number {
  return 3 + 3 * questionCount;
}

/** The interview's recorded agent facts (interviewer, protocol, mode); empty when unreadable. */
function storedMeta(row: InterviewRow): Record<string, unknown> {
  try {
    const meta: unknown = JSON.parse(row.interview_agent_meta ?? '{}');
    return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
