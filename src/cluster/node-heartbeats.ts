// Every node says it is alive every NODE_HEARTBEAT_SECONDS; a node silent for
// three beats is dead, so what it held (a candidate's session lease, a claimed
// job) is taken over at once instead of after SESSION_LEASE_SECONDS or
// JOBS_LEASE_SECONDS. In Redis when REDIS_URL is set, in the database otherwise.
// A node that never beat (an older version, a one-off CLI) is never "known dead":
// its leases simply expire as before.

import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { waitOn, type Clock, type Scheduler, type TimerHandle } from '../common/clock.js';
import type { IdGenerator } from '../common/ids.js';

/** Silent this many beats: dead. */
const MISSED_BEATS = 3;
/** Records of nodes gone this long are forgotten (what they held was taken over long ago). */
const FORGET_AFTER_MS = 24 * 3_600_000;

export type NodeStatus = 'alive' | 'silent' | 'dead' | 'unknown';

/** Where beats are kept: the last beat per node, as epoch milliseconds. */
export interface BeatStore {
  write(nodeId: string, at: number): Promise<void>;
  read(nodeId: string): Promise<number | null>;
  readAll(): Promise<Map<string, number>>;
  forgetBefore(at: number): Promise<void>;
}

export class NodeHeartbeats {
  private timer: TimerHandle | null = null;
  private stopped = false;

  constructor(
    readonly nodeId: string,
    private readonly store: BeatStore,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** A readable id that names the machine and process (it appears in interview logs). */
  static newNodeId(ids: IdGenerator): string {
    const host =
      hostname()
        .replace(/[^A-Za-z0-9.-]/g, '')
        .slice(0, 40) || 'node';
    return `${host}-${process.pid}-${ids.uuid().slice(0, 8)}`;
  }

  get deadAfterMs(): number {
    return this.intervalMs * MISSED_BEATS;
  }

  /** Beats now (so the node is alive before it serves anyone) and then every interval. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.beat();
    await this.store.forgetBefore(this.clock.now().getTime() - FORGET_AFTER_MS).catch(this.onError);
    this.timer = this.scheduler.setInterval(() => void this.beat(), this.intervalMs);
  }

  /** A graceful exit: the node is dead at once, so anything it still held is taken over without waiting. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.clear();
    this.timer = null;
    // Its last beat moved back past the dead-after time: dead now, forgotten like any other after a day.
    await this.store.write(this.nodeId, this.clock.now().getTime() - this.deadAfterMs - 1).catch(this.onError);
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    await this.store.write(this.nodeId, this.clock.now().getTime()).catch(this.onError);
  }

  async status(nodeId: string): Promise<NodeStatus> {
    const last = await this.store.read(nodeId);
    return last === null ? 'unknown' : this.classify(last);
  }

  /** The nodes known dead (recently enough to be remembered). */
  async listDead(): Promise<string[]> {
    const all = await this.store.readAll();
    return [...all].filter(([, last]) => this.classify(last) === 'dead').map(([id]) => id);
  }

  /**
   * Resolves with true once the node is known dead, false when it is alive or
   * unknown. A node that seems alive is given until its next beat is due, and
   * one that missed a beat is watched until it beats again or is declared
   * dead: a candidate reconnecting right after a crash is let in on that
   * attempt rather than refused, and a second tab is refused within ~1.5 beats.
   */
  async isDeadOrDying(nodeId: string): Promise<boolean> {
    let gaveAliveTime = false;
    for (;;) {
      const last = await this.store.read(nodeId);
      if (last === null) return false;
      const status = this.classify(last);
      if (status === 'dead') return true;
      if (status === 'alive' && gaveAliveTime) return false;
      let waitMs = Math.max(50, this.intervalMs / 4);
      if (status === 'alive') {
        gaveAliveTime = true;
        waitMs = Math.max(50, last + this.intervalMs * 1.5 - this.clock.now().getTime() + 50);
      }
      await waitOn(this.scheduler, waitMs);
    }
  }

  private classify(lastBeat: number): NodeStatus {
    const silentFor = this.clock.now().getTime() - lastBeat;
    if (silentFor > this.deadAfterMs) return 'dead';
    return silentFor > this.intervalMs * 1.5 ? 'silent' : 'alive';
  }
}

const NODES_KEY = 'interview-service:nodes';

export class RedisBeatStore implements BeatStore {
  constructor(private readonly redis: Redis) {}

  async write(nodeId: string, at: number): Promise<void> {
    await this.redis.hset(NODES_KEY, nodeId, String(at));
  }

  async read(nodeId: string): Promise<number | null> {
    const value = await this.redis.hget(NODES_KEY, nodeId);
    return value === null ? null : Number(value);
  }

  async readAll(): Promise<Map<string, number>> {
    return new Map(Object.entries(await this.redis.hgetall(NODES_KEY)).map(([id, at]) => [id, Number(at)]));
  }

  async forgetBefore(at: number): Promise<void> {
    const old = [...(await this.readAll())].filter(([, last]) => last < at).map(([id]) => id);
    if (old.length > 0) await this.redis.hdel(NODES_KEY, ...old);
  }
}

export class DatabaseBeatStore implements BeatStore {
  constructor(private readonly db: Kysely<Database>) {}

  async write(nodeId: string, at: number): Promise<void> {
    const lastBeatAt = new Date(at).toISOString();
    await this.db
      .insertInto('cluster_nodes')
      .values({ node_id: nodeId, last_beat_at: lastBeatAt })
      .onConflict((oc) => oc.column('node_id').doUpdateSet({ last_beat_at: lastBeatAt }))
      .execute();
  }

  async read(nodeId: string): Promise<number | null> {
    const row = await this.db.selectFrom('cluster_nodes').select('last_beat_at').where('node_id', '=', nodeId).executeTakeFirst();
    return row ? Date.parse(row.last_beat_at) : null;
  }

  async readAll(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('cluster_nodes').select(['node_id', 'last_beat_at']).execute();
    return new Map(rows.map((row) => [row.node_id, Date.parse(row.last_beat_at)]));
  }

  async forgetBefore(at: number): Promise<void> {
    await this.db.deleteFrom('cluster_nodes').where('last_beat_at', '<', new Date(at).toISOString()).execute();
  }
}
