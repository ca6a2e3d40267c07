// How a connection opens: the opening turn of a fresh interview or a resume
// (0 -> 1 -> 4, or welcome back and the pending prompt again); or, for a
// version 2 page without consent on record, the welcome alone and the wait
// for `start`, which then stores the consent with the opening turn. Nothing
// is said, stored or recorded before that write has succeeded.

import { initialContext, isFinished } from '../conversation/state-machine.js';
import { InterviewState } from '../interviews/enums.js';
import { toTranscriptEntry } from '../interviews/interview.service.js';
import type { AnswerMode } from './answer-mode.js';
import type { CandidateChannel } from './channel.js';
import type { LiveSessionDeps } from './live-session-types.js';
import { planOpening } from './opening.js';
import { VOICE_PROTOCOL_VERSION, type SessionMode } from './protocol.js';
import type { RecognitionChoice } from './recognition-policy.js';
import type { TranscriptEntry } from './session-event.js';
import type { SessionLifecycle } from './session-lifecycle.js';
import type { SessionRow } from './session.repository.js';

export class SessionOpener {
  constructor(
    private readonly core: SessionLifecycle,
    private readonly answering: AnswerMode,
    private readonly channel: CandidateChannel,
    private readonly deps: LiveSessionDeps,
    /** Sends the `session` event (session-event.ts) with what the session knows now. */
    private readonly sendSession: (transcript: TranscriptEntry[], resumed: boolean, resumeCount: number) => void,
  ) {}

  async open(): Promise<void> {
    const { core } = this;
    const row = core.interview;
    const { repository } = this.deps;
    if (core.protocolVersion >= VOICE_PROTOCOL_VERSION && row.state === InterviewState.NOT_STARTED) {
      core.turns = core.newTurns(core.now(), initialContext(core.brief.kind, core.brief.questions.length));
      this.awaitConsent(null, [], 0);
      return;
    }
    const transcript = (await repository.listTranscript(row.id)).map(toTranscriptEntry);
    const stored = row.state === InterviewState.NOT_STARTED ? undefined : await repository.findSession(row.id);
    const opening = this.plan(stored, core.now());
    core.turns = core.newTurns(opening.startedAt, opening.context);
    if (core.protocolVersion >= VOICE_PROTOCOL_VERSION && !stored?.consented_at && !isFinished(opening.step.context.state)) {
      // Started over version 1 (opening the socket was its agreement): a version 2 page, which
      // records audio, asks first. Nothing is said or stored until `start`, which resumes.
      this.answering.set(null);
      this.awaitConsent({ stored }, transcript, row.resume_count ?? 0);
      return;
    }
    this.sendSession(transcript, opening.resumed, opening.resumeCount);
    await core.run(opening.step, opening.options);
    if (!core.isRunning()) return;
    core.heartbeat.start();
    core.inactivity.armDeadline(opening.startedAt);
  }

  /**
   * Version 2 without consent on record: the welcome is sent and nothing else
   * happens until `start`; the lease is held (a second tab is refused) for at
   * most the session's maximum length.
   */
  private awaitConsent(resume: { stored: SessionRow | undefined } | null, transcript: TranscriptEntry[], resumeCount: number): void {
    this.core.phase = { kind: 'consent', resume };
    this.sendSession(transcript, resume !== null, resumeCount);
    this.core.heartbeat.start();
    this.core.inactivity.armDeadline(this.core.now());
  }

  /** What this connection opens with: the first turn, or a resume of the stored session. */
  private plan(stored: SessionRow | undefined, now: string, consent?: { mode: SessionMode; consentedAt: string }) {
    const { core } = this;
    return planOpening({
      row: core.interview,
      stored,
      brief: core.brief,
      channel: this.channel,
      connectionId: core.connectionId,
      interviewerName: this.deps.interviewer.name,
      maxResumes: this.deps.settings.maxResumes,
      now,
      protocolVersion: core.protocolVersion,
      ...consent,
    });
  }

  /**
   * Version 2 `start`: the consent is stored with the opening turn (0 -> 1 -> 4,
   * as version 1 opens), or with the resume of an interview started over
   * version 1. Consent counts only once that write has succeeded: until then
   * audio is refused, and a failed write leaves the session waiting for consent.
   */
  async start(mode: SessionMode, recognition: RecognitionChoice | null): Promise<void> {
    const { core } = this;
    const now = core.now();
    const opening = this.plan(core.consentResume()?.stored, now, { mode, consentedAt: now });
    const before = { turns: core.turns, mode: this.answering.mode };
    core.turns = core.newTurns(opening.startedAt, opening.context);
    // Set first: the voice channel speaks the opening words in this mode.
    this.answering.set(mode, recognition);
    let ended: boolean;
    try {
      ended = await core.turns.run(opening.step, opening.options);
    } catch (error) {
      core.turns = before.turns;
      this.answering.set(before.mode);
      throw error;
    }
    // A reset that came meanwhile keeps the session closing.
    if (core.phase.kind === 'consent') core.phase = { kind: 'live' };
    // The welcome screen's limit gives way to the interview's, counted from its start.
    core.timers.clearDeadline();
    await core.afterTurn(ended);
    if (!core.isRunning()) return;
    core.inactivity.armDeadline(opening.startedAt);
  }
}
