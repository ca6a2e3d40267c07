// The configuration the server wrote into the page (src/http/candidate-page.ts):
// the interview's language tag, direction and the page's words.

import type { CandidatePageConfig } from '../../../src/http/candidate-page-config.js';

export type { CandidatePageConfig };
export type PageWords = CandidatePageConfig['words'];

export function readPageConfig(doc: Document): CandidatePageConfig {
  const block = doc.getElementById('page-config');
  if (!block?.textContent) throw new Error('the page configuration is missing');
  return JSON.parse(block.textContent) as CandidatePageConfig;
}
