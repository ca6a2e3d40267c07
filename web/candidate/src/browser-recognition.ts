// Speech recognition in the browser (Web Speech API), used where the server
// lets the page recognise (`session.speech.browser_recognition`, or
// `recognition: "browser"` with STT_PROVIDER=browser) and the browser has a
// recogniser. The microphone audio still streams to the server, whose VAD
// takes the turns and which keeps the recording; this file only turns speech
// into text: the whole text of the utterance in progress as it grows (sent as
// `recognised`, shown as a caption), final once the browser settles it.

import type { ServerEvents } from '../../../src/session/protocol.js';

type SpeechOffer = NonNullable<ServerEvents['session']['speech']>;
/** Who recognises the candidate in this page: the browser, the server, or nobody (typed answers). */
export type RecognitionPlan = 'browser' | 'server' | 'none';

// The Web Speech API's recognition interfaces, as far as this page uses them
// (TypeScript's DOM library does not declare them: Chromium still prefixes the constructor).
interface RecognitionAlternative {
  readonly transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative;
}
interface RecognitionResultEvent extends Event {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}
interface RecognitionErrorEvent extends Event {
  readonly error: string;
}
export interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recogniser, or null where it has none (Firefox, for one). */
export function findBrowserRecogniser(scope: object = globalThis): SpeechRecognitionConstructor | null {
  const found = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const constructor = found.SpeechRecognition ?? found.webkitSpeechRecognition;
  return typeof constructor === 'function' ? (constructor as SpeechRecognitionConstructor) : null;
}

/**
 * The browser where the server allows it and the page can, else the
 * server's own choice. A page without a recogniser under
 * STT_PROVIDER=browser leaves typing.
 */
export function planRecognition(offer: SpeechOffer | undefined, canRecogniseHere: boolean): RecognitionPlan {
  if (!offer) return 'none';
  const browserAllowed = offer.recognition === 'browser' || offer.browser_recognition === true;
  if (browserAllowed && canRecogniseHere) return 'browser';
  return offer.recognition === 'browser' ? 'none' : offer.recognition;
}

export interface BrowserRecognitionHooks {
  /** The whole text of the utterance so far; `isFinal` once the browser has settled all of it. Send as `recognised`. */
  recognised(text: string, isFinal: boolean): void;
  /** The interim caption of the candidate's speech ('' clears it). */
  caption(text: string): void;
  /** The recogniser cannot work in this browser (no network to its service, refused, language not offered). */
  failed(reason: string): void;
}

/** Errors after which recognising again would only fail again. */
const FATAL_ERRORS: ReadonlySet<string> = new Set([
  'network',
  'not-allowed',
  'service-not-allowed',
  'language-not-supported',
  'audio-capture',
  'bad-grammar',
]);
/** A recogniser whose runs end this often in a row within a second, having heard nothing, is taken as broken. */
const MAX_QUICK_EMPTY_RUNS = 5;
const QUICK_RUN_MS = 1_000;
/** Answers the server heard (its VAD) in a row of which this browser recognised nothing: a recogniser that hears nothing. */
const MAX_DEAF_UTTERANCES = 2;
/** What a `recognised` message may carry. */
const MAX_TEXT_CHARS = 8_000;

export class BrowserRecognition {
  private recogniser: SpeechRecognitionLike | null = null;
  /** The transcript of each result of the current recognition run, by index. */
  private results: { text: string; isFinal: boolean }[] = [];
  /** Results before this index belong to utterances the server already took. */
  private taken = 0;
  private lastSent = '';
  private quickEmptyRuns = 0;
  private deafUtterances = 0;
  private heardThisRun = false;
  private runStartedAt = 0;
  private isStopped = false;

  constructor(
    private readonly Recogniser: SpeechRecognitionConstructor,
    /** BCP 47 tag of the interview's language. */
    private readonly languageTag: string,
    private readonly hooks: BrowserRecognitionHooks,
  ) {}

