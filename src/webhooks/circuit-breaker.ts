// Circuit breaker per endpoint. An endpoint that keeps failing (timeouts,
// refused connections, 5xx, ...) is paused after `failureThreshold`
// consecutive failed attempts: nothing is sent to it for `pauseMs`, so it stops
// taking worker time that other endpoints and owners need. After the pause one
// attempt is tried (the endpoint's oldest delivery); a success closes the
// circuit, a failure pauses it again. Deliveries say so in their `error`.

export interface CircuitSettings {
  failureThreshold: number;
  pauseMs: number;
}

export interface CircuitState {
  consecutiveFailures: number;
  /** ISO time until which the endpoint is paused, or null when the circuit is closed. */
  pausedUntil: string | null;
}

export interface CircuitVerdict extends CircuitState {
  /** Set when this attempt opened (or re-opened) the circuit: what the delivery records say. */
  note: string | null;
}

/** The endpoint's circuit after one attempt. */
export function afterAttempt(previousFailures: number, isSuccess: boolean, now: Date, settings: CircuitSettings): CircuitVerdict {
  if (isSuccess) return { consecutiveFailures: 0, pausedUntil: null, note: null };
  const consecutiveFailures = previousFailures + 1;
  if (consecutiveFailures < settings.failureThreshold) return { consecutiveFailures, pausedUntil: null, note: null };
  const pausedUntil = new Date(now.getTime() + settings.pauseMs).toISOString();
  return {
    consecutiveFailures,
    pausedUntil,
    note: `endpoint paused until ${pausedUntil} after ${consecutiveFailures} consecutive failed attempts`,
  };
}
