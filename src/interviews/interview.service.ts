import type { Principal } from '../auth/principal.js';
import type { AppEnv } from '../config.js';
import type { Clock } from '../common/clock.js';
import { AppError, RequestValidationError } from '../common/errors.js';
import { isUuid, type IdGenerator } from '../common/ids.js';
import { ArchivalStatus, InterviewState, InterviewType, kindOf } from './enums.js';
import type { InterviewRepository, InterviewRow, ResetHook, TranscriptRow } from './interview.repository.js';
import type { Executor } from '../db/executor.js';
import type {
  CreateInterviewFromQuestionsRequest,
  InterviewCreatedResponse,
  InterviewDetailsResponse,
  InterviewEvaluationReportResponse,
  OverallEvaluation,
  ScreeningInterviewATSCreateRequest,
  TranscriptEntry,
  VideoTimeRange,
} from './interview.schemas.js';
import { normaliseJobQuestions, normaliseScreeningQuestions, type StoredQuestion } from './questions.js';

export type RecordingKind = 'audio' | 'video';

/** Where finished reports come from (the evaluation module); null while not yet produced. */
export interface ReportSource {
  evaluationReport(interview: InterviewRow, locale: string): Promise<InterviewEvaluationReportResponse | null>;
  overallEvaluation(interview: InterviewRow, locale: string): Promise<OverallEvaluation | null>;
}

/**
 * Where recordings come from (the media module): a short-lived URL, "" when
 * the interview was archived without that recording (no camera), or null
 * while not ready. Reads through `executor` when given (inside a transaction).
 */
export interface RecordingSource {
  recordingUrl(interviewId: string, kind: RecordingKind, executor?: Executor): Promise<string | null>;
}

/** Until the media module exists no recording is ever ready. */
export const NO_RECORDINGS: RecordingSource = { recordingUrl: async () => null };

export interface InterviewServiceDeps {
  repository: InterviewRepository;
  clock: Clock;
  ids: IdGenerator;
  appEnv: AppEnv;
  candidateUiUrl: string;
  reports: ReportSource;
  recordings: RecordingSource;
  /** What other modules wipe on reset, in the same transaction. */
  resetHooks: readonly ResetHook[];
  /** What other modules erase when one interview's personal data is erased on request (cli erase). */
  eraseHooks?: readonly ResetHook[];
  /** Runs after the erase committed: removes what an upload in flight wrote while the erase ran (the video spool). */
  afterErase?: (interviewId: string) => Promise<void>;
  /** Runs before the reset transaction: stops what would otherwise keep writing (the live candidate session). */
  beforeReset?: (interviewId: string) => Promise<void>;
}

export class InterviewService {
  constructor(private readonly deps: InterviewServiceDeps) {}

  async createJobInterview(principal: Principal, request: CreateInterviewFromQuestionsRequest): Promise<InterviewCreatedResponse> {
    const interviewType = request.interview_type ?? InterviewType.JOB_INTERVIEW;
    const focus = request.primary_tech_focus.trim();
    if (interviewType === InterviewType.JOB_INTERVIEW && focus === '') {
      throw new RequestValidationError([
        {
          loc: ['body', 'primary_tech_focus'],
          msg: 'Value error, primary_tech_focus must not be empty for a job interview',
          type: 'value_error',
          input: request.primary_tech_focus,
        },
      ]);
    }
    return this.create(principal, {
      interviewType,
      jobTitle: request.job_title,
      candidateId: request.candidate_id,
      languageCode: request.language_code ?? 1,
      questions: normaliseJobQuestions(request.questions),
      primaryTechFocus: focus,
      experienceLevel: request.experience_level ?? 'junior',
      difficultyLevel: request.difficulty_level ?? 'easy',
      platformaiInterviewId: request.platformai_interview_id ?? null,
    });
  }

  async createScreeningInterview(principal: Principal, request: ScreeningInterviewATSCreateRequest): Promise<InterviewCreatedResponse> {
    return this.create(principal, {
      interviewType: InterviewType.SCREENING_INTERVIEW,
      jobTitle: request.job_title,
      candidateId: request.candidate_id,
      languageCode: request.interview_lang_code ?? 1,
      questions: normaliseScreeningQuestions(request.questions),
      primaryTechFocus: null,
      experienceLevel: null,
      difficultyLevel: null,
      platformaiInterviewId: request.platformai_interview_id ?? null,
    });
  }