  start(): void {
    this.isStopped = false;
    this.run();
  }

  /**
   * The server heard speech start (`vad` speaking): results the browser has
   * already settled belong to earlier speech that was not an answer (said
   * while the interviewer spoke); the one still in progress is this answer.
   */
  utteranceStarted(): void {
    while (this.taken < this.results.length && this.results[this.taken]?.isFinal) this.taken += 1;
    this.lastSent = '';
  }

  /**
   * The server took the utterance (`heard` with `final`): what follows is the
   * next one. An empty text means the server heard speech the browser did not
   * recognise; a browser whose recogniser never answers (no network to its
   * service, and no error either) fails after a few of them.
   */
  utteranceTaken(serverText: string): void {
    const heardNothing = !serverText && this.results.length === this.taken;
    this.deafUtterances = heardNothing ? this.deafUtterances + 1 : 0;
    this.taken = this.results.length;
    if (this.deafUtterances >= MAX_DEAF_UTTERANCES) return this.fail('it recognised nothing of what the candidate said');
    this.lastSent = '';
    this.hooks.caption('');
  }

  stop(): void {
    this.isStopped = true;
    const recogniser = this.recogniser;
    this.recogniser = null;
    recogniser?.abort();
    this.hooks.caption('');
  }

  private run(): void {
    const recogniser = new this.Recogniser();
    recogniser.lang = this.languageTag;
    recogniser.continuous = true;
    recogniser.interimResults = true;
    recogniser.maxAlternatives = 1;
    recogniser.addEventListener('result', (event) => this.onResult(event as RecognitionResultEvent));
    recogniser.addEventListener('error', (event) => this.onError((event as RecognitionErrorEvent).error));
    // Browsers end a recognition run after a while (silence, a time limit): a new run carries on.
    recogniser.addEventListener('end', () => this.onEnd(recogniser));
    this.recogniser = recogniser;
    this.results = [];
    this.taken = 0;
    this.heardThisRun = false;
    this.runStartedAt = performance.now();
    try {
      recogniser.start();
    } catch (error) {
      this.fail(`could not start: ${String(error)}`);
    }
  }

  private onResult(event: RecognitionResultEvent): void {
    if (this.isStopped) return;
    this.heardThisRun = true;
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      if (result) this.results[i] = { text: result[0]?.transcript ?? '', isFinal: result.isFinal };
    }
    const utterance = this.results.slice(this.taken);
    const text = utterance
      .map((result) => result.text.trim())
      .filter(Boolean)
      .join(' ')
      .slice(0, MAX_TEXT_CHARS);
    if (!text) return;
    const isFinal = utterance.every((result) => result.isFinal);
    this.hooks.caption(text);
    const key = `${isFinal ? 'final' : 'interim'}:${text}`;
    if (key === this.lastSent) return;
    this.lastSent = key;
    this.hooks.recognised(text, isFinal);
  }

  private onError(error: string): void {
    // 'no-speech' and 'aborted' are part of listening: the run ends and the next one starts.
    if (FATAL_ERRORS.has(error)) this.fail(error);
  }

  private onEnd(recogniser: SpeechRecognitionLike): void {
    if (this.isStopped || recogniser !== this.recogniser) return;
    // A long silent run is the candidate listening; only runs that end at once, again and again, are a fault.
    const isQuickEmpty = !this.heardThisRun && performance.now() - this.runStartedAt < QUICK_RUN_MS;
    this.quickEmptyRuns = isQuickEmpty ? this.quickEmptyRuns + 1 : 0;
    if (this.quickEmptyRuns >= MAX_QUICK_EMPTY_RUNS) return this.fail('the recogniser keeps ending without hearing anything');
    this.run();
  }

  private fail(reason: string): void {
    if (this.isStopped) return;
    this.stop();
    this.hooks.failed(reason);
  }
}
