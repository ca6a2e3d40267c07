// The shape of one interview language: everything the service knows about it,
// in one record per language (en.ts, de.ts, ...). Conversation, evaluation and
// the candidate page read these records; none of them keeps its own table.
// Word lists are written naturally; readers normalise them with the same
// function as the candidate's words (text.ts), so accents and script variants meet.

import type { LanguageCode } from '../interviews/enums.js';
import type { CountryTable } from './countries.js';

/** Snowball algorithms the stemmer package ships that our languages use. */
export type StemmerName = 'english' | 'german' | 'french' | 'spanish' | 'danish' | 'swedish' | 'arabic';

export interface Language {
  /** AgentLanguages code (the spec's `language_code`). */
  code: LanguageCode;
  /** BCP 47 tag, for the page's lang attribute, speech, and the locale header. */
  tag: string;
  direction: 'ltr' | 'rtl';
  englishName: string;
  nativeName: string;
  /** Snowball stemmer for words in Latin script (text.ts adds English: answers code-switch). */
  stemmer: StemmerName;
  /**
   * Words this language takes for what English says in one (French about 1.2: articles, "j'ai" is two words; Arabic
   * about 0.85: clitics are written onto the word); 1 when absent. The length an answer is asked for is in English
   * words, so the same content is as long in every language.
   */
  wordsPerEnglishWord?: number;
  /** The language this one is a variety of (Swiss German of German): an answer in either is not in another language. */
  variantOf?: LanguageCode;
  /** What the model-backed interviewer is told to write in. */
  modelInstruction: string;
  /** What the scripted interviewer says. */
  phrases: InterviewerPhrases;
  /** What a candidate's short utterance means (repeat, refusal, abuse, nothing more). */
  intents: IntentWords;
  /** Screening words (yes/no, negation, hedges, numbers, time units) and filler words. */
  lexicon: Lexicon;
  /** What the screening reader needs beyond the lexicon: dates, amounts with units, framed negations, credential names. */
  screening: ScreeningWords;
  /** Function words and rubric vocabulary that carry no subject matter. */
  stopWords: readonly string[];
  /** This language's members of the shared concept groups, keyed by the English record's concept names. */
  concepts: Readonly<Record<string, readonly string[]>>;
  /** Answer-structure cues the job rubric recognises. */
  cues: Cues;
  /** Report prose in this language; null: reports asked for in this language are written in English. */
  report: ReportProse | null;
  /** The candidate page's own words. */
  page: PageWords;
  /** The recruiter's report page (docs/report-page.md), in the report's locale. */
  reportPage: ReportPageWords;
  /** Which synthesizers and recognisers speak and hear this language (src/speech/). */
  speech: LanguageSpeech;
}

/** A language's voices: read by the speech providers, which never keep a table of their own. */
export interface LanguageSpeech {
  /** eSpeak NG voice (its language name in espeak-ng-data); every interview language has one. */
  espeakVoice: string;
  /** flite voice where flite speaks the language (English only), else null. */
  fliteVoice: string | null;
  /** The offline synthesizer that sounds better for this language, used when it is available. */
  preferredTts: 'espeak' | 'flite';
  /** Whether Debian's PocketSphinx model (pocketsphinx-en-us) understands it. */
  pocketsphinx: boolean;
}

export interface InterviewerPhrases {
  greetingJob(jobTitle: string): string;
  greetingScreening(jobTitle: string): string;
  greetingVideo(jobTitle: string): string;
  askIntro: string;
  ackIntro: string;
  askQuestion(n: number, total: number, text: string): string;
  followUp: string;
  repeat(text: string): string;
  /** Acknowledgements, varied by question so the interviewer does not sound like a loop. */
  acks: readonly [string, string, string];
  refusalNoted: string;
  abuseWarning: string;
  inviteQuestions: string;
  answerCandidateQuestion: string;
  closing(jobTitle: string): string;
  reminder: string;
  welcomeBack: string;
  /** Said while the candidate's answer waits for a free recogniser (the node is busy); shown, never stored. */
  oneMoment: string;
  farewellUserEnded: string;
  farewellInactivity: string;
  farewellUncooperative: string;
  farewellError: string;
  farewellResumes: string;
  /** What a simulated candidate says when it has nothing left (cli simulate). */
  candidateNothingMore: string;
}

