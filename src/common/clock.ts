// Time is a side effect: services take a Clock to read it and a Scheduler to
// wait on it, so tests can move both forward instead of sleeping.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 in UTC with milliseconds; sorts correctly as text on both engines. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

/** An armed timer; clearing it twice, or after it fired, is harmless. */
export interface TimerHandle {
  clear(): void;
}

export interface Scheduler {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  setInterval(callback: () => void, ms: number): TimerHandle;
}

/** Node timers, unref'd: a pending reminder or sweep never keeps the process alive on its own. */
export const systemScheduler: Scheduler = {
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return { clear: () => clearTimeout(timer) };
  },
  setInterval(callback, ms) {
    const timer = setInterval(callback, ms);
    timer.unref();
    return { clear: () => clearInterval(timer) };
  },
};

/** Resolves after `ms` on the scheduler; rejects with the signal's reason (and clears the timer) when it aborts first. */
export function waitOn(scheduler: Scheduler, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      timer.clear();
      reject(signal!.reason as Error);
    };
    const timer = scheduler.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
