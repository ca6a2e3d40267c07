// The signature scheme of the spec ("Delivery request"), and the verifier
// receivers can import. HMAC-SHA256 keyed with the endpoint secret over
// `<timestamp>.<raw body>`; header value `sha256=<hex>`.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const DELIVERY_ID_HEADER = 'X-Webhook-Delivery-Id';
export const EVENT_HEADER = 'X-Webhook-Event';
export const EVENT_ID_HEADER = 'X-Webhook-Event-Id';

export function computeSignature(secret: string, timestamp: string, rawBody: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

export type SignedHeaders = {
  [SIGNATURE_HEADER]: string;
  [TIMESTAMP_HEADER]: string;
};

export function signPayload(secret: string, rawBody: string, now: Date): SignedHeaders {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [SIGNATURE_HEADER]: computeSignature(secret, timestamp, rawBody), [TIMESTAMP_HEADER]: timestamp };
}

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Largest accepted distance between the timestamp and now; default 300 (5 minutes). */
  toleranceSeconds?: number;
  now?: Date;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' };

/**
 * For receivers: checks X-Webhook-Signature against the raw body exactly as
 * received (never re-serialised JSON), in constant time, and refuses
 * timestamps outside the tolerance window (replays).
 */
export function verifyWebhookSignature(
  secret: string,
  headers: HeaderBag,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): VerifyResult {
  const signature = readHeader(headers, SIGNATURE_HEADER);
  const timestamp = readHeader(headers, TIMESTAMP_HEADER);
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing_headers' };
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return { ok: false, reason: 'stale_timestamp' };
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  return { ok: true, timestamp: Number(timestamp) };
}

function readHeader(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? bag[name.toLowerCase()] ?? Object.entries(bag).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(value) ? value[0] : value;
}