/**
 * What a candidate's utterance means (conversation/intent.ts reads these). Phrases
 * match whole words; a trailing `*` lets a stem run on ("intervju*" also matches
 * "intervjun"), and Arabic words also match with attached prefixes (و، ب، ال).
 */
export interface IntentWords {
  /** Requests to hear the question again on their own ("say that again", "wie bitte"). */
  repeat: readonly string[];
  /** Verbs that ask for a repeat only in a request: a question, naming the question, or a very short utterance. */
  repeatVerbs: readonly string[];
  /** Declining this one question (they carry their own negation: "prefer not to answer"). */
  refusal: readonly string[];
  abuse: readonly string[];
  noMore: readonly string[];
  /** A bare "no" that, alone, means nothing more (recognised in every interview language). */
  bareNo: readonly string[];
  /** "Question" as a noun: a negated one is "no questions", a named one makes a repeat verb a request. */
  questionNouns: readonly string[];
  /** Thanks and politeness that may follow the "no" of "No, thanks". */
  thanks: readonly string[];
  /** "But": after an opening "no", the candidate goes on to ask something. */
  contrast: readonly string[];
  /** Ending the whole interview, each phrase on its own ("let's call it a day"). */
  end: readonly string[];
  /** Or, in one clause: a wish, a stop verb and the interview (or "here"): "I'd like to end the interview". */
  wish: readonly string[];
  stopVerbs: readonly string[];
  interviewNouns: readonly string[];
}

export type TimeUnit = 'year' | 'month' | 'week' | 'day';

export interface Lexicon {
  /** Affirmative answers; counted only at the start of a clause ("sí" is also "si", "ja" also a particle). */
  yes: string[];
  /** Negative answers at the start of a clause. */
  no: string[];
  /** Negation anywhere in a clause. */
  negators: string[];
  notYet: string[];
  /** Uncertainty; masked before negation is looked for, so "pata nahi" / "I don't know" are hedges, not negations. */
  hedges: string[];
  /** Negation words with a positive meaning ("no problem"), masked before negation is looked for. */
  affirmIdioms: string[];
  /** Fillers wherever they stand, unless inside a look-alike; a multi-word filler counts once. */
  fillers: string[];
  /** Fillers only as a clause of their own ("I was, like, tired"); a yes/no word opening a sentence is an answer ("Ja, ..."). */
  softFillers: string[];
  /**
   * Fillers when they open a clause and more words follow ("So I restarted it", "Also ich habe"): a listener hears
   * them as a run-up, not as meaning. "so that" and the like stay out through `fillerLookalikes`.
   */
  clauseFillers: string[];
  /**
   * Words after which a speaker who stops is pausing, not done: conjunctions, hesitation sounds, words that open a
   * phrase ("and", "um", "because", "the", "weil", "parce que", "و"). The end of a spoken turn waits longer after
   * them (src/session/channels/turn-end.ts). Words that often close a sentence too ("das", "si", "بس") stay out.
   */
  continuers: string[];
  /** Phrases in which a filler word carries meaning ("I like", "ce genre de", "typ av", "ماذا يعني"): never counted. */
  fillerLookalikes: string[];
  numberWords: Record<string, number>;
  /**
   * How a tens word and a unit word make one number, `{t}` the tens (20 to 90 in numberWords), `{u}` the unit
   * (1 to 9): "{t} {u}" ("twenty-six"), "{u}und{t}" ("vierunddreißig"), "{t} y {u}", "{u} و{t}". Ages are said so.
   */
  numberCompounds?: string[];
  /**
   * A half added to the number before it ("three and a half", "tres y medio", "trois et demi", "ثلاثة ونصف"), or
   * after it ("साढ़े चौदह" = 14.5): read as the number and a half.
   */
  halfAfter: string[];
  halfBefore: string[];
  units: Record<TimeUnit, string[]>;
  /** Single words that carry their own number (Arabic duals: سنتين = two years). */
  countedUnits?: Record<string, [number, TimeUnit]>;
  immediately: string[];
  /** Before a number: the true value is a little above it ("more than ten"). */
  above: string[];
  /** Before a number: the true value is a little below it ("almost three"). */
  below: string[];
  /** In a criterion: the number is a maximum ("within 4 weeks"). */
  within: string[];
  /** In a criterion: the number is a minimum ("at least 3 years"); a number with a time unit is a minimum by default. */
  atLeast: string[];
  /** In a criterion: the requirement is an absence ("must not require sponsorship"). */
  mustNot: string[];
  /** Weak absence markers, counted only when they open a criterion ("No visa sponsorship required", "Ohne Vorstrafen"). */
  absenceOpeners: string[];
  firstPerson: string[];
}

