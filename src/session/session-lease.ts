// One active session per interview across all nodes: a lease with an expiry,
// renewed by the live connection's heartbeat. In the database by default, in
// Redis when REDIS_URL is set. A node that dies stops renewing; the holder
// names its node, so once that node is known dead (src/cluster/) another node
// takes the lease over at once instead of waiting for it to expire.

import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import type { Clock } from '../common/clock.js';

export interface SessionLeases {
  /** True when `holder` now holds the lease (it was free, expired, or already its own). */
  acquire(interviewId: string, holder: string, ttlMs: number): Promise<boolean>;
  /** False when the lease is no longer the holder's. */
  renew(interviewId: string, holder: string, ttlMs: number): Promise<boolean>;
  release(interviewId: string, holder: string): Promise<void>;
  /** Who holds the lease now (expired or not); null when nobody does. */
  holderOf(interviewId: string): Promise<string | null>;
  /** Moves the lease from `from` (a holder whose node died) to `to`; false when `from` no longer holds it. */
  takeOver(interviewId: string, from: string, to: string, ttlMs: number): Promise<boolean>;
}

export class DatabaseLeases implements SessionLeases {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async acquire(interviewId: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    await this.db
      .insertInto('session_leases')
      .values({ interview_id: interviewId, holder, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('interview_id')
          .doUpdateSet({ holder, expires_at: expiresAt })
          .where((eb) => eb.or([eb('session_leases.expires_at', '<', now.toISOString()), eb('session_leases.holder', '=', holder)])),
      )
      .execute();
    const row = await this.db.selectFrom('session_leases').select('holder').where('interview_id', '=', interviewId).executeTakeFirst();
    return row?.holder === holder;
  }

  async renew(interviewId: string, holder: string, ttlMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('session_leases')
      .set({ expires_at: new Date(this.clock.now().getTime() + ttlMs).toISOString() })
      .where('interview_id', '=', interviewId)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(interviewId: string, holder: string): Promise<void> {
    await this.db.deleteFrom('session_leases').where('interview_id', '=', interviewId).where('holder', '=', holder).execute();
  }

  async holderOf(interviewId: string): Promise<string | null> {
    const row = await this.db.selectFrom('session_leases').select('holder').where('interview_id', '=', interviewId).executeTakeFirst();
    return row?.holder ?? null;
  }

  async takeOver(interviewId: string, from: string, to: string, ttlMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('session_leases')
      .set({ holder: to, expires_at: new Date(this.clock.now().getTime() + ttlMs).toISOString() })
      .where('interview_id', '=', interviewId)
      .where('holder', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

/** Reset: drops the interview's database lease whoever holds it (a Redis lease simply expires). */
export async function forgetDatabaseLease(executor: Executor, interviewId: string): Promise<void> {
  await executor.deleteFrom('session_leases').where('interview_id', '=', interviewId).execute();
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const TAKE_OVER = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLeases implements SessionLeases {
  constructor(private readonly redis: Redis) {}

  private key(interviewId: string): string {
    return `interview-session:lease:${interviewId}`;
  }

  async acquire(interviewId: string, holder: string, ttlMs: number): Promise<boolean> {
    const ttl = Math.max(1, Math.round(ttlMs));
    if ((await this.redis.set(this.key(interviewId), holder, 'PX', ttl, 'NX')) === 'OK') return true;
    return this.renew(interviewId, holder, ttlMs);
  }

  async renew(interviewId: string, holder: string, ttlMs: number): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key(interviewId), holder, String(Math.max(1, Math.round(ttlMs))))) === 1;
  }

  async release(interviewId: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(interviewId), holder);
  }

  async holderOf(interviewId: string): Promise<string | null> {
    return this.redis.get(this.key(interviewId));
  }

  async takeOver(interviewId: string, from: string, to: string, ttlMs: number): Promise<boolean> {
    const ttl = String(Math.max(1, Math.round(ttlMs)));
    return Number(await this.redis.eval(TAKE_OVER, 1, this.key(interviewId), from, to, ttl)) === 1;
  }
}

/** Session lease holders are `session:<node id>:<uuid>` (older versions: `session:<uuid>`, no node). */
export function sessionHolder(nodeId: string | null, uuid: string): string {
  return nodeId ? `session:${nodeId}:${uuid}` : `session:${uuid}`;
}

export function nodeOfHolder(holder: string): string | null {
  const parts = holder.split(':');
  return parts.length === 3 && parts[0] === 'session' ? (parts[1] ?? null) : null;
}
