// Errors raised before any route runs (the router, Node's HTTP parser) still
// answer with the project's {detail: string} body and a client-error status.

import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => {
  t = server;
  key = k;
});

/** Sends raw bytes, since fetch refuses to write a malformed request; resolves with what the server wrote before closing. */
function sendRaw(request: string): Promise<string> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
  });
}

async function expectDetail(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  return body.detail as string;
}

describe('framework errors answer {detail: string}', () => {
  it('a long path parameter is looked up like any other (404), not refused by the router', async () => {
    const response = await t.api(key, `/interview/details/${'a'.repeat(300)}`);
    expect(await expectDetail(response, 404)).toBe('InterviewNotExist');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('a URL with broken percent-encoding is 400', async () => {
    await expectDetail(await t.api(key, '/interview/details/%E0%A4%A'), 400);
  });

  it('an unsupported method on a known path is 405 naming the allowed methods', async () => {
    const response = await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000000', { method: 'DELETE' });
    expect(await expectDetail(response, 405)).toBe('Method Not Allowed');
    expect(response.headers.get('allow')).toContain('GET');
    const put = await t.api(key, '/interview/create-from-questions', { method: 'PUT', json: {} });
    await expectDetail(put, 405);
    expect(put.headers.get('allow')).toBe('POST');
  });

  it('an unknown route is 404', async () => {
    expect(await expectDetail(await t.api(key, '/no/such/route'), 404)).toBe('Not Found');
  });

  it('oversized request headers are 431, answered by the HTTP parser before Fastify', async () => {
    await expectDetail(await fetch(`${t.url}/health`, { headers: { 'x-padding': 'a'.repeat(20_000) } }), 431);
  });

  it('a malformed request line is 400 with a JSON detail', async () => {
    const raw = await sendRaw('NOT A REQUEST\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'Malformed HTTP request' });
  });
});