/**
 * Screening words (evaluation/screening.ts, screening-amounts.ts). Phrases are
 * matched as whole normalised tokens; English is always read as well.
 */
export interface ScreeningWords {
  /** The twelve months in order, each with its spellings ("march|mar"). */
  months: string[];
  /** Before a date or amount: where the candidate's availability starts ("from", "ab", "à partir du"); the date after it decides. */
  from: string[];
  /**
   * Beside a year: since when the candidate has done it ("since 2018", "seit 2019", "2018 से", "منذ عام 2020").
   * Read against the date the answer was given, never the clock of the evaluation run.
   */
  since: string[];
  /** A distance unit and its length in kilometres ("miles" 1.609, Swedish "mil" 10). */
  distanceUnits: Record<string, number>;
  hourUnits: string[];
  /** Minutes: a time, read as part of an hour ("45 minutes away" is a travel time, never 45 km). */
  minuteUnits: string[];
  /**
   * Frames that make a count of years an age, not a stretch of experience: `#` stands for the number and its unit,
   * `$` for the end of the clause ("# old", "aged #", "j'ai # $", "tengo # y", "عمري #", "# का हूँ", "# gammel").
   */
  ages: string[];
  /**
   * Frames in which a number with no unit is an age ("i'm #", "ich bin #", "jeg er #", "# का हूँ"): a plain number
   * from 16 to 80 ("I'm 50", "jag är 27"), never "I'm 5 minutes away" (a unit follows) or "ich bin 3 Jahre dabei".
   */
  agesSaid: string[];
  /** Frames that name the age to come ("I turn #", "ich werde #", "jeg fylder #"): one less now; a month may come between. */
  agesNext: string[];
  /** Frames that make a stretch a point in the past ("# ago", "vor #", "for # siden"): when something happened, no experience. */
  ago: string[];
  /** Age frames read only in a criterion ("be #", "# sein", "være #"): in an answer they say a stretch ("it'll be 20 years"). */
  agesAsked: string[];
  /** Words that make a criterion one of experience ("experience", "Berufserfahrung", "خبرة"): an age says nothing of it. */
  experience: string[];
  /** Events of one's life ("moved", "graduated", "flyttede", "انتقلت"): "# ago" beside one is when it happened, no experience. */
  lifeEvents: string[];
  /** Work going on after such an event ("ever since", "seitdem", "desde entonces", "तब से"): then "# ago" is how long again. */
  sinceThen: string[];
  percentUnits: string[];
  /** After a number: times 1000 ("k", "tausend", "mil", "हज़ार"). */
  thousands: string[];
  /** After a number: times 100 000 (Indian "lakh", "LPA"). */
  lakhs: string[];
  /** After a number: times 100 ("five hundred", "fünf hundert", "cinq cents", "पाँच सौ", "خمس مئة"). */
  hundreds: string[];
  /**
   * Between the parts of a number said in full, after a hundred or a thousand ("two thousand and fifty", "to hundrede
   * og halvtreds", "ثلاثة آلاف وخمسمائة"): the parts make one number. Arabic "و" also joins glued to the next part.
   */
  numberJoiners: string[];
  /**
   * Counts said loosely before a time unit ("a couple of years", "ein paar Jahre", "quelques années", "कई साल"): a
   * couple is 2 to 3, a few 2 to 5, several 2 to 7 (VAGUE_COUNTS); a limit inside that span is undecided.
   */
  vagueCounts: { couple: string[]; few: string[]; several: string[] };
  /**
   * How stretches of work follow one another in an answer: `then` between two adds them up ("eight months at a call
   * centre and then ten months at ..."), `corrections` right before the next one replace the one before ("about a
   * year, no, ten months"), and `apart` in a stretch's clause keeps them apart: study, leave, a gap, a stretch
   * alongside another, a total ("two years of study and then a year of work" is one year of work); a stretch after a
   * "then" is added only with a `work` word near it (a job, a workplace: "at", "bei", "chez", "company", "काम").
   */
  stretches: { then: string[]; corrections: string[]; apart: string[]; work: string[] };
  /** Currency names and signs said after a figure ("30 euros an hour", "800 kr om måneden"): the figure is pay. */
  currencies: string[];
  /** Words that make a criterion with two amounts a pay range (salary, Lohn, salaire, वेतन, راتب). */
  payWords: string[];
  /** Problem nouns: a negation next to one ("never had a problem with", "kein Thema", "कोई परेशानी नहीं") says yes. */
  problemNouns: string[];
  /** Verbs of objecting: negated they say yes ("I wouldn't mind", "ça ne me dérange pas", "no me importa", "har inget emot"). */
  objections: string[];
  /** Beside an amount: what the candidate earns now, not what they ask for ("I currently make", "aktuell", "अभी"). */
  currentPay: string[];
  /**
   * A wish to earn more than now ("a step up", "mich verbessern", "une augmentation", "mejorar", "lønstigning", "हाइक",
   * "زيادة"): with only the current pay named, the expectation is above it by an unknown amount.
   */
  payRise: string[];
  /**
   * After a count of 12 to 16: the monthly pays a year ("14 pagas", "13 Monatslöhne", "a 13th salary", "sur 13 mois",
   * "14 راتبا"), so a monthly figure is that many times it a year.
   */
  salaryPayments: string[];
  /** Before a count of 12 to 16 after a monthly figure: that many pays a year ("mal dreizehn", "times 13", "x 14"). */
  salaryTimes: string[];
  /** A clause opening "it is not that ..." whose own negation is cancelled ("not that I wouldn't" = willing). */
  notThatFrames: string[];
  /** Opening a clause, a turn that outweighs what came before ("..., but honestly no"). */
  contrasts: string[];
  /** A credential that exists but does not count: expired, learner's, not yet renewed. */
  lapsed: string[];
  /** A later, vaguer answer instead of one now ("let's talk about that later", "I'd have to check"): undecided. */
  deferrals: string[];
  /** Common names of the same credential, each group one licence or certificate ("staplerschein|flurförderzeugschein"). */
  credentialNames: string[];
  /**
   * Beside an amount of pay: the period it is paid for ("an hour", "a day", "a month", "monatlich", "Tagessatz", "la
   * journée", "par an", "LPA", "a week", "pro Woche").
   */
  payPeriods: { hour: string[]; day: string[]; week: string[]; month: string[]; year: string[] };
  /** A requirement still on its way ("I've applied for", "in Bearbeitung", "je vais passer"): not yet met. */
  pending: string[];
  /** A criterion about the right to work ("work permit", "authorised to work", "Arbeitsbewilligung", "visa"). */
  workAuthorisation: string[];
  /** A permit that is itself the right to work ("work permit", "permanent resident", "Niederlassungsbewilligung C"). */
  workPermits: string[];
  /** Citizenship ("citizen", "passport", "Staatsbürger"): the right to work where the country named is the criterion's. */
  citizenship: string[];
  /**
   * Countries by code (countries.ts) in this language: names, nationals, birthplaces, permits. A national of the
   * criterion's country, or of any EU/EEA country or Switzerland where the criterion asks for one of them, holds the
   * right to work ("Ich bin Österreicherin" for a job in Germany, "je suis belge" for one in France).
   */
  countries: CountryTable;
  /**
   * Said of oneself before a nationality ("I'm", "I hold", "ich bin", "je suis", "soy", "jeg er", "أنا", "मैं"): only
   * these, stop words and citizenship words may come before it, so "my wife is Italian" is not the candidate's.
   */
  selfDescriptions: string[];
  /**
   * Having, said of oneself ("I have", "ich habe", "j'ai", "tengo", "jeg har", "عندي", "मेरे पास"): having X is not
   * being X, so a nationality after these counts only beside a citizenship word ("I have an Italian passport"), not
   * "ich habe Este", "मेरे पास चेक है" (a cheque), "मेरे पास English और Hindi दोनों हैं".
   */
  holdings: string[];
  /** Being born somewhere ("born in", "geboren in", "né à", "nací en", "født i", "ولدت في", "जन्म"). */
  birthplaces: string[];
  /**
   * An employer sponsoring a visa ("sponsorship", "sponsor me", "Visumsponsoring"): said without a negation, the
   * candidate needs it, so the right to work is not there yet ("I'd need H-1B sponsorship").
   */
  sponsorship: string[];
  /**
   * Needing something ("I'd need", "bräuchte", "j'aurais besoin", "necesitaría", "ज़रूरत", "سأحتاج"): said of a visa or
   * permit without a negation, the candidate does not hold it ("I'd need a work visa").
   */
  needs: string[];
  /**
   * Applying for a permit ("apply for", "beantragen", "tramitar", "søge om", "söka", "आवेदन", "تقديم طلب"): said of a
   * visa or permit without a negation, someone still has to apply for it, so it is not held ("you'd have to apply
   * for a new permit for me").
   */
  applications: string[];
  /**
   * A permit bound to one employer or purpose ("tied to my current employer", "an den Arbeitgeber gebunden", "knutet
   * till"): not the right to work for another.
   */
  tiedPermits: string[];
  /**
   * A plan or a step in progress ("I'm about to finish", "me mudaré", "أستعد", "करने वाला हूँ", "håller på att"):
   * not yet true, so pending, unless the criterion asks for willingness (`willingness`), which a plan shows.
   */
  plans: string[];
  /**
   * A permit to study ("student visa", "Aufenthaltserlaubnis zum Studium", "estancia por estudios", "studieophold",
   * "تأشيرة طالب"): it caps the hours one may work, so against a full-time job it is not the right to work it needs.
   */
  studentPermits: string[];
  /**
   * In a criterion: the job is full-time ("full-time", "Vollzeit", "jornada completa", "heltid", "دوام كامل"); a permit
   * capped under full-time hours ("lets me work up to 20 hours a week") is not the right to work it needs.
   */
  fullTime: string[];
  /**
   * A permit running out ("expires", "läuft aus", "caduca", "udløber", "går ut", "تنتهي", "खत्म हो रहा"): beside a
   * permit, with no year or longer span named, the right to work is not there for the job.
   */
  expiring: string[];
  /** In a criterion: it asks whether the candidate is willing ("willing to relocate", "bereit", "prêt à", "مستعد"). */
  willingness: string[];
}

