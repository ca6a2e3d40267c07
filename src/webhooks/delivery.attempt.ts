// One delivery attempt: sign the stored bytes with the endpoint's current
// secret, send, decide (success / retry later / failed), and record the
// outcome on the delivery and the endpoint in one transaction. Used by the
// worker and, for the first attempt of a test delivery, inline.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../common/clock.js';
import type { DeliveryRepository, DeliveryRow } from './delivery.repository.js';
import type { EndpointRepository, EndpointRow } from './endpoint.repository.js';
import type { SecretBox } from './secret-box.js';
import type { SendResult, WebhookSender } from './sender.js';
import { DELIVERY_ID_HEADER, EVENT_HEADER, EVENT_ID_HEADER, signPayload } from './signer.js';
import { afterAttempt, type CircuitSettings } from './circuit-breaker.js';

export interface RetryPolicy {
  backoffBaseSeconds: number;
  /** The most a receiver's Retry-After can push the next attempt out. */
  retryAfterCapSeconds: number;
  random: () => number;
}

export const RETRY_AFTER_CAP_SECONDS = 600;
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);
const MAX_ERROR_LENGTH = 1000;

export type Decision =
  | { outcome: 'success'; responseStatus: number; error: null }
  | { outcome: 'retry'; responseStatus: number | null; error: string; delayMs: number }
  | { outcome: 'failed'; responseStatus: number | null; error: string };

/** Delay before attempt n+1 is base x 2^(n-1), +-20 % jitter (n = attempts made so far). */
export function backoffDelayMs(attemptsMade: number, policy: RetryPolicy): number {
  const jitter = 0.8 + 0.4 * policy.random();
  return Math.round(policy.backoffBaseSeconds * 1000 * 2 ** Math.max(0, attemptsMade - 1) * jitter);
}

export function decide(result: SendResult, attemptsMade: number, maxAttempts: number, policy: RetryPolicy): Decision {
  const canRetry = attemptsMade < maxAttempts;
  const retryOrFail = (responseStatus: number | null, error: string, delayMs: number): Decision =>
    canRetry ? { outcome: 'retry', responseStatus, error, delayMs } : { outcome: 'failed', responseStatus, error };
  switch (result.kind) {
    case 'blocked':
      return { outcome: 'failed', responseStatus: null, error: truncate(result.error) };
    case 'network':
    case 'timeout':
      return retryOrFail(null, truncate(result.error), backoffDelayMs(attemptsMade, policy));
    case 'response': {
      const { status } = result;
      if (status >= 200 && status < 300) return { outcome: 'success', responseStatus: status, error: null };
      const excerpt = result.bodyExcerpt.trim();
      if (status >= 300 && status < 400)
        return { outcome: 'failed', responseStatus: status, error: `HTTP ${status}: redirects are not followed` };
      const error = truncate(`HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`);
      if (status >= 500 || RETRYABLE_4XX.has(status)) {
        const backoff = backoffDelayMs(attemptsMade, policy);
        const asked = result.retryAfterSeconds === null ? 0 : Math.min(result.retryAfterSeconds, policy.retryAfterCapSeconds) * 1000;
        return retryOrFail(status, error, Math.max(backoff, Math.round(asked)));
      }
      return { outcome: 'failed', responseStatus: status, error };
    }
  }
}

function truncate(text: string): string {
  return text.length <= MAX_ERROR_LENGTH ? text : `${text.slice(0, MAX_ERROR_LENGTH - 1)}…`;
}

export interface AttemptDeps {
  db: Kysely<Database>;
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  secrets: SecretBox;
  sender: WebhookSender;
  clock: Clock;
  policy: RetryPolicy;
  circuit: CircuitSettings;
}

export interface AttemptReport {
  /** False when the lease was lost before the outcome could be recorded. */
  recorded: boolean;
  decision: Decision;
}

export async function attemptDelivery(deps: AttemptDeps, row: DeliveryRow, claimToken: string): Promise<AttemptReport> {
  const endpoint = row.endpoint_id ? await deps.endpoints.findById(row.endpoint_id) : undefined;
  const targetUrl = endpoint?.url ?? row.target_url;
  const result: SendResult = endpoint
    ? await sendSigned(deps, row, endpoint)
    : { kind: 'blocked', error: 'endpoint deleted before delivery', durationMs: 0 };
  const decision = decide(result, row.attempts + 1, row.max_attempts, deps.policy);
  const now = deps.clock.now();
  const at = now.toISOString();
  // One delivery per endpoint is in flight (the claim guarantees it), so the count read before sending is current.
  const circuit = endpoint ? afterAttempt(endpoint.consecutive_failures, decision.outcome === 'success', now, deps.circuit) : null;
  const error = decision.error !== null && circuit?.note ? `${decision.error}; ${circuit.note}` : decision.error;
  const retryAt =
    decision.outcome === 'retry' ? laterOf(new Date(now.getTime() + decision.delayMs).toISOString(), circuit?.pausedUntil) : null;
  const recorded = await deps.db.transaction().execute(async (tx) => {
    const written = await deps.deliveries.recordAttempt(tx, row.id, claimToken, {
      at,
      responseStatus: decision.responseStatus,
      error,
      durationMs: result.durationMs,
      targetUrl,
      ...(retryAt !== null ? { outcome: 'retry' as const, nextAttemptAt: retryAt } : { outcome: decision.outcome as 'success' | 'failed' }),
    });
    if (!written || !endpoint || !circuit) return written;
    await deps.endpoints.recordAttempt(tx, endpoint.id, decision.outcome === 'success', at, circuit);
    // The endpoint's next deliveries wait for the pause too (only its oldest one is ever claimable).
    if (circuit.pausedUntil && circuit.note) await deps.deliveries.deferEndpoint(tx, endpoint.id, circuit.pausedUntil, circuit.note);
    // A receiver that answers again (e.g. to POST /test after a fix) gets what the pause held back without waiting it out.
    if (decision.outcome === 'success' && endpoint.paused_until !== null && endpoint.paused_until > at) {
      await deps.deliveries.resumeEndpoint(tx, endpoint.id, endpoint.paused_until, at);
    }
    return written;
  });
  return { recorded, decision: error === decision.error ? decision : ({ ...decision, error } as Decision) };
}

function laterOf(a: string, b: string | null | undefined): string {
  return b && b > a ? b : a;
}

/** Signs the stored bytes with the endpoint's current secret and sends them to its current URL. */
async function sendSigned(deps: AttemptDeps, row: DeliveryRow, endpoint: EndpointRow): Promise<SendResult> {
  let secret: string;
  try {
    secret = deps.secrets.open(endpoint.secret_ciphertext, endpoint.id);
  } catch {
    // Recorded as a failed attempt rather than retried for ever.
    return {
      kind: 'blocked',
      error: 'signing secret unreadable: was WEBHOOK_SECRET_KEY or DATA_DIR/webhook-secret.key changed?',
      durationMs: 0,
    };
  }
  return deps.sender.send({
    url: endpoint.url,
    body: row.payload,
    headers: {
      ...signPayload(secret, row.payload, deps.clock.now()),
      [DELIVERY_ID_HEADER]: row.id,
      [EVENT_HEADER]: row.event,
      [EVENT_ID_HEADER]: row.event_id,
    },
  });
}
