import type { Redis } from 'ioredis';
import type { Clock } from '../common/clock.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window resets (at least 1). */
  resetInSeconds: number;
}

/** Fixed one-minute windows aligned to the clock, so every key's window resets every 60 s. */
export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
}

const WINDOW_MS = 60_000;

function windowOf(clock: Clock): { start: number; resetInSeconds: number } {
  const now = clock.now().getTime();
  const start = now - (now % WINDOW_MS);
  return { start, resetInSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
}

function decide(count: number, limit: number, resetInSeconds: number): RateDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetInSeconds };
}

/** One process, no Redis: counters live in a map that is cleared as each window passes. */
export class InMemoryRateLimiter implements RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const { start, resetInSeconds } = windowOf(this.clock);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return decide(count, this.limit, resetInSeconds);
  }
}

/** Shared across nodes: one INCR per request on a key that expires with its window. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly clock: Clock,
    private readonly prefix = 'ratelimit',
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const { start, resetInSeconds } = windowOf(this.clock);
    const redisKey = `${this.prefix}:${key}:${start}`;
    const results = await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, WINDOW_MS + 1000)
      .exec();
    const [incrError, count] = results?.[0] ?? [new Error('empty MULTI reply'), 0];
    if (incrError) throw incrError;
    return decide(Number(count), this.limit, resetInSeconds);
  }
}
