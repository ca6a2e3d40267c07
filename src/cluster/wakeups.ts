// Cross-node wake-ups: a node that commits work for others (a job, a webhook
// delivery) says so, and every node listening runs its queue at once instead
// of at its next poll. Over Redis pub/sub when REDIS_URL is set; on a single
// node (or without Redis) the wake-up stays in the process and other nodes
// find the work at their next poll. A lost message costs only latency: the
// durable queues in the database stay the truth, and the polls stay on.

import type { Redis } from 'ioredis';

export type WakeupTopic = 'jobs' | 'webhooks';

export interface Wakeups {
  publish(topic: WakeupTopic): void;
  subscribe(topic: WakeupTopic, listener: () => void): void;
  close(): Promise<void>;
}

const TOPICS: readonly WakeupTopic[] = ['jobs', 'webhooks'];

/** Listeners in this process only (one node, or no Redis). */
export class LocalWakeups implements Wakeups {
  protected readonly listeners = new Map<WakeupTopic, (() => void)[]>();

  publish(topic: WakeupTopic): void {
    this.notify(topic);
  }

  subscribe(topic: WakeupTopic, listener: () => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  protected notify(topic: WakeupTopic): void {
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

export class RedisWakeups extends LocalWakeups {
  private readonly subscriber: Redis;

  /** `subscriber` must be a connection of its own: a subscribed connection can run no other command. */
  private constructor(
    private readonly publisher: Redis,
    subscriber: Redis,
    private readonly onError: (error: unknown) => void,
  ) {
    super();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string) => {
      const topic = TOPICS.find((candidate) => channelOf(candidate) === channel);
      if (topic) this.notify(topic);
    });
  }

  static async connect(publisher: Redis, onError: (error: unknown) => void): Promise<RedisWakeups> {
    const subscriber = publisher.duplicate({ enableOfflineQueue: true });
    subscriber.on('error', () => {});
    const wakeups = new RedisWakeups(publisher, subscriber, onError);
    // Resubscribed by ioredis after a reconnect; a failure here leaves the polls in charge.
    await subscriber.subscribe(...TOPICS.map(channelOf)).catch(onError);
    return wakeups;
  }

  override publish(topic: WakeupTopic): void {
    // The publishing node hears its own message through Redis too; nobody is woken twice for nothing,
    // a runner already draining coalesces the kick.
    this.publisher.publish(channelOf(topic), '1').catch((error: unknown) => {
      this.onError(error);
      this.notify(topic);
    });
  }

  override async close(): Promise<void> {
    await super.close();
    this.subscriber.disconnect();
  }
}

function channelOf(topic: WakeupTopic): string {
  return `interview-service:wake:${topic}`;
}
