// What the server writes into the recruiter report page (web/report/) as its
// JSON data block. Imported by the page as types only, so this file stays
// free of Node and of anything that runs.

import type { ReportPageWords } from '../languages/language.js';

export interface ReportTimeRange {
  /** Seconds from the start of the recording. */
  begin: number;
  end: number;
  formatted: string;
}

export interface ReportLine {
  role: 'assistant' | 'user';
  content: string;
  /** The question the line belongs to (`q1`, ...), `procedural`, or null. */
  control_id: string | null;
  video_time: ReportTimeRange | null;
}

export interface ReportJobVerdict {
  rating: 'SUBOPTIMAL' | 'OKAY' | 'GOOD' | 'EXCELLENT';
  improvement_points: string[];
  criteria_met: string[];
  criteria_missed: string[];
}

export interface ReportScreeningVerdict {
  outcome: boolean;
  undecided: boolean;
  analysis: string;
}

export interface ReportQuestion {
  id: string;
  /** 1, 2, ... in asking order. */
  number: number;
  question: string;
  /** Screening information questions are recorded, not graded. */
  is_graded: boolean;
  /** What the candidate said about this question, in order. */
  answers: string[];
  /** The span of the question's exchange on the recording. */
  video_time: ReportTimeRange | null;
  /** Null while not evaluated (or not answered). */
  job: ReportJobVerdict | null;
  screening: ReportScreeningVerdict | null;
}

export interface ReportCommunication {
  word_count: number;
  filler_words: { total: number; per_100_words: number; examples: string[] };
  repetition: { immediate_repeats: number; per_100_words: number; repeated_phrases: Array<{ phrase: string; count: number }> };
  clarity: { score: number; level: 'clear' | 'mostly_clear' | 'unclear'; average_sentence_length: number };
}

export interface ReportOverall {
  suitability: string;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
}

export interface ReportPageData {
  language_tag: string;
  direction: 'ltr' | 'rtl';
  words: ReportPageWords;
  interview: {
    id: string;
    kind: 'job_interview' | 'screening_interview' | 'video_introduction';
    job_title: string;
    candidate_id: string;
    created_at: string;
  };
  /** Short-lived recording links; null when there is none (yet). */
  media: { audio_url: string | null; video_url: string | null };
  /** ready; pending (still being made); incomplete (ended before every answer, no overall); not_evaluated (video introduction). */
  evaluation: 'ready' | 'pending' | 'incomplete' | 'not_evaluated';
  overall: ReportOverall | null;
  questions: ReportQuestion[];
  communication: ReportCommunication | null;
  transcript: ReportLine[];
}