  private async create(
    principal: Principal,
    input: {
      interviewType: InterviewType;
      jobTitle: string;
      candidateId: string;
      languageCode: number;
      questions: StoredQuestion[];
      primaryTechFocus: string | null;
      experienceLevel: string | null;
      difficultyLevel: string | null;
      platformaiInterviewId: number | null;
    },
  ): Promise<InterviewCreatedResponse> {
    const id = this.deps.ids.uuid();
    const now = this.deps.clock.now().toISOString();
    await this.deps.repository.insert(
      {
        id,
        owner_id: principal.id,
        user_id: principal.userId,
        candidate_id: input.candidateId,
        job_info_id: this.deps.ids.uuid(),
        job_title: input.jobTitle,
        primary_tech_focus: input.primaryTechFocus,
        experience_level: input.experienceLevel,
        difficulty_level: input.difficultyLevel,
        interview_type: input.interviewType,
        language_code: input.languageCode,
        questions: JSON.stringify(input.questions),
        platformai_interview_id: input.platformaiInterviewId,
        created_at: now,
        updated_at: now,
      },
      {
        at: now,
        message: `interview created by ${principal.id}: ${kindOf(input.interviewType)}, ${input.questions.length} question(s), language ${input.languageCode}`,
      },
    );
    return { message: 'Interview created successfully', interview_id: id, interview_link: this.interviewLink(id) };
  }

  interviewLink(interviewId: string): string {
    return `${this.deps.candidateUiUrl}/interview?iid=${encodeURIComponent(interviewId)}`;
  }

  async getDetails(principal: Principal, interviewId: string, options: { withTranscript: boolean }): Promise<InterviewDetailsResponse> {
    const row = await this.findOwned(principal, interviewId);
    const details = toDetails(row);
    if (options.withTranscript) details.transcript = (await this.deps.repository.listTranscript(row.id)).map(toTranscriptEntry);
    return details;
  }

  async getTranscript(principal: Principal, interviewId: string): Promise<{ transcript: TranscriptEntry[] }> {
    const row = await this.findOwned(principal, interviewId);
    return { transcript: (await this.deps.repository.listTranscript(row.id)).map(toTranscriptEntry) };
  }

  async reset(principal: Principal, interviewId: string): Promise<{ success: boolean; message: string }> {
    if (this.deps.appEnv === 'production') throw new AppError('OperationNotPermittedException');
    const row = await this.findOwned(principal, interviewId);
    await this.deps.beforeReset?.(row.id);
    await this.deps.repository.reset(row.id, this.deps.clock.now().toISOString(), this.deps.resetHooks);
    return { success: true, message: 'Interview reset successfully; it can be taken again' };
  }

  /**
   * Operator erasure (cli erase): the interview's media, transcript,
   * evaluation, log and the candidate's details, with an audit line left.
   * Refused while the interview is in progress or its recording is being made.
   */
  async erasePersonalData(interviewId: string, requestedBy: string): Promise<'erased' | 'not_found' | 'in_progress'> {
    const row = isUuid(interviewId) ? await this.deps.repository.findById(interviewId.toLowerCase()) : undefined;
    if (!row) return 'not_found';
    // A live session (possibly on another node) or a recording being made would write personal data again after the erase.
    const live = row.state !== InterviewState.NOT_STARTED && row.state !== InterviewState.ENDED && row.state !== InterviewState.ERROR;
    if (live || row.archival_status === ArchivalStatus.ONGOING) return 'in_progress';
    await this.deps.beforeReset?.(row.id);
    const at = this.deps.clock.now().toISOString();
    const audit = `personal data erased on request (${requestedBy}): media, transcript, evaluation, log and candidate details deleted`;
    await this.deps.repository.erasePersonalData(row.id, at, audit, this.deps.eraseHooks ?? []);
    await this.deps.afterErase?.(row.id);
    return 'erased';
  }

  /** Job interviews get the short OverallEvaluation; screening and video introductions the full report. */
  async getEvaluationReport(
    principal: Principal,
    interviewId: string,
    locale: string,
  ): Promise<OverallEvaluation | InterviewEvaluationReportResponse> {
    const row = await this.findEnded(principal, interviewId);
    const report =
      row.interview_type === InterviewType.JOB_INTERVIEW
        ? await this.deps.reports.overallEvaluation(row, locale)
        : await this.deps.reports.evaluationReport(row, locale);
    // The report is produced asynchronously after the end and may lag it by seconds.
    if (report === null) throw new AppError('InterviewNotEndException');
    return report;
  }

  async getOverallEvaluation(principal: Principal, interviewId: string, locale: string): Promise<OverallEvaluation> {
    const row = await this.findEnded(principal, interviewId);
    const report = await this.deps.reports.overallEvaluation(row, locale);
    if (report === null) throw new AppError('InterviewNotEndException');
    return report;
  }

  async getRecordingUrl(principal: Principal, interviewId: string, kind: RecordingKind): Promise<string> {
    const row = await this.findOwned(principal, interviewId);
    const url = row.archival_status === ArchivalStatus.ARCHIVED ? await this.deps.recordings.recordingUrl(row.id, kind) : null;
    if (url === null) throw new AppError('RecordingCreationException');
    return url;
  }

