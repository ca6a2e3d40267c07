// Verifies the service's webhook deliveries: `X-Webhook-Signature` is
// `sha256=<hex HMAC-SHA256 over "<X-Webhook-Timestamp>.<raw body>">`, keyed with
// the endpoint's secret. Web Crypto only, so it runs in Node 20+, Deno, Bun,
// workers and browsers alike.

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';

/** What a verified delivery carries (the full payload contract is in the service's webhook catalog). */
export interface WebhookEvent {
  event: string;
  event_id: string;
  [field: string]: unknown;
}

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookInput {
  /** The body exactly as received (bytes or text): never re-serialised JSON. */
  body: Uint8Array | ArrayBuffer | string;
  headers: HeaderSource;
  /** The endpoint's secret, or several while a rotation is under way (the new one and the old one). */
  secrets: string | readonly string[];
  /** Largest accepted distance between the delivery's timestamp and now; default 300 (5 minutes). */
  toleranceSeconds?: number;
  now?: Date;
}

export type WebhookVerification =
  | { ok: true; event: WebhookEvent; timestamp: number; /** which of `secrets` matched */ secretIndex: number }
  | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' | 'invalid_payload' };

const encoder = new TextEncoder();

export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookVerification> {
  const signature = readHeader(input.headers, SIGNATURE_HEADER);
  const timestamp = readHeader(input.headers, TIMESTAMP_HEADER);
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing_headers' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (input.toleranceSeconds ?? 300)) return { ok: false, reason: 'stale_timestamp' };

  const body = typeof input.body === 'string' ? encoder.encode(input.body) : new Uint8Array(input.body);
  const signed = concat(encoder.encode(`${timestamp}.`), body);
  const secrets = typeof input.secrets === 'string' ? [input.secrets] : input.secrets;
  let matched = -1;
  // Every secret is tried, so the time taken does not say which one matched.
  for (const [index, secret] of secrets.entries()) {
    if (secret !== '' && constantTimeEqual(await sign(secret, signed), signature) && matched < 0) matched = index;
  }
  if (matched < 0) return { ok: false, reason: 'bad_signature' };

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { ok: false, reason: 'invalid_payload' };
  }
  const { event: name, event_id: eventId } = (event ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || typeof eventId !== 'string') return { ok: false, reason: 'invalid_payload' };
  return { ok: true, event: event as WebhookEvent, timestamp: Number(timestamp), secretIndex: matched };
}

async function sign(secret: string, data: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
  return `sha256=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function constantTimeEqual(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string | string[] | undefined>).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}
