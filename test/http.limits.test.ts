// Slow clients, idle connections, early answers and /metrics access, over raw
// sockets against the real server (the failed-authentication throttle: auth.throttle.test.ts).

import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

interface RawConnection {
  socket: Socket;
  received(): string;
  /** Resolves with the milliseconds from connection to close. */
  closed: Promise<number>;
}

async function openRaw(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, received: () => data, closed };
}

/** Writes one byte (or line) per interval until the socket closes or `limitMs` passes. */
function trickle(connection: RawConnection, chunk: string, intervalMs: number): () => void {
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.socket.write(chunk);
  }, intervalMs);
  void connection.closed.then(() => clearInterval(timer));
  return () => clearInterval(timer);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}

describe('connection limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(() => t?.close());

  it('closes a connection whose body trickles in past the request timeout', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write('POST /nope HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n');
    const stop = trickle(raw, ' ', 200);
    const closedAfter = await within(raw.closed, 6_000);
    stop();
    raw.socket.destroy();
    expect(closedAfter).not.toBe('still open');
    expect(closedAfter).toBeGreaterThanOrEqual(1_500);
  });

  it('closes a connection whose headers trickle in past the headers timeout', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    const stop = trickle(raw, 'X-Slow: 1\r\n', 200);
    const closedAfter = await within(raw.closed, 5_000);
    stop();
    raw.socket.destroy();
    expect(closedAfter).not.toBe('still open');
  });

  it('closes an idle keep-alive connection after the idle timeout', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const closedAfter = await within(raw.closed, 5_000);
    raw.socket.destroy();
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter).not.toBe('still open');
  });

  it('answers 401 to an unauthenticated body with Connection: close and closes at once, without reading the body', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write('POST /webhooks/endpoints HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"u');
    const stop = trickle(raw, ' ', 100);
    const closedAfter = await within(raw.closed, 5_000);
    stop();
    raw.socket.destroy();
    expect(raw.received()).toMatch(/^HTTP\/1\.1 401/);
    expect(raw.received().toLowerCase()).toContain('connection: close');
    // Before the 2 s request timeout could have closed it: the answer itself ended the connection.
    expect(closedAfter).toBeLessThan(2_000);
  });

  it('keeps a connection for the next request when the body was read', async () => {
    const raw = await openRaw(t.url);
    raw.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await within(raw.closed, 300);
    raw.socket.destroy();
    expect(raw.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });
});

describe('/metrics', () => {
  it('with METRICS_TOKEN answers only a caller sending it as a bearer token', async () => {
    const t = await startTestServer({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
      const right = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('is not served in production without METRICS_TOKEN', async () => {
    const t = await startTestServer({ APP_ENV: 'production' });
    try {
      expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