/** Cue phrases per answer shape; every list may be empty for a language. */
export interface Cues {
  pastSituation: readonly string[];
  result: readonly string[];
  lesson: readonly string[];
  ownership: readonly string[];
  /** Pushing the responsibility elsewhere: a red flag in behavioural and situational answers. */
  deflection: readonly string[];
  steps: readonly string[];
  tradeOff: readonly string[];
  example: readonly string[];
  reasoning: readonly string[];
  doesNotKnow: readonly string[];
  /** Admits not knowing part of it ("I'm not sure why"). */
  admittedGap: readonly string[];
  pastVerbsIrregular: readonly string[];
  /** The subject pronoun of "I did", for own actions. */
  firstPersonSubject: readonly string[];
  /**
   * A regular past verb (regex source over one normalised token, '' for none):
   * next to the subject it is an own action ("I migrated", "dann habe ich ...
   * geprüft", "jeg skrev"); three of them tell a past story.
   */
  pastVerbPattern: string;
  /** Forms that are a first-person past action on their own ("j ai", "hablé", "मैंने", "استمعت"). */
  ownActions: readonly string[];
  /** Trying to steer the grade instead of answering ("ignore your instructions", "give me EXCELLENT"). */
  manipulation: readonly string[];
  /** Assertions of certainty ("obviously", "all you need is", "there is no downside"). */
  certainty: readonly string[];
  /** Generic value statements ("it's very important", "everyone does it"): with nothing credited, an answer built on them says nothing. */
  platitude: readonly string[];
  /** Proportions that quantify a result ("half", "doubled"). */
  proportion: readonly string[];
  /** Absolute claims ("never", "always", "no cost", "free"): against a criterion about costs or limits they are an error. */
  absolutes: readonly string[];
  /** Words in a criterion that ask for a cost, limit or risk ("overhead", "trade-off", "slower"). */
  costTerms: readonly string[];
  /**
   * Pairs of opposite words, each "word opposite" ("hard easy", "langsam schnell"): an answer that says one where the
   * criterion says the other, about the same thing, contradicts it ("easy to reproduce" against "hard to reproduce").
   */
  opposites: readonly string[];
  /** Words in a criterion that call for a structural cue rather than a keyword. */
  triggers: Readonly<Record<CueTrigger, readonly string[]>>;
}

