// First step of the results pipeline: the hand-off itself, written by the
// session in the same transaction as the end state. It records the hand-off
// in the interview log; src/results/results.pipeline.ts chains the
// evaluation, media and webhook steps after it.

import { appendLogLine } from '../interviews/interview.repository.js';
import type { JobDefinition } from './job-runner.js';

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
  async record(payload, { tx, at }) {
    await appendLogLine(
      tx,
      payload.interview_id,
      at,
      'info',
      `handed over to the results pipeline (state ${payload.state}, ending reason ${payload.ending_reason})`,
    );
  },
};
