// Throttle on failed authentication, per client address (IPv6: per /64).
// Without it an integration secret or an API key could be guessed as fast as
// the network allows. Once an address has failed `limit` times in the current
// one-minute window, its further failing attempts answer 429 until the window
// ends. A right credential is never refused by it: many clients may share an
// address (NAT, a proxy, one office), and a guesser must not be able to lock
// them all out. Guessing stays at `limit` tries a minute, hopeless against
// 128-bit keys. Counters live in Redis when REDIS_URL is set (shared by all
// nodes), in process otherwise.

import type { Redis } from 'ioredis';
import type { Clock } from '../common/clock.js';
import { addressBucket } from './client-address.js';

export interface AuthThrottle {
  /** Seconds until the address's failing attempts are answered again, or null when they are not throttled. */
  retryAfter(address: string): Promise<number | null>;
  recordFailure(address: string): Promise<void>;
}

const WINDOW_MS = 60_000;

function windowOf(clock: Clock): { start: number; resetInSeconds: number } {
  const now = clock.now().getTime();
  const start = now - (now % WINDOW_MS);
  return { start, resetInSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
}

export class InMemoryAuthThrottle implements AuthThrottle {
  private windowStart = 0;
  private failures = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  async retryAfter(address: string): Promise<number | null> {
    const { resetInSeconds } = this.current();
    return (this.failures.get(addressBucket(address)) ?? 0) >= this.limit ? resetInSeconds : null;
  }

  async recordFailure(address: string): Promise<void> {
    this.current();
    const bucket = addressBucket(address);
    this.failures.set(bucket, (this.failures.get(bucket) ?? 0) + 1);
  }

  private current(): { resetInSeconds: number } {
    const window = windowOf(this.clock);
    if (window.start !== this.windowStart) {
      this.windowStart = window.start;
      this.failures = new Map();
    }
    return window;
  }
}

export class RedisAuthThrottle implements AuthThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly clock: Clock,
    private readonly prefix = 'authfail',
  ) {}

  async retryAfter(address: string): Promise<number | null> {
    const { start, resetInSeconds } = windowOf(this.clock);
    const count = Number((await this.redis.get(`${this.prefix}:${addressBucket(address)}:${start}`)) ?? 0);
    return count >= this.limit ? resetInSeconds : null;
  }

  async recordFailure(address: string): Promise<void> {
    const { start } = windowOf(this.clock);
    const key = `${this.prefix}:${addressBucket(address)}:${start}`;
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, WINDOW_MS + 1000)
      .exec();
    const [error] = results?.[0] ?? [new Error('empty MULTI reply')];
    if (error) throw error;
  }
}