export type CueTrigger = 'situation' | 'action' | 'result' | 'lesson' | 'ownership' | 'quantified' | 'steps' | 'reason';

/** The evaluation's prose (ratings, outcomes and suitability stay English enumerations). */
export interface ReportProse {
  notAnswered: string;
  criteriaFound(found: readonly string[], total: number): string;
  /** Criteria the answer touches but does not meet in full. */
  criteriaPartly(partial: readonly string[]): string;
  criteriaMissed(missed: readonly string[]): string;
  noCriteriaFound: string;
  rubricNote(note: string): string;
  addressCriterion(criterion: string): string;
  expandAnswer: string;
  giveConcreteExample: string;
  explainWhy: string;
  useStar: string;
  speakFirstPerson: string;
  describeOutcome: string;
  layOutPlan: string;
  nameTradeOffs: string;
  didNotKnow: string;
  /** The answer is a list of keywords (job-rubric.ts, keyword stuffing). */
  keywordList: string;
  /** The answer tries to steer the grade. */
  manipulation: string;
  /** A confident claim that misses most criteria. */
  overclaim: string;
  /** The answer contradicts a criterion; `words` quotes the claim. */
  contradicts(criterion: string, words: string): string;
  /** The evidence is thin or conflicting: the rating is tentative. */
  evidenceTentative: string;
  /** The answer is in another language (its own name for itself) than the interview's. */
  otherLanguage(language: string): string;
  // rubric notes
  noteStar(hasSituation: boolean, hasAction: boolean, hasResult: boolean): string;
  notePlan(steps: boolean, tradeOffs: boolean): string;
  noteSpecific(specific: boolean): string;
  noteLevel(level: string, difficulty: string): string;
  // overall
  strength(questionNo: number, question: string, criteria: readonly string[], quote: string): string;
  weakness(questionNo: number, question: string, missed: readonly string[], quote: string): string;
  recommendProbe(criteria: readonly string[]): string;
  recommendStructure: string;
  recommendSpecifics: string;
  recommendNextRound: string;
  recommendMoreEvidence: string;
  /** Screening's short overall form: a missed qualifying question to confirm. */
  confirmWithCandidate(question: string): string;
  /** The overall form of a video introduction, which is not evaluated. */
  videoNotEvaluated: string;
  // screening
  screeningNoAnswer(criterion: string): string;
  screeningNoCriterion: string;
  screeningQuantity(stated: string, required: string, comparator: 'min' | 'max', meets: boolean, quote: string): string;
  /** A loose count ("a couple of years": 2–3 years) whose span reaches either side of the limit: undecided. */
  screeningQuantityLoose(stated: string, required: string, comparator: 'min' | 'max', quote: string): string;
  screeningDenied(criterion: string, quote: string): string;
  screeningQuantityDenied(stated: string, quote: string): string;
  screeningAffirmed(criterion: string, quote: string): string;
  screeningAbsenceConfirmed(criterion: string, quote: string): string;
  screeningAbsenceViolated(criterion: string, quote: string): string;
  screeningHedged(criterion: string, hedges: readonly string[], quote: string): string;
  screeningUnclear(criterion: string, quote: string): string;
  quantity(value: number, unit: string): string;
}

