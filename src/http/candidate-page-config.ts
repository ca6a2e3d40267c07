// What the server tells the candidate page in its JSON data block. Imported
// by the page (web/candidate) as a type, so this file stays free of Node.

import type { PageWords } from '../languages/language.js';

export interface CandidatePageConfig {
  /** BCP 47 tag of the interview language (English for an unknown interview). */
  language_tag: string;
  direction: 'ltr' | 'rtl';
  words: PageWords;
  /** The operator's privacy notice (CANDIDATE_PRIVACY_URL); null: the page says whom to ask. */
  privacy_url: string | null;
  /** How long a dropped interview waits for the candidate (the reconnect screen counts it down). */
  reconnect_grace_seconds: number;
  /** Reconnections allowed before one more ends the interview (the page warns before the last). */
  max_resumes: number;
  /** Silence before each reminder (SESSION_INACTIVITY_SECONDS); the welcome screen states the limit. */
  inactivity_seconds: number;
  /** Reminders before silence ends the interview (SESSION_INACTIVITY_REMINDERS). */
  inactivity_reminders: number;
  /** "I need more time": the quiet it grants (SESSION_MORE_TIME_SECONDS) and how often (SESSION_MORE_TIME_REQUESTS; 0: no button). */
  more_time_seconds: number;
  more_time_requests: number;
}

/** What the server adds to the words: the operator's and the session's settings. */
export interface CandidatePageSettings {
  privacyUrl: string | null;
  reconnectGraceSeconds: number;
  maxResumes: number;
  inactivitySeconds: number;
  inactivityReminders: number;
  moreTimeSeconds: number;
  moreTimeRequests: number;
}
