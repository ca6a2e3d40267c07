// The recruiter report page's service: hands out the signed link (for the
// API, on behalf of the interview's owner) and, for a valid link, gathers
// everything the page shows from what the other modules already store: the
// questions and transcript (interviews), the evaluation (results), the
// recording links and timelines (media). Nothing is written.

import type { Principal } from '../auth/principal.js';
import { analyseCommunication, resolveLocale, type CommunicationAnalysis } from '../evaluation/index.js';
import type { EvaluatedQuestionResult, EvaluationResult, JobQuestionEvaluation, ScreeningQuestionEvaluation } from '../evaluation/index.js';
import { InterviewState, InterviewType, kindOf } from '../interviews/enums.js';
import type { InterviewRepository, InterviewRow, TranscriptRow } from '../interviews/interview.repository.js';
import { toTranscriptEntry, videoTimeRange } from '../interviews/interview.service.js';
import type { StoredQuestion } from '../interviews/questions.js';
import { languageByTag, languageForLocale, type Language } from '../languages/index.js';
import type { LanguageCode } from '../interviews/enums.js';
import { AppError } from '../common/errors.js';
import { isUuid } from '../common/ids.js';
import type { ReportLinks, ReportLinkParts } from './report-link.js';
import type { ReportCommunication, ReportLine, ReportPageData, ReportQuestion } from './report-page.types.js';
import type { RecordedMedia, ResultsReports } from './results.reports.js';
import { resultInLocale } from './results.reports.js';
import type { ResultsRepository } from './results.repository.js';

export type ReportRefusal = 'expired' | 'tampered' | 'not_found';

export type ReportPageView = { kind: 'page'; data: ReportPageData } | { kind: 'refused'; reason: ReportRefusal; language: Language };

export interface ReportLinkResponse {
  report_url: string;
  expires_at: string;
}

export interface ReportPageServiceDeps {
  interviews: InterviewRepository;
  results: ResultsRepository;
  reports: ResultsReports;
  recordings: RecordedMedia;
  links: ReportLinks;
}

export class ReportPageService {
  constructor(private readonly deps: ReportPageServiceDeps) {}

  /** A link for the interview's owner, once the interview has ended (like the evaluation report). */
  async createLink(principal: Principal, interviewId: string, locale: string): Promise<ReportLinkResponse> {
    const row = isUuid(interviewId) ? await this.deps.interviews.findOwned(interviewId.toLowerCase(), principal.id) : undefined;
    if (!row) throw new AppError('InterviewNotExist');
    if (row.state !== InterviewState.ENDED) throw new AppError('InterviewNotEndException');
    const { url, expiresAt } = this.deps.links.create(row.id, resolveLocale(locale));
    return { report_url: url, expires_at: expiresAt.toISOString() };
  }

  /** The page for a link: its data, or why it is refused (checked before anything is read). */
  async view(link: ReportLinkParts): Promise<ReportPageView> {
    // The refusal is written in the language the link asked for; the locale is only trusted once signed.
    const language = languageForLocale(link.locale);
    const check = this.deps.links.check(link);
    if (check !== 'valid') return { kind: 'refused', reason: check, language };
    const row = await this.deps.interviews.findById(link.interviewId);
    if (!row) return { kind: 'refused', reason: 'not_found', language };
    return { kind: 'page', data: await this.gather(row, languageByTag(link.locale) ?? language) };
  }

  private async gather(row: InterviewRow, language: Language): Promise<ReportPageData> {
    const transcript = await this.deps.interviews.listTranscript(row.id);
    const stored = await this.deps.results.find(row.id);
    const isVideo = row.interview_type === InterviewType.VIDEO_INTRODUCTION_INTERVIEW;
    const result = stored && !isVideo ? resultInLocale(stored, language.tag) : null;
    const { evaluation, overall } = await this.overallOf(row, language.tag, isVideo, stored !== null);
    const questions = questionsOf(row, transcript, result);
    return {
      language_tag: language.tag,
      direction: language.direction,
      words: language.reportPage,
      interview: {
        id: row.id,
        kind: kindOf(row.interview_type as InterviewType),
        job_title: row.job_title,
        candidate_id: row.candidate_id,
        created_at: row.created_at,
      },
      media: {
        audio_url: (await this.deps.recordings.recordingUrl(row.id, 'audio')) || null,
        video_url: (await this.deps.recordings.recordingUrl(row.id, 'video')) || null,
      },
      evaluation,
      overall,
      questions,
      communication: communicationOf(result, questions, row.language_code as LanguageCode),
      transcript: transcript.map(toReportLine),
    };
  }