/** The candidate page's own words (the interviewer's come from the server). */
export interface PageWords {
  title: string;
  answer: string;
  send: string;
  repeat: string;
  end: string;
  confirmEnd: string;
  ended: string;
  /** The interview is open in another window (INTERVIEW_NOT_ALLOWED, session_active). */
  elsewhere: string;
  /** The interview has already ended (INTERVIEW_NOT_ALLOWED, interview_ended). */
  over: string;
  /** The link names no interview (INTERVIEW_NOT_FOUND). */
  invalid: string;
  problem: string;
  /** Shown until the session answers. */
  connecting: string;
  reconnecting: string;
  // The voice page's screens (docs/candidate-page.md). Placeholders in braces are filled by the page.
  /** The welcome screen heading; {job} is the job title. */
  welcomeHeading: string;
  /** How the interview works. */
  howItWorks: string;
  /** {n}: the number of questions. */
  questionCount: string;
  /** {minutes}: the expected duration. */
  duration: string;
  /** The silence limit on the welcome screen: `{seconds}` of silence before each of `{reminders}` reminders. */
  inactivityLimit: string;
  /** Welcome screen, beside the silence limit: the reminder's "more time" button, `{minutes}` each, at most `{count}` times. */
  moreTimeHint: string;
  recordedHeading: string;
  /** What is recorded and why. */
  recordedText: string;
  /** The link to the operator's privacy notice. */
  privacyLink: string;
  /** Shown when no privacy notice is configured. */
  privacyMissing: string;
  /** The welcome screen's forward button. */
  startInterview: string;
  consentHeading: string;
  consentText: string;
  /** The consent button. */
  agree: string;
  back: string;
  deviceHeading: string;
  micAsk: string;
  /** The microphone level meter's label. */
  micLevel: string;
  micSpeak: string;
  /** How to fix a denied microphone. */
  micDenied: string;
  micMissing: string;
  tryAgain: string;
  speakerTest: string;
  speakerHint: string;
  /** The device check's camera button. Off stops the camera, so nothing is recorded; on, it is recorded with the interview. */
  cameraOn: string;
  cameraOff: string;
  cameraNote: string;
  /** Video introductions (interview type 2): the camera is required and recorded; on the welcome and device screens. */
  cameraRequired: string;
  /** The device check's forward button. */
  continue: string;
  /** Continue without the microphone (must mention typing). */
  typeInstead: string;
  speechUnavailable: string;
  /** Welcome screen, browser recognition: the candidate's voice goes to the browser's vendor. */
  recognitionByBrowser: string;
  /** Welcome screen, the server's offline English recogniser (PocketSphinx): it often mishears real voices. */
  recognitionLowAccuracy: string;
  progressIntro: string;
  /** {n} of {total}. */
  progressQuestion: string;
  progressClosing: string;
  elapsed: string;
  /** Speaker label for screen readers and captions. */
  speakerInterviewer: string;
  speakerYou: string;
  interviewerSpeaking: string;
  interviewerThinking: string;
  yourTurn: string;
  listening: string;
  youSpeaking: string;
  /** From the end of the candidate's answer until the interviewer's reply starts. */
  gotIt: string;
  /** The control that stops the interviewer's voice (WCAG 1.4.2), and turns it on again. */
  voiceOff: string;
  voiceOn: string;
  /** Beside an inactivity reminder: the interview ends in about `{minutes}` without an answer or more time. */
  reminderNotice: string;
  /** The button that asks for more time (protocol `more_time`), and what it says once granted (`{minutes}`). */
  moreTime: string;
  moreTimeGranted: string;
  /** The name of the conversation list (a log region for screen readers). */
  conversation: string;
  mute: string;
  unmute: string;
  /** Opens the typed answer box (must mention typing). */
  typeAnswer: string;
  speakAnswer: string;
  sendHint: string;
  endConfirmYes: string;
  endConfirmNo: string;
  thanksHeading: string;
  /** The end screen's text by how the interview ended: completed (`thanksText`), by the candidate, for inactivity, otherwise. */
  thanksText: string;
  endedByYouText: string;
  endedInactivityText: string;
  endedOtherText: string;
  feedbackHeading: string;
  feedbackRating: string;
  /** {n}: 1 to 5. */
  ratingValue: string;
  feedbackComment: string;
  feedbackSend: string;
  feedbackThanks: string;
  feedbackFailed: string;
  invalidHeading: string;
  overHeading: string;
  elsewhereHeading: string;
  useHere: string;
  stillElsewhere: string;
  lostHeading: string;
  /** {time}: the grace period left. */
  lostCountdown: string;
  lastReconnect: string;
  reconnectNow: string;
  problemHeading: string;
}

