import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import type { CircuitState } from './circuit-breaker.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type NewEndpointRow = Insertable<WebhookEndpointsTable>;
export type EndpointPatch = Updateable<WebhookEndpointsTable>;

export class EndpointRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewEndpointRow): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  /** Another owner's endpoint looks exactly like an unknown one. */
  findOwned(id: string, ownerId: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  async countOwned(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findById(id: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(ownerId: string, filter: { isActive?: boolean; limit: number; offset: number }): Promise<EndpointRow[]> {
    let query = this.db.selectFrom('webhook_endpoints').selectAll().where('owner_id', '=', ownerId);
    if (filter.isActive !== undefined) query = query.where('is_active', '=', filter.isActive ? 1 : 0);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }

  async update(id: string, ownerId: string, patch: EndpointPatch): Promise<EndpointRow | undefined> {
    await this.db.updateTable('webhook_endpoints').set(patch).where('id', '=', id).where('owner_id', '=', ownerId).execute();
    return this.findOwned(id, ownerId);
  }

  /** False when no such endpoint of this owner existed. */
  async delete(executor: Executor, id: string, ownerId: string): Promise<boolean> {
    const result = await executor.deleteFrom('webhook_endpoints').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Endpoints that receive `event` for an interview of `interviewType` owned by `ownerId` (spec, "When they fire"). */
  async findSubscribers(executor: Executor, ownerId: string, interviewType: number, event: string): Promise<EndpointRow[]> {
    const rows = await executor
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('is_active', '=', 1)
      .where((eb) => eb.or([eb('interview_type', 'is', null), eb('interview_type', '=', interviewType)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.filter((row) => row.event_types === null || (JSON.parse(row.event_types) as string[]).includes(event));
  }

  async recordAttempt(executor: Executor, id: string, success: boolean, at: string, circuit: CircuitState): Promise<void> {
    await executor
      .updateTable('webhook_endpoints')
      .set({
        ...(success ? { last_success_at: at } : { last_failure_at: at }),
        consecutive_failures: circuit.consecutiveFailures,
        paused_until: circuit.pausedUntil,
      })
      .where('id', '=', id)
      .execute();
  }
}