  private async overallOf(
    row: InterviewRow,
    locale: string,
    isVideo: boolean,
    isStored: boolean,
  ): Promise<Pick<ReportPageData, 'evaluation' | 'overall'>> {
    if (isVideo) return { evaluation: 'not_evaluated', overall: null };
    if (!isStored) return { evaluation: 'pending', overall: null };
    try {
      const overall = await this.deps.reports.overallEvaluation(row, locale);
      return overall ? { evaluation: 'ready', overall: overall.overall_assessment } : { evaluation: 'pending', overall: null };
    } catch (error) {
      if (error instanceof AppError && error.code === 'EvalReportGenerationException') return { evaluation: 'incomplete', overall: null };
      throw error;
    }
  }
}

function toReportLine(row: TranscriptRow): ReportLine {
  const entry = toTranscriptEntry(row);
  return { role: entry.role, content: entry.content, control_id: entry.control_id, video_time: entry.video_time };
}

/** Each question with the candidate's answers, where they are on the recording, and its verdict. */
function questionsOf(row: InterviewRow, transcript: readonly TranscriptRow[], result: EvaluationResult | null): ReportQuestion[] {
  const stored = parseQuestions(row.questions);
  const evaluated = new Map<string, EvaluatedQuestionResult>((result?.evaluation.questions ?? []).map((q) => [q.id, q]));
  return stored.map((question, index) => {
    const answers = transcript.filter((line) => line.role === 'user' && line.control_id === question.id);
    const timed = answers.filter((line) => line.video_begin !== null && line.video_end !== null);
    const verdict = evaluated.get(question.id)?.evaluation ?? null;
    const isGraded = !('question_type' in question) || question.question_type === 'qualifying';
    return {
      id: question.id,
      number: index + 1,
      question: 'question' in question ? question.question : question.question_text,
      is_graded: isGraded,
      answers: answers.map((line) => line.content),
      // The answer's span, not the question's: "play the answer" starts where the candidate speaks.
      video_time:
        timed.length === 0
          ? null
          : videoTimeRange(Math.min(...timed.map((l) => l.video_begin as number)), Math.max(...timed.map((l) => l.video_end as number))),
      job: verdict && 'rating' in verdict ? jobVerdict(verdict) : null,
      screening: verdict && 'outcome' in verdict && isGraded ? screeningVerdict(verdict) : null,
    };
  });
}

function jobVerdict(verdict: JobQuestionEvaluation): ReportQuestion['job'] {
  return {
    rating: verdict.rating,
    improvement_points: verdict.improvement_points ?? [],
    criteria_met: verdict.criteria_met ?? [],
    criteria_missed: verdict.criteria_missed ?? [],
  };
}

function screeningVerdict(verdict: ScreeningQuestionEvaluation): ReportQuestion['screening'] {
  return { outcome: verdict.outcome, undecided: verdict.undecided === true, analysis: verdict.analysis };
}

/** Screening stores its communication analysis; for a job interview the same analysis is made from the answers. */
function communicationOf(
  result: EvaluationResult | null,
  questions: readonly ReportQuestion[],
  language: LanguageCode,
): ReportCommunication | null {
  const answers = questions.flatMap((q) => q.answers);
  const analysis: CommunicationAnalysis | null =
    result?.communication_analysis ?? (answers.length > 0 ? analyseCommunication(answers, language) : null);
  if (!analysis) return null;
  return {
    word_count: analysis.word_count,
    filler_words: {
      total: analysis.filler_words.total,
      per_100_words: analysis.filler_words.per_100_words,
      examples: analysis.filler_words.examples,
    },
    repetition: {
      immediate_repeats: analysis.repetition.immediate_repeats,
      per_100_words: analysis.repetition.per_100_words,
      repeated_phrases: analysis.repetition.repeated_phrases,
    },
    clarity: {
      score: analysis.clarity.score,
      level: analysis.clarity.level,
      average_sentence_length: analysis.clarity.average_sentence_length,
    },
  };
}

function parseQuestions(text: string): StoredQuestion[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as StoredQuestion[]) : [];
  } catch {
    return [];
  }
}
