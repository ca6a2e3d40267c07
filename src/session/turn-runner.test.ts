import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrief, type Interviewer, type RenderRequest, type Utterance } from '../conversation/interviewer.js';
import { ScriptedInterviewer } from '../conversation/scripted-interviewer.js';
import { initialContext, transition, type MachineContext } from '../conversation/state-machine.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import { randomIds } from '../common/ids.js';
import { createSessionFixture, MemoryChannel, type SessionFixture } from '../../test/helpers/session-fixture.js';
import { SessionConflictError } from './session.repository.js';
import { TurnRunner } from './turn-runner.js';

let f: SessionFixture;
beforeAll(async () => {
  f = await createSessionFixture();
});
afterAll(() => f?.close());

/** The scripted words, but replies to the candidate are announced as a model call that waits until the test lets it finish. */
class GatedInterviewer implements Interviewer {
  readonly name = 'gated';
  private readonly scripted = new ScriptedInterviewer();
  private release!: () => void;
  readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  rendering = false;
  /** The model calls made (each reply to the candidate), with the signal each was given. */
  readonly calls: { candidateText: string | null; signal?: AbortSignal }[] = [];

  usesModelFor(): boolean {
    return true;
  }

  async render(request: RenderRequest): Promise<Utterance[]> {
    if (request.candidateText !== null) {
      this.calls.push({ candidateText: request.candidateText, signal: request.signal });
      this.rendering = true;
      await this.gate;
    }
    return this.scripted.render(request);
  }

  finish(): void {
    this.release();
  }
}

async function started(interviewer: Interviewer = new ScriptedInterviewer(), channel = new MemoryChannel()) {
  const id = await f.createInterview();
  const row = (await f.interviews.findById(id))!;
  const brief = buildBrief(row);
  const at = f.clock.now().toISOString();
  const runner = new TurnRunner(
    { repository: f.repository, interviewer, clock: f.clock, ids: randomIds },
    id,
    brief,
    channel,
    at,
    initialContext(brief.kind, brief.questions.length),
    'session:test',
  );
  await runner.run(transition(runner.context, { type: 'start' }), { startedAt: at });
  return { id, runner, channel };
}

const introduce = (context: MachineContext) => transition(context, { type: 'input', intent: 'content', isThin: false });
const INTRO = { role: 'user' as const, content: 'I build backend services in Node.js.', controlId: 'procedural' };

