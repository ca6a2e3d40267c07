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
}

/** What the server adds to the words: the operator's and the session's settings. */
export interface CandidatePageSettings {
  privacyUrl: string | null;
  reconnectGraceSeconds: number;
  maxResumes: number;
}
