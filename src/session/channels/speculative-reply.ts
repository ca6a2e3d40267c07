// The speculative reply of a voice turn. When the candidate falls silent and
// the recogniser's early result is in (the turn will probably end with those
// words), the interviewer's reply is worded by the session without storing or
// sending anything, and its first sentence is synthesized, while the end of
// turn still waits out its silence. When the turn is confirmed with the same
// words, the session's turn uses the prepared words and the speaker the
// prepared audio: the reply starts sooner. If the candidate goes on speaking,
// everything prepared is dropped: nothing of it reaches the page, the
// transcript or the database.
//
// When the words take a model call (a follow-up written by the model), the
// call starts with the early result too; a discarded reply aborts it (the HTTP
// request to the model server is closed), a sent one is awaited by the turn.
//
// settle() is the one place that decides "sent" or "discarded"; each outcome
// is counted (speculative_replies_total, and speculative_model_calls_total
// when the reply took a model call) and a discarded one is a line in the
// interview's log.

import type { ReplyDraft } from '../channel.js';

export type SpeculationOutcome = 'sent' | 'discarded';

/** What became of one speculative reply, and whether it had started a model call. */
export interface SpeculationSettled {
  outcome: SpeculationOutcome;
  modelCall: boolean;
}

export interface SpeculationHooks {
  /** The session's reply to these words, worded ahead (ChannelSession.prepareReply); null when it cannot be. */
  prepareReply(text: string): ReplyDraft | null;
  /** The session forgets the words it prepared. */
  discardReply(): void;
  /** The speaker synthesizes the first sentence of this reply line ahead. */
  prepareAudio(text: string): void;
  /** The speaker drops what it synthesized ahead. */
  discardAudio(): void;
  /** Counted (metrics), and a discarded reply logged in the interview's log. */
  settled(settled: SpeculationSettled): void;
}

export class SpeculativeReply {
  /** The words the reply was prepared for; null when nothing is prepared. */
  private preparedFor: string | null = null;
  /** Whether the reply in waiting started a model call. */
  private modelCall = false;

  constructor(private readonly hooks: SpeculationHooks) {}

  /** The turn will probably end with these words: prepare the reply to them (replacing any other). */
  prepare(text: string): void {
    if (this.preparedFor === text) return;
    this.settle(null);
    const reply = this.hooks.prepareReply(text);
    if (!reply) return;
    this.preparedFor = text;
    this.modelCall = reply.modelCall;
    reply.lines.then(
      (lines) => {
        // Still the reply in waiting (not yet sent or discarded): its first audio is made now.
        const first = lines.find((line) => line.trim());
        if (this.preparedFor === text && first) this.hooks.prepareAudio(first);
      },
      () => {},
    );
  }

  /**
   * The turn is over: `confirmed` is the answer it ended with (null: the
   * candidate went on speaking, or the utterance was dropped). A reply
   * prepared for exactly these words is sent (the session's turn and the
   * speaker use it); any other is discarded.
   */
  settle(confirmed: string | null): void {
    const prepared = this.preparedFor;
    if (prepared === null) return;
    this.preparedFor = null;
    const { modelCall } = this;
    if (prepared === confirmed) {
      this.hooks.settled({ outcome: 'sent', modelCall });
      return;
    }
    this.hooks.discardReply();
    this.hooks.discardAudio();
    this.hooks.settled({ outcome: 'discarded', modelCall });
  }
}
