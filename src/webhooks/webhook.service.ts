// Webhook endpoints, deliveries and event emission. Endpoints and deliveries
// belong to the principal that created them; another owner's id answers
// exactly like an unknown one.

import type { Kysely } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/schema.js';
import type { InterviewRepository } from '../interviews/interview.repository.js';
import type { Executor } from '../db/executor.js';
import { toTranscriptEntry } from '../interviews/interview.service.js';
import type { Clock } from '../common/clock.js';
import { AppError } from '../common/errors.js';
import { isUuid, type IdGenerator } from '../common/ids.js';
import { attemptDelivery, type AttemptDeps } from './delivery.attempt.js';
import type { NewDeliveryRow } from './delivery.repository.js';
import type { EndpointRow } from './endpoint.repository.js';
import {
  buildMediaProcessedPayload,
  buildTestPayload,
  MEDIA_PROCESSED,
  mediaProcessedEventId,
  WEBHOOK_TEST,
  type MediaProcessedSource,
} from './payload.builder.js';
import { generateSigningSecret, maskSecret } from './secret-box.js';
import type { TargetGuard } from './target-guard.js';
import { buildWebhookCatalog } from './webhook.catalog.js';
import { checkWebhookUrl, toDeliveryRead, toEndpointRead } from './webhook.mapping.js';
import {
  DeliveryStatus,
  type DeliveryListQuery,
  type EndpointListQuery,
  type WebhookCatalog,
  type WebhookDeliveryRead,
  type WebhookEndpointCreate,
  type WebhookEndpointCreated,
  type WebhookEndpointRead,
  type WebhookEndpointUpdate,
  type WebhookTestResult,
} from './webhook.schemas.js';

export interface WebhookServiceDeps extends AttemptDeps {
  db: Kysely<Database>;
  interviews: InterviewRepository;
  ids: IdGenerator;
  clock: Clock;
  guard: TargetGuard;
  source: MediaProcessedSource;
  allowInsecureHttp: boolean;
  maxAttempts: number;
  maxEndpointsPerOwner: number;
  leaseMs: number;
  /** Called after something was queued, so a worker in this process looks at once. */
  onEnqueued: () => void;
}

export class WebhookService {
  private catalogCache: WebhookCatalog | undefined;

  constructor(private readonly deps: WebhookServiceDeps) {}

  catalog(): WebhookCatalog {
    this.catalogCache ??= buildWebhookCatalog();
    return this.catalogCache;
  }

  async createEndpoint(principal: Principal, body: WebhookEndpointCreate): Promise<WebhookEndpointCreated> {
    requireInterviewRead(principal);
    if ((await this.deps.endpoints.countOwned(principal.id)) >= this.deps.maxEndpointsPerOwner) {
      throw new AppError('WebhookEndpointLimitReached');
    }
    await checkWebhookUrl(body.url, { allowInsecureHttp: this.deps.allowInsecureHttp, guard: this.deps.guard });
    const id = this.deps.ids.uuid();
    const secret = generateSigningSecret();
    const now = this.now();
    await this.deps.endpoints.insert({
      id,
      owner_id: principal.id,
      url: body.url,
      name: body.name ?? 'Default webhook',
      description: body.description ?? null,
      interview_type: body.interview_type ?? null,
      event_types: body.event_types ? JSON.stringify(body.event_types) : null,
      is_active: body.is_active === false ? 0 : 1,
      secret_ciphertext: this.deps.secrets.seal(secret, id),
      secret_masked: maskSecret(secret),
      last_success_at: null,
      last_failure_at: null,
      paused_until: null,
      created_at: now,
      updated_at: now,
    });
    return { ...toEndpointRead(await this.findEndpoint(principal, id)), secret };
  }

  async listEndpoints(principal: Principal, query: EndpointListQuery): Promise<WebhookEndpointRead[]> {
    const rows = await this.deps.endpoints.list(principal.id, { isActive: query.is_active, limit: query.limit, offset: query.offset });
    return rows.map(toEndpointRead);
  }

  async getEndpoint(principal: Principal, endpointId: string): Promise<WebhookEndpointRead> {
    return toEndpointRead(await this.findEndpoint(principal, endpointId));
  }

