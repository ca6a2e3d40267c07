// A camera upload over a raw TCP socket: the headers and only part of the
// body are sent, so a test can see whether the server answers before the
// body arrived (and closes the connection) or waits for the rest.

import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HeldUpload {
  /** The server's answer, once it sent one (and the connection ended). */
  answer: Promise<RawAnswer>;
  /** Resolves when the connection is closed (by the server, unless destroy() was called). */
  closed: Promise<void>;
  /** Sends more of the body. */
  send(bytes: Buffer): void;
  destroy(): void;
}

/** Opens `PUT path` declaring `declaredLength` body bytes and sends `first` of them. */
export function holdUpload(
  baseUrl: string,
  path: string,
  options: { declaredLength: number; first: Buffer; method?: string; headers?: Record<string, string> },
): HeldUpload {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  const head = [
    `${options.method ?? 'PUT'} ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: video/webm',
    `Content-Length: ${options.declaredLength}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  if (options.first.length > 0) socket.write(options.first);
  socket.on('error', () => {});
  let received = Buffer.alloc(0);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const parsed = parse(received);
      if (parsed) resolve(parsed);
    });
    socket.on('close', () => {
      const parsed = parse(received);
      if (parsed) resolve(parsed);
      else reject(new Error(`connection closed without a whole answer: ${received.toString()}`));
    });
  });
  answer.catch(() => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { answer, closed, send: (bytes) => socket.write(bytes), destroy: () => socket.destroy() };
}

function parse(bytes: Buffer): RawAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (bytes.length < end + 4 + length) return null;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: bytes.subarray(end + 4, end + 4 + length).toString('utf8') };
}
