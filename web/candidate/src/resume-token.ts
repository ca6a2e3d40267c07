// The page's resume token (docs/realtime-protocol.md, "Sessions, reconnection,
// timing"): the `resume_token` of its last `session` event, sent back as
// `?resume=` so that its next connection, after a reload too, takes its own
// session over instead of being refused as a second tab.
//
// It is in sessionStorage only while the page is being left (pagehide): a
// tab duplicated from a live one copies that tab's sessionStorage, and must
// not take the interview away from it, so a live page keeps the token in
// memory only.

export class ResumeToken {
  private token: string | null;
  private readonly storageKey: string;

  constructor(interviewId: string) {
    this.storageKey = `interview-resume:${interviewId}`;
    this.token = this.take();
    addEventListener('pagehide', () => this.keep());
    // Back from the back/forward cache: live again, so out of storage again.
    addEventListener('pageshow', () => void this.take());
  }

  get current(): string | null {
    return this.token;
  }

  set current(token: string | null) {
    this.token = token;
  }

  private take(): string | null {
    try {
      const stored = sessionStorage.getItem(this.storageKey);
      sessionStorage.removeItem(this.storageKey);
      return stored;
    } catch {
      // Storage refused (private mode): a reload is then refused like a second tab until the old connection is gone.
      return null;
    }
  }

  private keep(): void {
    try {
      if (this.token) sessionStorage.setItem(this.storageKey, this.token);
    } catch {
      // As above.
    }
  }
}
