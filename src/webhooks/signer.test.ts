import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSignature, signPayload, verifyWebhookSignature } from './signer.js';

const secret = 'test-secret';
const body = '{"event":"webhook.test","n":1}';
const now = new Date('2025-01-01T00:00:00Z');

describe('webhook signatures', () => {
  it('is sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">', () => {
    const headers = signPayload(secret, body, now);
    const timestamp = String(now.getTime() / 1000);
    expect(headers['X-Webhook-Timestamp']).toBe(timestamp);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(headers['X-Webhook-Signature']).toBe(`sha256=${expected}`);
  });

  it('verifies with lower-case header names, a Headers object and a Buffer body', () => {
    const signed = signPayload(secret, body, now);
    const lower = { 'x-webhook-signature': signed['X-Webhook-Signature'], 'x-webhook-timestamp': signed['X-Webhook-Timestamp'] };
    expect(verifyWebhookSignature(secret, lower, body, { now })).toEqual({ ok: true, timestamp: now.getTime() / 1000 });
    expect(verifyWebhookSignature(secret, new Headers(lower), Buffer.from(body), { now }).ok).toBe(true);
  });

  it('refuses a changed body, another secret, missing headers and re-serialised JSON', () => {
    const signed = signPayload(secret, body, now);
    expect(verifyWebhookSignature(secret, signed, `${body} `, { now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhookSignature('other', signed, body, { now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhookSignature(secret, {}, body, { now })).toEqual({ ok: false, reason: 'missing_headers' });
    expect(verifyWebhookSignature(secret, signed, JSON.stringify(JSON.parse(body), null, 1), { now }).ok).toBe(false);
    expect(verifyWebhookSignature(secret, { ...signed, 'X-Webhook-Signature': 'sha256=00' }, body, { now }).ok).toBe(false);
  });

  it('refuses timestamps outside the window (5 minutes by default)', () => {
    const signed = signPayload(secret, body, now);
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(verifyWebhookSignature(secret, signed, body, { now: later(300) }).ok).toBe(true);
    expect(verifyWebhookSignature(secret, signed, body, { now: later(301) })).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWebhookSignature(secret, signed, body, { now: later(-301) }).ok).toBe(false);
    expect(verifyWebhookSignature(secret, signed, body, { now: later(900), toleranceSeconds: 1000 }).ok).toBe(true);
  });

  it('computeSignature accepts bytes as well as text', () => {
    expect(computeSignature(secret, '1', Buffer.from(body))).toBe(computeSignature(secret, '1', body));
  });
});
