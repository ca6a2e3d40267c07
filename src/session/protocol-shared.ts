// The part of the candidate protocol (docs/realtime-protocol.md) that the
// candidate page bundles at run time: versions, close codes and the session
// URL. It must stay dependency-free and browser-safe (no Node, no Ajv, no
// TypeBox): web/vite.config.ts refuses to bundle any other server module.
// protocol.ts re-exports all of it, so server code imports from there.

export const PROTOCOL_VERSION = 1;
/** Consent, then voice: binary audio both ways (docs/realtime-protocol.md, "Version 2"). */
export const VOICE_PROTOCOL_VERSION = 2;
export const SUPPORTED_VERSIONS: readonly number[] = [PROTOCOL_VERSION, VOICE_PROTOCOL_VERSION];

/** Close codes (4000-4999 are the application's). */
export const CloseCode = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  POLICY: 1008,
  TOO_BIG: 1009,
  SERVER_ERROR: 1011,
  UNSUPPORTED_VERSION: 4400,
  NOT_FOUND: 4404,
  NOT_ALLOWED: 4409,
  ENDED: 4410,
  RATE_LIMITED: 4429,
} as const;

/** Where a candidate connects (Fastify route syntax), and the URL a client builds for it. */
export const CANDIDATE_SESSION_PATH = '/candidate/interviews/:interview_id/session';

/** Longest `resume` token the server reads (it issues UUIDs); a longer one is refused before the upgrade. */
export const MAX_RESUME_TOKEN_LENGTH = 64;

/** `resumeToken`: the `resume_token` of this tab's last `session` event, so a reload takes its own session back. */
export function candidateSessionUrl(baseUrl: string, interviewId: string, version = PROTOCOL_VERSION, resumeToken?: string): string {
  const url = new URL(`/candidate/interviews/${encodeURIComponent(interviewId)}/session`, baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('v', String(version));
  if (resumeToken) url.searchParams.set('resume', resumeToken);
  return url.toString();
}
