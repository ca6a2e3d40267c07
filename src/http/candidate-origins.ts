// Which web pages may open the candidate WebSocket. The link alone authorises
// a session, so this is not authentication: it stops another site's page from
// driving an interview in a visitor's browser. Accepted: the candidate page's
// own origin (CANDIDATE_UI_URL, PUBLIC_BASE_URL), the address this node
// listens on (the page it serves itself), and CANDIDATE_ALLOWED_ORIGINS. A
// request without an Origin header is not a browser page (the CLI, a test
// client) and is let through.

import type { AddressInfo } from 'node:net';

export interface CandidateOriginSettings {
  publicBaseUrl: string;
  candidateUiUrl: string;
  allowedOrigins: readonly string[];
}

export class CandidateOrigins {
  private readonly allowed: Set<string>;

  constructor(
    settings: CandidateOriginSettings,
    /** The listening address, known only once the server listens. */
    private readonly listening: () => AddressInfo | string | null,
  ) {
    this.allowed = new Set([new URL(settings.candidateUiUrl).origin, new URL(settings.publicBaseUrl).origin, ...settings.allowedOrigins]);
  }

  isAllowed(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    let normalised: string;
    try {
      normalised = new URL(origin).origin;
    } catch {
      return false;
    }
    return this.allowed.has(normalised) || normalised === this.listeningOrigin();
  }

  private listeningOrigin(): string | null {
    const address = this.listening();
    if (address === null || typeof address === 'string') return null;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
}
