// One HTTP call to an OpenAI-compatible speech server, with the failures a
// remote server can produce (timeout, refused connection, non-200, an answer
// too large) turned into SpeechErrors that name the provider. The caller's
// abort stays an AbortError: a dropped utterance is not a server fault.

import { abortError, SpeechError } from './speech-error.js';

export interface RemoteCall {
  provider: string;
  url: string;
  apiKey: string | null;
  body: FormData | string;
  timeoutMs: number;
  /** Largest answer read; a server that sends more is broken or hostile. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface RemoteAnswer {
  contentType: string;
  body: Buffer;
}

export async function callSpeechServer(call: RemoteCall): Promise<RemoteAnswer> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const headers: Record<string, string> = {};
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  if (typeof call.body === 'string') headers['content-type'] = 'application/json';
  try {
    const response = await fetch(call.url, { method: 'POST', headers, body: call.body, signal });
    const body = await readLimited(response, call.maxBytes, call.provider);
    if (!response.ok) {
      throw new SpeechError(call.provider, `${call.url} answered ${response.status}${describeError(body)}`);
    }
    return { contentType: response.headers.get('content-type') ?? '', body };
  } catch (error) {
    if (call.signal?.aborted) throw abortError(call.signal);
    if (error instanceof SpeechError) throw error;
    if (timeout.aborted) throw new SpeechError(call.provider, `no answer from ${call.url} within ${call.timeoutMs / 1000} s`);
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new SpeechError(call.provider, `cannot reach ${call.url}: ${reason}`, { cause: error });
  }
}

async function readLimited(response: Response, maxBytes: number, provider: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    length += chunk.length;
    if (length > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new SpeechError(provider, `the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** ": <message>" from an OpenAI-style error body, cut short; nothing when there is none. */
function describeError(body: Buffer): string {
  let message: string;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { message?: unknown } | string; detail?: unknown };
    const error = parsed.error;
    message =
      typeof error === 'string'
        ? error
        : typeof error?.message === 'string'
          ? error.message
          : typeof parsed.detail === 'string'
            ? parsed.detail
            : '';
  } catch {
    message = body.toString('utf8');
  }
  message = message
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f]+/g, ' ')
    .trim()
    .slice(0, 200);
  return message ? `: ${message}` : '';
}
