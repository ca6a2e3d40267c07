import type { Clock, Scheduler, TimerHandle } from '../../src/common/clock.js';

/** A clock that follows real time but can be moved forward, for expiry and rate-limit windows. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

interface VirtualTimer {
  due: number;
  every: number | null;
  order: number;
  callback: () => void;
}

/**
 * The Scheduler's test twin: timers wait on virtual time, which moves only
 * when the test calls advance() (and moves the TestClock with it, so what the
 * timers read from the clock agrees with when they fired).
 */
export class TestScheduler implements Scheduler {
  private elapsed = 0;
  private created = 0;
  private readonly timers = new Set<VirtualTimer>();

  constructor(private readonly clock: TestClock) {}

  setTimeout(callback: () => void, ms: number): TimerHandle {
    return this.add(callback, ms, null);
  }

  setInterval(callback: () => void, ms: number): TimerHandle {
    return this.add(callback, ms, Math.max(1, ms));
  }

  /** Timers armed and not yet fired or cleared. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves virtual time forward, firing due timers in order and letting the work each one starts begin before the next. */
  async advance(ms: number): Promise<void> {
    const target = this.elapsed + ms;
    for (;;) {
      const next = [...this.timers].filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!next) break;
      this.moveTo(next.due);
      if (next.every === null) this.timers.delete(next);
      else next.due += next.every;
      next.callback();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.moveTo(target);
  }

  private moveTo(at: number): void {
    this.clock.advance(at - this.elapsed);
    this.elapsed = at;
  }

  private add(callback: () => void, ms: number, every: number | null): TimerHandle {
    const timer: VirtualTimer = { due: this.elapsed + Math.max(0, ms), every, order: this.created++, callback };
    this.timers.add(timer);
    return { clear: () => this.timers.delete(timer) };
  }
}
