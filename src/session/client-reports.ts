// What the candidate's page may write to the interview log. A non-fatal
// `client_error` frame is a log line, and so is a `mode` switch, and anyone
// holding the interview link can send twenty a second, so the lines share one
// budget: at most N per minute and M per session, a run of the same error
// folded into one line with a count, and what the budget dropped summed up in
// one line a minute. The service's own lines (the interview's end, the
// evaluation, the recording) are not on this budget, so a page cannot push
// them past the interview's log limit.

export interface ClientReportLimits {
  perSession: number;
  perMinute: number;
}

const WINDOW_MS = 60_000;

export class ClientReports {
  private written = 0;
  private capped = false;
  private windowStart: number;
  private inWindow = 0;
  /** Reports neither written nor folded into a later line. */
  private dropped = 0;
  /** Mode switches the budget did not store. */
  private droppedModeSwitches = 0;
  /** The last message, and how many of its occurrences the log does not show yet. */
  private last: { message: string; unwritten: number } | null = null;

  constructor(
    private readonly limits: ClientReportLimits,
    private readonly now: () => number,
  ) {
    this.windowStart = now();
  }

  /** The log lines to write now for one page error report (often none: folded or over budget). */
  report(message: string): string[] {
    const out: string[] = [];
    this.roll(out);
    if (this.last?.message === message) {
      this.last.unwritten += 1;
      return out;
    }
    this.fold(out);
    const written = this.take(`page reported an error: ${message}`, out);
    this.last = { message, unwritten: written ? 0 : 1 };
    return out;
  }

  /** The log lines to write now for a `mode` switch: `line` itself when the budget allows it. */
  modeSwitch(line: string): string[] {
    const out: string[] = [];
    this.roll(out);
    if (!this.take(line, out)) this.droppedModeSwitches += 1;
    return out;
  }

  /** What the log still owes at the end of the session. */
  flush(): string[] {
    const out: string[] = [];
    this.fold(out);
    this.noteDropped(out);
    return out;
  }

  /** A new minute: the budget is back, and the log catches up on what was held back. */
  private roll(out: string[]): void {
    if (this.now() - this.windowStart < WINDOW_MS) return;
    this.windowStart = this.now();
    this.inWindow = 0;
    this.noteDropped(out);
    this.fold(out);
  }

  private fold(out: string[]): void {
    const last = this.last;
    if (!last || last.unwritten === 0) return;
    if (!this.take(`page reported an error (x${last.unwritten}): ${last.message}`, out)) this.dropped += last.unwritten;
    last.unwritten = 0;
  }

  private noteDropped(out: string[]): void {
    if (this.capped) return;
    if (this.dropped > 0) {
      out.push(`${this.dropped} page error report(s) not stored (more than ${this.limits.perMinute} a minute)`);
      this.written += 1;
      this.dropped = 0;
    }
    if (this.droppedModeSwitches > 0) {
      out.push(`${this.droppedModeSwitches} mode switch(es) not stored (more than ${this.limits.perMinute} page reports a minute)`);
      this.written += 1;
      this.droppedModeSwitches = 0;
    }
  }

  private take(line: string, out: string[]): boolean {
    if (this.capped) return false;
    if (this.written >= this.limits.perSession) {
      this.capped = true;
      out.push(`page error reports: the limit of ${this.limits.perSession} for this session is reached; later ones are not stored`);
      return false;
    }
    if (this.inWindow >= this.limits.perMinute) return false;
    out.push(line);
    this.written += 1;
    this.inWindow += 1;
    return true;
  }
}
