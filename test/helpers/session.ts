// Helpers for session tests: create interviews through the API, read them back.

import { expect } from 'vitest';
import { CandidateClient } from '../../src/cli/candidate-client.js';
import { jobInterviewRequest, screeningInterviewRequest, type TestServer } from './test-server.js';

export async function createJobInterview(t: TestServer, key: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest(overrides) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { interview_id: string }).interview_id;
}

export async function createScreeningInterview(t: TestServer, key: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.api(key, '/interview/screening/create-from-questions', {
    method: 'POST',
    json: screeningInterviewRequest(overrides),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { interview_id: string }).interview_id;
}

export interface Details {
  state: number;
  ending_reason: number;
  next_question_index: number;
  archival_status: number;
  user_disconnected: boolean;
  resume_count: number | null;
  call_api_id: string | null;
  call_length: number | null;
  userip: string | null;
  interview_agent_meta: Record<string, unknown> | null;
  transcript: { role: string; content: string; control_id: string | null; created_at: string; video_time: unknown }[];
}

export async function details(t: TestServer, key: string, id: string): Promise<Details> {
  const response = await t.api(key, `/interview/details/${id}`, { headers: { 'x-frontend': 'talentui' } });
  expect(response.status).toBe(200);
  return (await response.json()) as Details;
}

export async function logs(t: TestServer, key: string, id: string): Promise<string> {
  return ((await (await t.api(key, `/interview/get-logs/${id}`)).json()) as { interview_logs: string }).interview_logs;
}

/** Polls until `check` passes (for work done by background jobs and sweeps); patient, since CI machines are loaded. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function connect(t: { url: string }, id: string): Promise<CandidateClient> {
  return CandidateClient.connect(t.url, id);
}

let pings = 0;

/** A ping answered: everything the server queued for this session before the ping has been sent. */
export async function roundTrip(client: CandidateClient): Promise<void> {
  const id = `rt-${++pings}`;
  client.send({ type: 'ping', id });
  for (;;) if ((await client.next('pong')).id === id) return;
}

/** Answers the pending prompt and returns what the interviewer said back. */
export async function say(client: CandidateClient, text: string) {
  client.send({ type: 'answer', text });
  return client.turn();
}

export const GOOD_ANSWERS = [
  'I am a backend engineer with six years of experience building Node.js services and leading small teams.',
  'A race condition happens when two threads access shared state and the result depends on the timing of their execution, for example two updates of one counter.',
  'In my last team two colleagues disagreed about a design; I described the situation to both, we compared options, and the resolution was a short prototype that settled it.',
];

/** A job interview whose candidate has introduced themselves and now faces q1. */
export async function atFirstQuestion(t: TestServer, key: string, overrides: Record<string, unknown> = {}) {
  const id = await createJobInterview(t, key, overrides);
  const client = await connect(t, id);
  await client.turn();
  await say(client, GOOD_ANSWERS[0]!);
  return { id, client };
}
