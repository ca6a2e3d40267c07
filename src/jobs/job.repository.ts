// The durable jobs queue. A job is written in the same transaction as the
// change that causes it; claims are status-guarded updates with a lease, so a
// job whose worker died is claimed again once the lease expires.

import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/executor.js';

export interface NewJob {
  id: string;
  kind: string;
  /** Enqueuing a second job with the same key is a no-op. */
  dedupeKey: string;
  payload: unknown;
  maxAttempts: number;
  /** Whose work it is, for a lane's per-tenant limit. */
  tenant?: string | null;
  at: string;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  maxAttempts: number;
  tenant: string | null;
}

export async function enqueueJob(executor: Executor, job: NewJob): Promise<void> {
  await executor
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      dedupe_key: job.dedupeKey,
      payload: JSON.stringify(job.payload),
      status: 'pending',
      attempts: 0,
      max_attempts: job.maxAttempts,
      tenant: job.tenant ?? null,
      run_at: job.at,
      created_at: job.at,
      updated_at: job.at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Forgets the jobs with these keys, whatever their status, so the same work can be enqueued afresh (an interview reset). */
export async function deleteJobs(executor: Executor, dedupeKeys: readonly string[]): Promise<void> {
  if (dedupeKeys.length === 0) return;
  await executor.deleteFrom('jobs').where('dedupe_key', 'in', dedupeKeys).execute();
}

export class JobRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The oldest due job of these kinds (or one whose lease expired, or whose owner is known dead), claimed for
   * `owner` until `leaseUntil` in one statement; null when none is due. The
   * guard repeats the due condition, so of two workers racing for one row only
   * one update matches; PostgreSQL also skips rows another worker is claiming.
   * Jobs of `excludedTenants` (at their share of a lane) are left for later.
   */
  async claimNext(
    kinds: readonly string[],
    owner: string,
    now: string,
    leaseUntil: string,
    excludedTenants: readonly string[] = [],
    deadOwners: readonly string[] = [],
  ): Promise<ClaimedJob | null> {
    const isDue = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.or([
        eb.and([eb('jobs.status', '=', 'pending'), eb('jobs.run_at', '<=', now)]),
        eb.and([eb('jobs.status', '=', 'running'), eb('jobs.lease_expires_at', '<', now)]),
        ...(deadOwners.length > 0 ? [eb.and([eb('jobs.status', '=', 'running'), eb('jobs.lease_owner', 'in', deadOwners)])] : []),
      ]);
    const claimed = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        lease_owner: owner,
        lease_expires_at: leaseUntil,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('jobs.id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('jobs.id')
          .where('jobs.kind', 'in', kinds)
          .where(isDue)
          .$if(excludedTenants.length > 0, (qb) =>
            qb.where((eb) => eb.or([eb('jobs.tenant', 'is', null), eb('jobs.tenant', 'not in', excludedTenants)])),
          )
          .orderBy('jobs.run_at')
          .limit(1)
          .$if(this.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
      )
      .where(isDue)
      .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'tenant'])
      .executeTakeFirst();
    return claimed
      ? {
          id: claimed.id,
          kind: claimed.kind,
          payload: claimed.payload,
          attempts: claimed.attempts,
          maxAttempts: claimed.max_attempts,
          tenant: claimed.tenant,
        }
      : null;
  }

  /** Keeps a claim while its worker is still at it (slow media work outlasts one lease); false once the lease was lost. */
  async renewLease(id: string, owner: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_expires_at: leaseUntil })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(executor: Executor, id: string, owner: string, now: string): Promise<boolean> {
    const result = await executor
      .updateTable('jobs')
      .set({ status: 'done', lease_owner: null, lease_expires_at: null, last_error: null, updated_at: now })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async fail(id: string, owner: string, error: string, retryAt: string | null, now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status: retryAt === null ? 'failed' : 'pending',
        run_at: retryAt ?? now,
        lease_owner: null,
        lease_expires_at: null,
        last_error: error.slice(0, 2_000),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }
}
