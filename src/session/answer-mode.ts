// How the candidate answers on one connection: speaking or typing (the
// `start` choice, then each `mode` switch) and who recognises the speech (the
// offer for the interview's language and what the page said it does). A
// switch takes effect at once, tells the listeners (the voice channel starts
// or stops listening) and says what changed in words for the interview log.

import { InterviewState } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { SessionMode } from './protocol.js';
import { recognitionInUse, type Recognition, type RecognitionChoice, type SpeechOffer } from './recognition-policy.js';

export class AnswerMode {
  private current: SessionMode | null;
  /** What the page said about recognition (`start`, `mode`); null: the server's own choice. */
  private choice: RecognitionChoice | null = null;
  private readonly listeners: ((mode: SessionMode) => void)[] = [];

  constructor(
    /** What speech the service offers in the interview's language. */
    private readonly offer: () => SpeechOffer,
    initial: SessionMode | null,
  ) {
    this.current = initial;
  }

  /** Speaking or typing now; null before consent. */
  get mode(): SessionMode | null {
    return this.current;
  }

  get recognition(): Recognition {
    return recognitionInUse(this.offer(), this.choice);
  }

  onChange(listener: (mode: SessionMode) => void): void {
    this.listeners.push(listener);
  }

  /** Version 2 `start` (or its undoing when the opening turn failed): set without telling the listeners. */
  set(mode: SessionMode | null, recognition?: RecognitionChoice | null): void {
    this.current = mode;
    if (recognition !== undefined) this.choice = recognition;
  }

  /** A `mode` message: what changed, as a log line, or null when nothing did (then nobody is told). */
  switchTo(mode: SessionMode, recognition: RecognitionChoice | null): string | null {
    const from = { mode: this.current, recognition: this.recognition };
    this.current = mode;
    if (recognition) this.choice = recognition;
    const changes: string[] = [];
    if (mode !== from.mode) changes.push(`the candidate switched from ${from.mode ?? 'no'} mode to ${mode} mode`);
    if (this.recognition !== from.recognition) changes.push(`speech is recognised by ${recognisedBy(this.recognition)} from now on`);
    if (changes.length === 0) return null;
    for (const listener of this.listeners) listener(mode);
    return changes.join('; ');
  }
}

function recognisedBy(recognition: Recognition): string {
  if (recognition === 'browser') return "the candidate's browser";
  return recognition === 'server' ? 'the server' : 'nobody (typed answers)';
}

/** A resumed version 2 session keeps the mode recorded when it started (text when unreadable). */
export function storedMode(row: InterviewRow): SessionMode | null {
  if (row.state === InterviewState.NOT_STARTED) return null;
  try {
    const mode = (JSON.parse(row.interview_agent_meta ?? '{}') as { mode?: unknown }).mode;
    return mode === 'voice' ? 'voice' : 'text';
  } catch {
    return 'text';
  }
}