/**
 * The recruiter's report page. Ratings, suitability and outcomes stay English
 * in the API; the page shows them in these words. Placeholders in braces are
 * filled by the page.
 */
export interface ReportPageWords {
  title: string;
  candidate: string;
  position: string;
  date: string;
  kindJob: string;
  kindScreening: string;
  kindVideo: string;
  print: string;
  recordingHeading: string;
  /** The recording is not ready (or there is none). */
  noRecording: string;
  audioLabel: string;
  videoLabel: string;
  overallHeading: string;
  suitability: string;
  suitabilityExceeds: string;
  suitabilityMeets: string;
  suitabilityBelow: string;
  suitabilityFurther: string;
  strengths: string;
  weaknesses: string;
  recommendations: string;
  /** The evaluation is still being made, or could not be made (not every question answered). */
  evaluationPending: string;
  evaluationMissing: string;
  /** Video introductions are not evaluated. */
  notEvaluated: string;
  questionsHeading: string;
  /** {n}: the question's number. */
  questionNumber: string;
  answer: string;
  notAnswered: string;
  rating: string;
  ratingSuboptimal: string;
  ratingOkay: string;
  ratingGood: string;
  ratingExcellent: string;
  improvementPoints: string;
  criteriaMet: string;
  criteriaMissed: string;
  outcome: string;
  outcomeMet: string;
  outcomeNotMet: string;
  outcomeUndecided: string;
  reasons: string;
  /** An information question of a screening: recorded, not graded. */
  informationOnly: string;
  /** The question card's button; {time}: where its answer starts on the recording. */
  playAnswer: string;
  communicationHeading: string;
  wordsSpoken: string;
  fillerWords: string;
  /** {n}: a number with decimals. */
  per100Words: string;
  repetition: string;
  repeatedPhrases: string;
  clarity: string;
  clarityClear: string;
  clarityMostlyClear: string;
  clarityUnclear: string;
  /** {n} of 100. */
  clarityScore: string;
  averageSentence: string;
  transcriptHeading: string;
  transcriptHint: string;
  speakerInterviewer: string;
  speakerCandidate: string;
  /** Accessible name of a transcript line's button; {time}: where it starts. */
  playFrom: string;
  expiredHeading: string;
  expiredText: string;
  invalidHeading: string;
  invalidText: string;
}

/** `'a|b|c'` -> `['a', 'b', 'c']`: long word lists stay readable on a line. */
export const list = (phrases: string): string[] =>
  phrases
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);

/** `'one=1|two=2'` -> `{ one: 1, two: 2 }`. */
export const numbers = (pairs: string): Record<string, number> =>
  Object.fromEntries(
    list(pairs).map((pair) => {
      const [word, value] = pair.split('=');
      return [(word as string).trim(), Number(value)];
    }),
  );

/** Quoted items for report prose: `"a"; "b"`. */
export const quoted = (items: readonly string[]): string => items.map((i) => `"${i}"`).join('; ');

/** Space-separated words, for stop-word lines. */
export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
