// What the server tells the candidate page in its JSON data block. Imported
// by the page (web/candidate) as a type, so this file stays free of Node.

import type { PageWords } from '../languages/language.js';

export interface CandidatePageConfig {
  /** BCP 47 tag of the interview language (English for an unknown interview). */
  language_tag: string;
  direction: 'ltr' | 'rtl';
  words: PageWords;
}
