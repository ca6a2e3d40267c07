// Outbound HTTP for deliveries, with undici: one POST, a hard per-attempt
// timeout, redirects never followed, and the SSRF guard both before the
// request and inside the connection's DNS lookup.

import { Agent, request } from 'undici';
import type { TargetGuard } from './target-guard.js';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type SendResult =
  | { kind: 'response'; status: number; retryAfterSeconds: number | null; bodyExcerpt: string; durationMs: number }
  | { kind: 'network'; error: string; durationMs: number }
  | { kind: 'timeout'; error: string; durationMs: number }
  | { kind: 'blocked'; error: string; durationMs: number };

/** Outbound HTTP is a side effect behind this interface. */
export interface WebhookSender {
  send(request: SendRequest): Promise<SendResult>;
  close(): Promise<void>;
}

const EXCERPT_BYTES = 512;

export class UndiciWebhookSender implements WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly options: { timeoutMs: number; guard: TargetGuard }) {
    this.agent = new Agent({
      connect: { timeout: options.timeoutMs, ...(options.guard.connectLookup ? { lookup: options.guard.connectLookup } : {}) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4_000,
      connections: 8,
    });
  }

  async send(outbound: SendRequest): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const verdict = await this.options.guard.check(outbound.url);
    if (!verdict.allowed) return { kind: 'blocked', error: `target not allowed: ${verdict.reason}`, durationMs: elapsed() };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await request(outbound.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'interview-service-webhooks/1.0', ...outbound.headers },
        body: outbound.body,
        dispatcher: this.agent,
        signal,
      });
      const bodyExcerpt = await readExcerpt(response.body);
      return {
        kind: 'response',
        status: response.statusCode,
        retryAfterSeconds: parseRetryAfter(response.headers['retry-after']),
        bodyExcerpt,
        durationMs: elapsed(),
      };
    } catch (error) {
      const durationMs = elapsed();
      if (signal.aborted || isTimeoutError(error)) {
        return { kind: 'timeout', error: `timed out after ${this.options.timeoutMs} ms`, durationMs };
      }
      const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: NodeJS.ErrnoException }).cause?.code;
      if (code === 'EWEBHOOKTARGET') return { kind: 'blocked', error: `target not allowed: ${(error as Error).message}`, durationMs };
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'network', error: code && !message.includes(code) ? `${code}: ${message}` : message, durationMs };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // A receiver that answered and then broke the body still answered.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}

function isTimeoutError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  return (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/** Retry-After as seconds (delta or HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}
