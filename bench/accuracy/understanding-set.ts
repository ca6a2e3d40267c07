// The understanding set (test/fixtures/understanding/*.json): labelled
// candidate utterances in the nine interview languages, read by the accuracy
// bench (bench/accuracy/run.ts) and checked for integrity by
// test/understanding-set.test.ts. Labels were written before any rule was
// read; `heldout` items must never be looked at while changing rules.

import { readFileSync } from 'node:fs';
import {
  AgentLanguages,
  type DifficultyLevel,
  type ExperienceLevel,
  type JobQuestionType,
  type LanguageCode,
} from '../../src/interviews/enums.js';
import type { Rating } from '../../src/evaluation/index.js';
import type { StoredJobQuestion } from '../../src/interviews/questions.js';

/** Language tags used in the fixtures, in AgentLanguages order; de-CH is Swiss Standard German (no ß). */
export const LANGUAGE_TAGS = ['en', 'de', 'hi', 'de-CH', 'fr', 'es', 'da', 'sv', 'ar'] as const;
export type LanguageTag = (typeof LANGUAGE_TAGS)[number];

export const LANGUAGE_CODE_OF: Readonly<Record<LanguageTag, LanguageCode>> = {
  en: AgentLanguages.ENGLISH,
  de: AgentLanguages.GERMAN,
  hi: AgentLanguages.HINDI,
  'de-CH': AgentLanguages.SWISS_GERMAN,
  fr: AgentLanguages.FRENCH,
  es: AgentLanguages.SPANISH,
  da: AgentLanguages.DANISH,
  sv: AgentLanguages.SWEDISH,
  ar: AgentLanguages.ARABIC,
};

export const CATEGORIES = ['screening', 'job', 'intent', 'follow_up', 'fillers'] as const;
export type Category = (typeof CATEGORIES)[number];
/**
 * `blind`: the separate set in blind/, written without reading the rules or the other items; measured, never tuned on.
 * `development`: the separate set in development/, written the same way and in the same shape, for rules that must
 * hold on answers written elsewhere: it may be read and tuned on, so the blind set stays blind.
 * `crosscheck`: a third separate set, written later by other hands in the same shape, to check whether rules chosen on
 * the development set carry over before the blind set is measured; its misses are not printed, like the held-out ones.
 * `fresh`: a fourth separate set, written blind while the development set grew, measured once before and once after
 * the rules tuned on that growth, so a step's gain is read on answers its rules never met; misses not printed.
 */
export type Split = 'tune' | 'heldout' | 'blind' | 'development' | 'crosscheck' | 'fresh';
/** The sets kept in their own folders, measured whole. */
export type SeparateSet = 'blind' | 'development' | 'crosscheck' | 'fresh';
export const SEPARATE_SETS: readonly SeparateSet[] = ['blind', 'development', 'crosscheck', 'fresh'];

interface BaseItem {
  id: string;
  split: Split;
  language: LanguageTag;
  category: Category;
  subcategory: string;
  argument: string;
}

export type ScreeningLabel = 'met' | 'not_met' | 'undecided';
export const SCREENING_LABELS: readonly ScreeningLabel[] = ['met', 'not_met', 'undecided'];

export interface ScreeningItem extends BaseItem {
  category: 'screening';
  question_text: string;
  qualifying_criteria: string;
  answer: string;
  label: ScreeningLabel;
  /** The day the answer was given (ISO), for answers read against it ("since 2018"); passed as the answer's time. */
  answered_at?: string;
}

export interface JobQuestion {
  language: LanguageTag;
  type: JobQuestionType;
  experience_level: ExperienceLevel;
  difficulty_level: DifficultyLevel;
  question: string;
  evaluation_criteria: string[];
  sample_answer: string | null;
}

export interface JobItem extends BaseItem {
  category: 'job';
  /** Key into the job file's `questions`. */
  q: string;
  answer: string;
  label: Rating;
}

export type IntentLabel = 'answer' | 'question' | 'no_questions' | 'repeat' | 'refusal' | 'end';
export const INTENT_LABELS: readonly IntentLabel[] = ['answer', 'question', 'no_questions', 'repeat', 'refusal', 'end'];
/** Where the interviewer stands: awaiting an answer to a job question, or having asked whether the candidate has questions. */
export type IntentStage = 'answer' | 'candidate_questions';

export interface IntentItem extends BaseItem {
  category: 'intent';
  stage: IntentStage;
  text: string;
  label: IntentLabel;
}

export interface FollowUpItem extends BaseItem {
  category: 'follow_up';
  q: string;
  answer: string;
  /** True when the interviewer should ask its one follow-up. */
  label: boolean;
}

export interface FillerItem extends BaseItem {
  category: 'fillers';
  answer: string;
  /** Fillers a careful listener counts (the file's description says which). */
  label: number;
}

export type UnderstandingItem = ScreeningItem | JobItem | IntentItem | FollowUpItem | FillerItem;

export interface UnderstandingSet {
  jobQuestions: Record<string, JobQuestion>;
  screening: ScreeningItem[];
  job: JobItem[];
  intent: IntentItem[];
  followUp: FollowUpItem[];
  fillers: FillerItem[];
}

const FIXTURES = new URL('../../test/fixtures/understanding/', import.meta.url);

function read<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

export function loadUnderstandingSet(): UnderstandingSet {
  const job = read<{ questions: Record<string, JobQuestion>; items: JobItem[] }>('job.json');
  return {
    jobQuestions: job.questions,
    screening: read<{ items: ScreeningItem[] }>('screening.json').items,
    job: job.items,
    intent: read<{ items: IntentItem[] }>('intent.json').items,
    followUp: read<{ items: FollowUpItem[] }>('follow-up.json').items,
    fillers: read<{ items: FillerItem[] }>('fillers.json').items,
  };
}

/** A set in its own folder (test/fixtures/understanding/<name>/): job answers, screening answers and, for the blind set, filler counts. */
export function loadSeparateSet(name: SeparateSet): UnderstandingSet {
  const job = read<{ questions: Record<string, JobQuestion>; items: JobItem[] }>(`${name}/job.json`);
  return {
    jobQuestions: job.questions,
    screening: read<{ items: ScreeningItem[] }>(`${name}/screening.json`).items,
    job: job.items,
    intent: [],
    followUp: [],
    fillers: name === 'blind' ? read<{ items: FillerItem[] }>('blind/fillers.json').items : [],
  };
}

export function allItems(set: UnderstandingSet): UnderstandingItem[] {
  return [...set.screening, ...set.job, ...set.intent, ...set.followUp, ...set.fillers];
}

/** The question an item refers to; a dangling reference is a broken fixture. */
export function jobQuestionOf(set: UnderstandingSet, item: JobItem | FollowUpItem): JobQuestion {
  const question = set.jobQuestions[item.q];
  if (!question) throw new Error(`${item.id} refers to unknown question ${item.q}`);
  return question;
}

/** A set's question as the service stores it, the only one of its interview ("q1"). */
export function storedJobQuestion(q: JobQuestion): StoredJobQuestion {
  return { id: 'q1', question: q.question, evaluation_criteria: q.evaluation_criteria, sample_answer: q.sample_answer, type: q.type };
}
