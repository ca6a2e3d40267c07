// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request
// (headers, raw body bytes, arrival time) and answers with a programmable handler.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody: Buffer;
  body: Record<string, unknown>;
  receivedAt: number;
}

export type Handler = (request: ReceivedRequest, response: ServerResponse, index: number) => void | Promise<void>;

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  setHandler(handler: Handler): void;
  /** Resolves once `count` requests arrived (optionally matching), or rejects after `timeoutMs`. */
  waitFor(count: number, options?: { timeoutMs?: number; match?: (r: ReceivedRequest) => boolean }): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export const ok: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
};

export function status(code: number, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(code, headers).end(`status ${code}`);
  };
}

export async function startReceiver(handler: Handler = ok): Promise<Receiver> {
  let current = handler;
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        // recorded as-is; the test decides whether that matters
      }
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: Object.fromEntries(Object.entries(incoming.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')])),
        rawBody,
        body,
        receivedAt: Date.now(),
      };
      const index = requests.push(request) - 1;
      for (const wake of waiters) wake();
      Promise.resolve(current(request, response, index)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      current = next;
    },
    waitFor(count, options = {}) {
      const matching = () => (options.match ? requests.filter(options.match) : requests);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(matching());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook request(s), got ${matching().length}`));
        }, options.timeoutMs ?? 60_000);
        waiters.add(check);
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
