// The end screen's feedback: POST /candidate/interviews/:id/feedback,
// authorised by the link alone, accepted once and only after the end, stored
// in the interview record's `feedback`. Every bad request is a clear 4xx and
// changes nothing.

import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { connect, createJobInterview, details } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

const post = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/candidate/interviews/${id}/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const feedbackOf = async (id: string) => ((await details(t, key, id)) as unknown as { feedback: unknown }).feedback;

async function endedInterview(): Promise<string> {
  const id = await createJobInterview(t, key);
  const client = await connect(t, id);
  await client.turn();
  client.send({ type: 'end' });
  await client.turn();
  await client.closed;
  return id;
}

describe('candidate feedback', () => {
  it('is refused before the end, stored once after it, and refused the second time', async () => {
    const id = await createJobInterview(t, key);
    const early = await post(id, { rating: 5 });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ detail: 'feedback is accepted once the interview has ended' });
    expect(await feedbackOf(id)).toBeNull();

    const client = await connect(t, id);
    await client.turn();
    client.send({ type: 'end' });
    await client.turn();
    const saved = await post(id, { rating: 5, comment: 'Friendly and clear.' });
    expect(saved.status).toBe(204);
    expect(await feedbackOf(id)).toMatchObject({ rating: 5, comment: 'Friendly and clear.', submitted_at: expect.any(String) });

    const again = await post(id, { rating: 1 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: 'feedback was already given for this interview' });
    expect(await feedbackOf(id)).toMatchObject({ rating: 5 });
  });

  it('answers bad input with a 4xx and stores nothing', async () => {
    const id = await endedInterview();
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { comment: '' },
      { comment: 'x'.repeat(2_001) },
      { comment: 'nul \u0000 byte' },
      [1, 2],
    ]) {
      const response = await post(id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(id, '{"rating": ')).status).toBe(422);
    expect((await post(id, 'rating=5', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post('6f1c1b9e-5b0e-4f7e-9a57-0d3c1f0e2b11', { rating: 3 })).status).toBe(404);
    expect((await post('not-a-uuid', { rating: 3 })).status).toBe(404);
    const foreign = await post(id, { rating: 3 }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await feedbackOf(id)).toBeNull();
    // The page's own origin is welcome.
    expect((await post(id, { rating: 3 }, { origin: t.url })).status).toBe(204);
  });
});