describe('TurnRunner', () => {
  it('stores the turn before any of its events is sent', async () => {
    const seen: Promise<number>[] = [];
    let id = '';
    const channel = new MemoryChannel('text', null, () => {
      if (id) seen.push(f.interviews.listTranscript(id).then((rows) => rows.length));
    });
    ({ id } = await started(new ScriptedInterviewer(), channel));
    const before = (await f.interviews.listTranscript(id)).length;
    expect(before).toBeGreaterThan(0);
    // A second turn, from the stored memory: every event it sends sees the whole turn on record.
    const row = (await f.interviews.findById(id))!;
    const session = (await f.repository.findSession(id))!;
    const next = new TurnRunner(
      { repository: f.repository, interviewer: new ScriptedInterviewer(), clock: f.clock, ids: randomIds },
      id,
      buildBrief(row),
      channel,
      session.started_at,
      session.context,
      'session:test',
    );
    seen.length = 0;
    await next.run(introduce(next.context), { candidateEntry: INTRO });
    const after = (await f.interviews.listTranscript(id)).length;
    expect(after).toBeGreaterThan(before + 1);
    expect(seen.length).toBeGreaterThan(2);
    expect(await Promise.all(seen)).toEqual(seen.map(() => after));
    expect(channel.events.at(-1)).toMatchObject({ type: 'state', state: InterviewState.AWAITING_ANSWER, awaiting_input: true });
  });

  it('sends nothing when the turn cannot be stored', async () => {
    const { id, runner, channel } = await started();
    await f.container.database.db.updateTable('interviews').set({ state: InterviewState.ENDED }).where('id', '=', id).execute();
    const sent = channel.events.length;
    await expect(runner.run(introduce(runner.context), { candidateEntry: INTRO })).rejects.toBeInstanceOf(SessionConflictError);
    expect(channel.events).toHaveLength(sent);
    expect((await f.interviews.listTranscript(id)).filter((e) => e.role === 'user')).toEqual([]);
  });

  it('a model-written turn stores the candidate half with the thinking state before the model call', async () => {
    const interviewer = new GatedInterviewer();
    const { id, runner, channel } = await started(interviewer);
    const from = runner.context.state;
    const step = introduce(runner.context);
    const turn = runner.run(step, { candidateEntry: INTRO });
    await expect.poll(() => interviewer.rendering && channel.ofType('state').at(-1)?.awaiting_input === false).toBe(true);

    // Meanwhile (a node dying now loses nothing): the answer, the thinking state and the pending half are on record.
    const thinking = step.path[0]!;
    expect(thinking).not.toBe(from);
    expect((await f.interviews.findById(id))!.state).toBe(thinking);
    expect((await f.interviews.listTranscript(id)).at(-1)).toMatchObject({ role: 'user', content: INTRO.content });
    expect((await f.repository.findSession(id))!.pending).toEqual({ step, candidateText: INTRO.content });
    expect(channel.ofType('state').at(-1)).toMatchObject({ state: thinking, path: [thinking] });

    interviewer.finish();
    await turn;
    expect((await f.repository.findSession(id))!.pending).toBeNull();
    expect((await f.interviews.findById(id))!.state).toBe(step.context.state);
    const transcript = await f.interviews.listTranscript(id);
    expect(transcript.filter((e) => e.role === 'user')).toHaveLength(1);
  });

  it('an ending turn writes the hand-off job with the end state and sends `ended` last', async () => {
    const { id, runner, channel } = await started();
    const ended = await runner.run(transition(runner.context, { type: 'end', reason: EndingReason.USER_ENDED }));
    expect(ended).toBe(true);
    expect(channel.events.at(-1)).toMatchObject({ type: 'ended', state: 2, ending_reason: 2, ending_reason_name: 'USER_ENDED' });
    const job = await f.container.database.db.selectFrom('jobs').select('kind').where('dedupe_key', '=', `interview.ended:${id}`).execute();
    expect(job).toEqual([{ kind: 'interview.ended' }]);
  });

  it('a reply prepared ahead stores and sends nothing; the same turn then uses its words, any other words its own', async () => {
    const renders: (string | null)[] = [];
    const scripted = new ScriptedInterviewer();
    const counting: Interviewer = {
      name: 'counting',
      usesModelFor: () => false,
      render: (request) => {
        renders.push(request.candidateText);
        return scripted.render(request);
      },
    };
    const { id, runner, channel } = await started(counting);
    const transcript = (await f.interviews.listTranscript(id)).length;
    const sent = channel.events.length;
    const context = runner.context;
    const words = await runner.prepare(introduce(context), INTRO.content, { modelCalls: true })?.utterances;
    // Prepared: worded, but nothing on record, nothing sent, the conversation where it was.
    expect(words?.length).toBeGreaterThan(0);
    expect([(await f.interviews.listTranscript(id)).length, channel.events.length, runner.context]).toEqual([transcript, sent, context]);

    renders.length = 0;
    await runner.run(introduce(runner.context), { candidateEntry: INTRO });
    // The confirmed turn used the prepared words (no second wording) and stored the answer once.
    expect(renders).toEqual([]);
    expect((await f.interviews.listTranscript(id)).filter((e) => e.role === 'user')).toHaveLength(1);
    expect(channel.ofType('utterance').at(-1)?.text).toBe(words?.at(-1)?.text);

    // Prepared for other words: the turn that comes words its own.
    await runner.prepare(introduce(runner.context), 'something else', { modelCalls: true })?.utterances;
    const answer = { ...INTRO, content: 'A real answer about queues.', controlId: 'q1' };
    await runner.run(introduce(runner.context), { candidateEntry: answer });
    expect(renders).toEqual(['something else', answer.content]);
  });
  it('a model call prepared ahead is awaited by the same turn, after its candidate half is stored with the thinking state', async () => {
    const interviewer = new GatedInterviewer();
    const { id, runner, channel } = await started(interviewer);
    const step = introduce(runner.context);
    const [sent, stored] = [channel.events.length, (await f.interviews.listTranscript(id)).length];
    const draft = runner.prepare(step, INTRO.content, { modelCalls: true });
    expect(draft?.modelCall).toBe(true);
    // The call is under way; nothing on record, nothing sent.
    expect(interviewer.calls.map((c) => c.candidateText)).toEqual([INTRO.content]);
    expect([channel.events.length, (await f.interviews.listTranscript(id)).length]).toEqual([sent, stored]);

    const turn = runner.run(step, { candidateEntry: INTRO });
    // The candidate's half is stored (pending) while the call already in flight is awaited: no second call.
    await expect.poll(async () => (await f.repository.findSession(id))!.pending).toEqual({ step, candidateText: INTRO.content });
    expect((await f.interviews.listTranscript(id)).at(-1)).toMatchObject({ role: 'user', content: INTRO.content });
    interviewer.finish();
    await turn;
    expect(interviewer.calls).toHaveLength(1);
    expect(interviewer.calls[0]!.signal?.aborted).toBe(false);
    const transcript = await f.interviews.listTranscript(id);
    expect(transcript.filter((e) => e.role === 'user')).toHaveLength(1);
    expect((await f.repository.findSession(id))!.pending).toBeNull();
  });

  it('a model call prepared ahead is aborted when discarded, or when another turn comes; without modelCalls none starts', async () => {
    const interviewer = new GatedInterviewer();
    const { runner } = await started(interviewer);
    expect(runner.prepare(introduce(runner.context), INTRO.content, { modelCalls: false })).toBeNull();
    expect(interviewer.calls).toEqual([]);

    runner.prepare(introduce(runner.context), INTRO.content, { modelCalls: true });
    runner.discardPrepared();
    expect(interviewer.calls[0]!.signal?.aborted).toBe(true);

    // Prepared for words the candidate did not end with: the turn that comes aborts it and makes its own call.
    runner.prepare(introduce(runner.context), 'I build', { modelCalls: true });
    const turn = runner.run(introduce(runner.context), { candidateEntry: INTRO });
    await expect.poll(() => interviewer.calls.length).toBe(3);
    expect(interviewer.calls.map((c) => [c.candidateText, c.signal?.aborted ?? false])).toEqual([
      [INTRO.content, true],
      ['I build', true],
      [INTRO.content, false],
    ]);
    interviewer.finish();
    await turn;
  });
});
