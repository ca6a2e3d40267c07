// The `session` event a connection opens with: the interview, where the
// conversation stands and the transcript so far; in version 2 also what the
// welcome and consent screens need and what speech can do in the language.
// Pure: the live session gathers the facts.

import type { InterviewBrief } from '../conversation/interviewer.js';
import type { MachineContext } from '../conversation/state-machine.js';
import type { toTranscriptEntry } from '../interviews/interview.service.js';
import { languageFor } from '../languages/index.js';
import { expectedMinutes } from './opening.js';
import { MAX_AUDIO_FRAME_BYTES, VOICE_PROTOCOL_VERSION, type ServerEvents, type SessionMode } from './protocol.js';
import type { SpeechOffer } from './recognition-policy.js';

export type TranscriptEntry = ReturnType<typeof toTranscriptEntry>;

export interface SessionFacts {
  protocolVersion: number;
  interviewId: string;
  interviewType: ServerEvents['session']['interview_type'];
  brief: InterviewBrief;
  context: MachineContext;
  transcript: TranscriptEntry[];
  resumed: boolean;
  resumeCount: number;
  /** This connection's own: the same page's next connection takes this one over with it. */
  resumeToken: string;
  /** Version 2: the candidate has not agreed yet. */
  consentRequired: boolean;
  mode: SessionMode | null;
  speech: SpeechOffer;
}

export function sessionEvent(facts: SessionFacts): { type: 'session' } & ServerEvents['session'] {
  const { brief, context } = facts;
  const language = languageFor(brief.languageCode);
  return {
    type: 'session',
    protocol_version: facts.protocolVersion,
    interview_id: facts.interviewId,
    interview_type: facts.interviewType,
    language_code: brief.languageCode,
    language_tag: language.tag,
    direction: language.direction,
    state: context.state,
    next_question_index: context.nextQuestionIndex,
    question_count: brief.questions.length,
    resumed: facts.resumed,
    resume_count: facts.resumeCount,
    resume_token: facts.resumeToken,
    transcript: facts.transcript,
    ...(facts.protocolVersion >= VOICE_PROTOCOL_VERSION ? welcome(facts) : {}),
  };
}

/** Version 2: what the welcome and consent screens need, and what speech can do here. */
function welcome(facts: SessionFacts): Partial<ServerEvents['session']> {
  return {
    consent_required: facts.consentRequired,
    job_title: facts.brief.jobTitle,
    expected_minutes: expectedMinutes(facts.brief.questions.length),
    mode: facts.mode,
    speech: { ...facts.speech, sample_rate: 16_000, max_audio_frame_bytes: MAX_AUDIO_FRAME_BYTES },
  };
}
