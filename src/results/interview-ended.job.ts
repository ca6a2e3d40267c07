// First step of the results pipeline: the hand-off itself. The session
// enqueues it in the same transaction as the end state (so the hand-off
// cannot be lost) and needs only this contract; what the step records (the
// hand-off log line, the next step) is added by results.pipeline.ts.

import type { JobDefinition } from '../jobs/job-runner.js';

export const INTERVIEW_ENDED_JOB = 'interview.ended';

export interface InterviewEndedPayload {
  version: 1;
  interview_id: string;
  ending_reason: number;
  state: number;
}

export function interviewEndedDedupeKey(interviewId: string): string {
  return `${INTERVIEW_ENDED_JOB}:${interviewId}`;
}

export const interviewEndedJob: JobDefinition<InterviewEndedPayload> = {
  kind: INTERVIEW_ENDED_JOB,
  maxAttempts: 5,
  parse(payload) {
    const p = payload as Partial<InterviewEndedPayload> | null;
    if (!p || p.version !== 1 || typeof p.interview_id !== 'string' || typeof p.ending_reason !== 'number') {
      throw new Error('unsupported interview.ended payload');
    }
    return p as InterviewEndedPayload;
  },
};
