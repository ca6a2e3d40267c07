// The deliveries table is the durable queue. A row is one attempt series:
// retries update it in place (same id, same bytes, attempts counting up).
// Claims take a lease (status 1, claim_token, lease_until); an outcome is
// recorded only under the claim token that took it, so a worker whose lease
// expired cannot overwrite the work of the one that took over.

import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, WebhookDeliveriesTable } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import { DeliveryStatus } from './webhook.schemas.js';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDeliveryRow = Omit<Insertable<WebhookDeliveriesTable>, 'seq'>;

export interface DeliveryFilter {
  endpointId?: string;
  interviewId?: string;
  status?: number;
  limit: number;
  offset: number;
}

export type AttemptRecord = {
  at: string;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  targetUrl: string;
} & ({ outcome: 'success' } | { outcome: 'retry'; nextAttemptAt: string } | { outcome: 'failed' });

export class DeliveryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Inserts the rows whose dedupe_key is free; returns those inserted (a delivered or queued event is not queued again). */
  async enqueue(executor: Executor, rows: NewDeliveryRow[]): Promise<string[]> {
    const inserted: string[] = [];
    for (const row of rows) {
      const result = await executor
        .insertInto('webhook_deliveries')
        .values(row)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) inserted.push(row.id);
    }
    return inserted;
  }

  async insert(row: NewDeliveryRow, executor: Executor = this.db): Promise<void> {
    await executor.insertInto('webhook_deliveries').values(row).execute();
  }

  /** A queued or in-flight delivery of this event to this endpoint, if any. */
  findUnfinished(executor: Executor, endpointId: string, eventId: string): Promise<DeliveryRow | undefined> {
    return executor
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .where('event_id', '=', eventId)
      .where('status', 'in', [DeliveryStatus.PENDING, DeliveryStatus.DELIVERING])
      .orderBy('created_at')
      .executeTakeFirst();
  }

  findOwned(id: string, ownerId: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  findById(id: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(ownerId: string, filter: DeliveryFilter): Promise<DeliveryRow[]> {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('owner_id', '=', ownerId);
    if (filter.endpointId !== undefined) query = query.where('endpoint_id', '=', filter.endpointId);
    if (filter.interviewId !== undefined) query = query.where('interview_id', '=', filter.interviewId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }

  /**
   * Claims up to `limit` due deliveries, each the oldest unfinished one of its
   * endpoint (so an endpoint never has two in flight and sees enqueue order),
   * fairly across owners: an owner never has more than `maxPerOwner` in flight
   * (counted over every worker), and owners take turns (every owner's oldest
   * head, then every owner's second, ...), so one tenant's many slow endpoints
   * cannot hold every worker while another tenant's delivery waits.
   * PostgreSQL: FOR UPDATE SKIP LOCKED lets many workers claim at once (two
   * racing workers may overshoot an owner's cap by their number, no more).
   * SQLite: the single UPDATE is atomic and status-guarded.
   */
  async claimDue(now: string, leaseUntil: string, claimToken: string, limit: number, maxPerOwner: number): Promise<DeliveryRow[]> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    // One pass over the unfinished rows finds each endpoint's head; only a due, pending head is claimable.
    // (CROSS JOIN makes SQLite drive from the heads; PostgreSQL plans it as an inner join.)
    const result = await sql<DeliveryRow>`
      update webhook_deliveries
         set status = ${DeliveryStatus.DELIVERING}, claim_token = ${claimToken}, lease_until = ${leaseUntil}
       where status = ${DeliveryStatus.PENDING}
         and id in (
           select locked.id
             from webhook_deliveries locked
            where locked.id in (
              select ranked.id
                from (select d.id, d.seq,
                             row_number() over (partition by d.owner_id order by d.seq) + coalesce(busy.in_flight, 0) as owner_slot
                        from (select min(seq) as head
                                from webhook_deliveries
                               where status in (${DeliveryStatus.PENDING}, ${DeliveryStatus.DELIVERING})
                               group by endpoint_id) heads
                        cross join webhook_deliveries d
                        left join (select owner_id, count(*) as in_flight
                                     from webhook_deliveries
                                    where status = ${DeliveryStatus.DELIVERING}
                                    group by owner_id) busy on busy.owner_id = d.owner_id
                       where d.seq = heads.head
                         and d.status = ${DeliveryStatus.PENDING}
                         and d.next_attempt_at <= ${now}) ranked
               where ranked.owner_slot <= ${maxPerOwner}
               order by ranked.owner_slot, ranked.seq
               limit ${limit})
            ${lock})
      returning *`.execute(this.db);
    return [...result.rows].sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /** Hands deliveries whose worker vanished (lease expired) back to the queue. */
  async releaseExpiredLeases(now: string): Promise<number> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: DeliveryStatus.PENDING, claim_token: null, lease_until: null })
      .where('status', '=', DeliveryStatus.DELIVERING)
      .where('lease_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Records one attempt under the claim; false when the lease was lost meanwhile (nothing written). */
  async recordAttempt(executor: Executor, id: string, claimToken: string, attempt: AttemptRecord): Promise<boolean> {
    const common = {
      attempts: sql<number>`attempts + 1`,
      response_status: attempt.responseStatus,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      target_url: attempt.targetUrl,
      claim_token: null,
      lease_until: null,
    };
    const outcome =
      attempt.outcome === 'success'
        ? { status: DeliveryStatus.SUCCESS, delivered_at: attempt.at }
        : attempt.outcome === 'retry'
          ? { status: DeliveryStatus.PENDING, next_attempt_at: attempt.nextAttemptAt }
          : // A failed event frees its dedupe key, so emitting it again queues a fresh series.
            { status: DeliveryStatus.FAILED, dedupe_key: null };
    const result = await executor
      .updateTable('webhook_deliveries')
      .set({ ...common, ...outcome })
      .where('id', '=', id)
      .where('claim_token', '=', claimToken)
      .where('status', '=', DeliveryStatus.DELIVERING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** An open circuit: the endpoint's queued deliveries wait until `until`, and the untried ones say why. */
  async deferEndpoint(executor: Executor, endpointId: string, until: string, note: string): Promise<void> {
    await executor
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        next_attempt_at: until,
        error: eb.fn.coalesce('error', eb.val(note)),
      }))
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', DeliveryStatus.PENDING)
      .where('next_attempt_at', '<', until)
      .execute();
  }

  /** A success while paused (the inline test): what the pause held back is due again now. */
  async resumeEndpoint(executor: Executor, endpointId: string, pausedUntil: string, now: string): Promise<void> {
    await executor
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: now })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', DeliveryStatus.PENDING)
      .where('next_attempt_at', '<=', pausedUntil)
      .execute();
  }

  /** After an interview reset its event may be emitted again: free the dedupe keys, keep the history. */
  async releaseEventsOfInterview(executor: Executor, interviewId: string): Promise<void> {
    await executor.updateTable('webhook_deliveries').set({ dedupe_key: null }).where('interview_id', '=', interviewId).execute();
  }

  /**
   * Personal data erased on request: the stored payloads of the interview's
   * deliveries (they hold its transcript) are emptied, and what was still
   * queued is failed rather than sent.
   */
  async erasePayloadsOfInterview(executor: Executor, interviewId: string): Promise<void> {
    await executor
      .updateTable('webhook_deliveries')
      .set({ status: DeliveryStatus.FAILED, error: 'erased on request before delivery', lease_until: null })
      .where('interview_id', '=', interviewId)
      .where('status', 'in', [DeliveryStatus.PENDING, DeliveryStatus.DELIVERING])
      .execute();
    await executor
      .updateTable('webhook_deliveries')
      .set({ payload: '{}', dedupe_key: null })
      .where('interview_id', '=', interviewId)
      .execute();
  }

  /** The endpoint is gone: what was still queued for it fails (and frees its dedupe key); the history stays. */
  async failPendingOfEndpoint(executor: Executor, endpointId: string): Promise<void> {
    await executor
      .updateTable('webhook_deliveries')
      .set({
        status: DeliveryStatus.FAILED,
        error: 'endpoint deleted before delivery',
        dedupe_key: null,
        delivered_at: null,
        lease_until: null,
      })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', DeliveryStatus.PENDING)
      .execute();
  }
}