  /** Omitted fields stay; null clears the nullable ones and leaves url, name and is_active as they were. */
  async updateEndpoint(principal: Principal, endpointId: string, body: WebhookEndpointUpdate): Promise<WebhookEndpointRead> {
    const row = await this.findEndpoint(principal, endpointId);
    if (typeof body.url === 'string' && body.url !== row.url) {
      requireInterviewRead(principal);
      await checkWebhookUrl(body.url, { allowInsecureHttp: this.deps.allowInsecureHttp, guard: this.deps.guard });
    }
    const updated = await this.deps.endpoints.update(row.id, principal.id, {
      ...(typeof body.url === 'string' ? { url: body.url } : {}),
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.interview_type !== undefined ? { interview_type: body.interview_type } : {}),
      ...(body.event_types !== undefined ? { event_types: body.event_types === null ? null : JSON.stringify(body.event_types) } : {}),
      ...(typeof body.is_active === 'boolean' ? { is_active: body.is_active ? 1 : 0 } : {}),
      updated_at: this.now(),
    });
    if (!updated) throw new AppError('WebhookEndpointNotExist');
    return toEndpointRead(updated);
  }

  async deleteEndpoint(principal: Principal, endpointId: string): Promise<void> {
    const row = await this.findEndpoint(principal, endpointId);
    // Together: no worker ever sees the endpoint gone while deliveries queued for it still look due.
    const isDeleted = await this.deps.db.transaction().execute(async (tx) => {
      if (!(await this.deps.endpoints.delete(tx, row.id, principal.id))) return false;
      await this.deps.deliveries.failPendingOfEndpoint(tx, row.id);
      return true;
    });
    if (!isDeleted) throw new AppError('WebhookEndpointNotExist');
  }

  /** The old secret stops working at once: every attempt signs with the secret current at send time. */
  async rotateSecret(principal: Principal, endpointId: string): Promise<WebhookEndpointCreated> {
    const row = await this.findEndpoint(principal, endpointId);
    const secret = generateSigningSecret();
    const updated = await this.deps.endpoints.update(row.id, principal.id, {
      secret_ciphertext: this.deps.secrets.seal(secret, row.id),
      secret_masked: maskSecret(secret),
      updated_at: this.now(),
    });
    if (!updated) throw new AppError('WebhookEndpointNotExist');
    return { ...toEndpointRead(updated), secret };
  }

  /** Sends `webhook.test` inline; a retryable failure continues on the normal schedule. */
  async testEndpoint(principal: Principal, endpointId: string): Promise<WebhookTestResult> {
    const endpoint = await this.findEndpoint(principal, endpointId);
    const id = this.deps.ids.uuid();
    const eventId = `${WEBHOOK_TEST}:${id}`;
    const claimToken = this.deps.ids.uuid();
    const now = this.deps.clock.now();
    const row: NewDeliveryRow = {
      ...this.newDelivery(endpoint, {
        id,
        event: WEBHOOK_TEST,
        eventId,
        interviewId: null,
        payload: JSON.stringify(buildTestPayload(eventId, now.toISOString())),
      }),
      status: DeliveryStatus.DELIVERING,
      claim_token: claimToken,
      lease_until: new Date(now.getTime() + this.deps.leaseMs).toISOString(),
    };
    await this.deps.deliveries.insert(row);
    const claimed = await this.deps.deliveries.findById(id);
    if (!claimed) throw new AppError('WebhookDeliveryNotExist');
    const { decision } = await attemptDelivery(this.deps, claimed, claimToken);
    if (decision.outcome === 'retry') this.deps.onEnqueued();
    const delivery = toDeliveryRead((await this.deps.deliveries.findById(id)) ?? claimed);
    const detail =
      decision.outcome === 'success' ? null : decision.outcome === 'retry' ? `${decision.error} (will be retried)` : decision.error;
    return { endpoint_id: endpoint.id, delivery, success: decision.outcome === 'success', detail };
  }

  async listDeliveries(principal: Principal, query: DeliveryListQuery): Promise<WebhookDeliveryRead[]> {
    const rows = await this.deps.deliveries.list(principal.id, {
      endpointId: query.endpoint_id,
      interviewId: query.interview_id,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    return rows.map(toDeliveryRead);
  }

  /** A new row with the original bytes and event_id, queued to the endpoint's current URL and secret. */
  async redeliver(principal: Principal, deliveryId: string): Promise<WebhookDeliveryRead> {
    const original = isUuid(deliveryId) ? await this.deps.deliveries.findOwned(deliveryId.toLowerCase(), principal.id) : undefined;
    if (!original) throw new AppError('WebhookDeliveryNotExist');
    const endpoint = original.endpoint_id ? await this.deps.endpoints.findOwned(original.endpoint_id, principal.id) : undefined;
    if (!endpoint) throw new AppError('WebhookEndpointNotExist');
    // While the event is still queued or being sent to this endpoint, a replay is that delivery:
    // repeated clicks must not make the receiver process the event several times.
    const id = await this.deps.db.transaction().execute(async (tx) => {
      const unfinished = await this.deps.deliveries.findUnfinished(tx, endpoint.id, original.event_id);
      if (unfinished) return unfinished.id;
      const newId = this.deps.ids.uuid();
      const replay = {
        id: newId,
        event: original.event,
        eventId: original.event_id,
        interviewId: original.interview_id,
        payload: original.payload,
      };
      await this.deps.deliveries.insert(this.newDelivery(endpoint, replay), tx);
      return newId;
    });
    this.deps.onEnqueued();
    const row = await this.deps.deliveries.findById(id);
    if (!row) throw new AppError('WebhookDeliveryNotExist');
    return toDeliveryRead(row);
  }

  /**
   * Queues `interview.media_processed` for every matching endpoint of the
   * interview's owner. Pass the transaction that finalises the interview so
   * the event is written with it. A repeat is a no-op for endpoints whose
   * delivery is queued or succeeded. Returns the new delivery ids.
   */
  /** Tells idle workers that deliveries were committed (after a caller's own transaction). */
  wakeWorkers(): void {
    this.deps.onEnqueued();
  }

  async emitMediaProcessed(interviewId: string, executor?: Executor): Promise<string[]> {
    // All endpoints' rows are written together, in the caller's transaction or one of our own.
    if (executor) return this.queueMediaProcessed(interviewId, executor); // the caller commits, then calls wakeWorkers()
    const inserted = await this.deps.db.transaction().execute((tx) => this.queueMediaProcessed(interviewId, tx));
    if (inserted.length > 0) this.deps.onEnqueued();
    return inserted;
  }

  private async queueMediaProcessed(interviewId: string, executor: Executor): Promise<string[]> {
    const interview = await this.deps.interviews.findById(interviewId, executor);
    if (!interview) throw new AppError('InterviewNotExist');
    const endpoints = await this.deps.endpoints.findSubscribers(executor, interview.owner_id, interview.interview_type, MEDIA_PROCESSED);
    if (endpoints.length === 0) return [];
    const transcript = (await this.deps.interviews.listTranscript(interview.id, executor)).map(toTranscriptEntry);
    const extras = await this.deps.source.collect(interview, executor);
    const payload = JSON.stringify(buildMediaProcessedPayload({ interview, transcript, occurredAt: this.now(), ...extras }));
    const eventId = mediaProcessedEventId(interview.id);
    const rows = endpoints.map((endpoint) => ({
      ...this.newDelivery(endpoint, { id: this.deps.ids.uuid(), event: MEDIA_PROCESSED, eventId, interviewId: interview.id, payload }),
      dedupe_key: `${endpoint.id}:${eventId}`,
    }));
    return this.deps.deliveries.enqueue(executor, rows);
  }

  private newDelivery(
    endpoint: EndpointRow,
    event: { id: string; event: string; eventId: string; interviewId: string | null; payload: string },
  ): NewDeliveryRow {
    const now = this.now();
    return {
      id: event.id,
      owner_id: endpoint.owner_id,
      endpoint_id: endpoint.id,
      interview_id: event.interviewId,
      event: event.event,
      event_id: event.eventId,
      dedupe_key: null,
      target_url: endpoint.url,
      payload: event.payload,
      status: DeliveryStatus.PENDING,
      attempts: 0,
      max_attempts: this.deps.maxAttempts,
      next_attempt_at: now,
      created_at: now,
    };
  }

  private async findEndpoint(principal: Principal, endpointId: string): Promise<EndpointRow> {
    const row = isUuid(endpointId) ? await this.deps.endpoints.findOwned(endpointId.toLowerCase(), principal.id) : undefined;
    if (!row) throw new AppError('WebhookEndpointNotExist');
    return row;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

/**
 * interview.media_processed carries the transcript and the evaluation, so choosing
 * where webhooks go is reading interviews: a key without interviews:read may manage
 * endpoints (list, test, rotate, delete, redeliver to the URL a reader chose) but
 * not create one or point one elsewhere.
 */
function requireInterviewRead(principal: Principal): void {
  if (!principal.scopes.has('interviews:read')) throw new AppError('PermissionDeniedException');
}
