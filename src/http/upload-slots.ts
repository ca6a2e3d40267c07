// Concurrent camera uploads, counted per interview and per client address on
// this node: a page sends one chunk at a time, so a handful is plenty, and a
// client cannot hold more bodies open than that (each is bounded in memory
// and time, but not in number without this).

export interface UploadSlotLimits {
  perInterview: number;
  perAddress: number;
}

export class UploadSlots {
  private readonly byInterview = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: UploadSlotLimits) {}

  /** A release function, or null when the interview or the address already has its share in flight. */
  take(interviewId: string, address: string): (() => void) | null {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return null;
    if ((this.byInterview.get(interviewId) ?? 0) >= this.limits.perInterview) return null;
    increment(this.byAddress, address, 1);
    increment(this.byInterview, interviewId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      increment(this.byAddress, address, -1);
      increment(this.byInterview, interviewId, -1);
    };
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
