// The durable jobs queue. A job is written in the same transaction as the
// change that causes it; claims are status-guarded updates with a lease, so a
// job whose worker died is claimed again once the lease expires.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Executor } from '../interviews/interview.repository.js';

export interface NewJob {
  id: string;
  kind: string;
  /** Enqueuing a second job with the same key is a no-op. */
  dedupeKey: string;
  payload: unknown;
  maxAttempts: number;
  at: string;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  maxAttempts: number;
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
      run_at: job.at,
      created_at: job.at,
      updated_at: job.at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export class JobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The oldest due job of these kinds (or one whose lease expired), claimed for `owner` until `leaseUntil`; null when none is due. */
  async claimNext(kinds: readonly string[], owner: string, now: string, leaseUntil: string): Promise<ClaimedJob | null> {
    for (let tries = 0; tries < 3; tries++) {
      const candidate = await this.db
        .selectFrom('jobs')
        .select(['id', 'status'])
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      // Guarded by the status seen: of two workers racing for it, exactly one update matches.
      const claimed = await this.db
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', lease_owner: owner, lease_expires_at: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', candidate.id)
        .where((eb) =>
          candidate.status === 'pending'
            ? eb('status', '=', 'pending')
            : eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
        )
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .executeTakeFirst();
      if (claimed) return { id: claimed.id, kind: claimed.kind, payload: claimed.payload, attempts: claimed.attempts, maxAttempts: claimed.max_attempts };
    }
    return null;
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

  findByDedupeKey(key: string) {
    return this.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', key).executeTakeFirst();
  }
}