  /** The session log as raw text, one line per event (served from the database). */
  async getLogs(principal: Principal, interviewId: string): Promise<string> {
    const row = await this.findOwned(principal, interviewId);
    const lines = await this.deps.repository.readLog(row.id);
    return lines.map((line) => `${line.at} ${line.level.toUpperCase()} ${line.message}\n`).join('');
  }

  /** The language of an interview, by id alone: the candidate page is authorised by its link. Null when unknown. */
  /**
   * Stores the candidate's feedback (the end screen; authorised by the link
   * alone). Accepted once, after the end; the answer says why not otherwise.
   */
  async recordCandidateFeedback(
    interviewId: string,
    feedback: { rating?: number; comment?: string },
  ): Promise<'saved' | 'not_found' | 'erased' | 'not_ended' | 'already_given'> {
    const row = isUuid(interviewId) ? await this.deps.repository.findById(interviewId.toLowerCase()) : undefined;
    if (!row) return 'not_found';
    if (row.erased_at !== null) return 'erased';
    if (row.state !== InterviewState.ENDED && row.state !== InterviewState.ERROR) return 'not_ended';
    if (row.feedback !== null) return 'already_given';
    const at = this.deps.clock.now().toISOString();
    const stored = JSON.stringify({ ...feedback, source: 'candidate_page', submitted_at: at });
    return (await this.deps.repository.saveCandidateFeedback(row.id, stored, at)) ? 'saved' : 'already_given';
  }

  /** Whether the interview's personal data was erased on request: every candidate route refuses its link. */
  async isErased(interviewId: string): Promise<boolean> {
    if (!isUuid(interviewId)) return false;
    const row = await this.deps.repository.findById(interviewId.toLowerCase());
    return row !== undefined && row.erased_at !== null;
  }

  async findLanguageCode(interviewId: string): Promise<number | null> {
    if (!isUuid(interviewId)) return null;
    const row = await this.deps.repository.findById(interviewId.toLowerCase());
    return row?.language_code ?? null;
  }

  private async findOwned(principal: Principal, interviewId: string): Promise<InterviewRow> {
    const row = isUuid(interviewId) ? await this.deps.repository.findOwned(interviewId.toLowerCase(), principal.id) : undefined;
    if (!row) throw new AppError('InterviewNotExist');
    return row;
  }

  private async findEnded(principal: Principal, interviewId: string): Promise<InterviewRow> {
    const row = await this.findOwned(principal, interviewId);
    if (row.state !== InterviewState.ENDED) throw new AppError('InterviewNotEndException');
    return row;
  }
}

export function toDetails(row: InterviewRow): InterviewDetailsResponse {
  return {
    id: row.id,
    job_info: {
      id: row.job_info_id,
      job_title: row.job_title,
      candidate_id: row.candidate_id,
      primary_tech_focus: row.primary_tech_focus,
      experience_level: row.experience_level,
      difficulty_level: row.difficulty_level,
      questions: parseJsonOr<StoredQuestion[] | null>(row.questions, null),
    },
    platformai_interview_id: row.platformai_interview_id === null ? null : Number(row.platformai_interview_id),
    userip: row.userip,
    user: row.user_id === null ? null : { id: row.user_id },
    call_api_id: row.call_api_id,
    call_length: row.call_length,
    feedback: row.feedback === null ? null : parseJsonOr<unknown>(row.feedback, null),
    created_at: row.created_at,
    next_question_index: row.next_question_index,
    state: row.state,
    user_disconnected: row.user_disconnected === 1,
    language_code: row.language_code,
    archival_status: row.archival_status,
    ending_reason: row.ending_reason,
    interview_type: row.interview_type,
    interview_agent_meta:
      row.interview_agent_meta === null ? null : parseJsonOr<Record<string, unknown> | null>(row.interview_agent_meta, null),
    resume_count: row.resume_count,
    candidate_id: row.candidate_id,
  };
}

/** A damaged JSON column (the interview then ends in state 3) must not make the record unreadable to its owner. */
function parseJsonOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toTranscriptEntry(row: TranscriptRow): TranscriptEntry {
  return {
    role: row.role === 'user' ? 'user' : 'assistant',
    content: row.content,
    created_at: row.created_at,
    control_id: row.control_id,
    video_time: row.video_begin === null || row.video_end === null ? null : videoTimeRange(row.video_begin, row.video_end),
  };
}

export function videoTimeRange(begin: number, end: number): VideoTimeRange {
  return { begin, end, formatted: `${clockTime(begin)} - ${clockTime(end)}` };
}

function clockTime(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
