import { describe, expect, it } from 'vitest';
import { TestClock, TestScheduler } from '../../../test/helpers/test-clock.js';
import { EnergyVad, FakeChannelSession, FakeSpeechToText, FakeTextToSpeech, quiet, voice } from '../../../test/helpers/voice-fakes.js';
import type { ServerEvent } from '../protocol.js';
import { languageByTag } from '../../languages/index.js';
import type { SpeculationOutcome } from './speculative-reply.js';
import { MAX_WAITING_SECONDS } from './recogniser-slot.js';
import { HELD_ANSWER_MAX_MS, VoicePipeline } from './voice-pipeline.js';

/** A recogniser whose first utterance is decoded only when the test says (a loaded machine); later ones at once. */
function slowFirstDecode(later = 'and i lead a team') {
  let decoded: (text: string) => void = () => {};
  const first = new Promise<string>((resolve) => (decoded = resolve));
  let finishes = 0;
  return { answer: () => (finishes++ === 0 ? first : later), decoded: (text: string) => decoded(text) };
}

/**
 * The candidate answered, paused, went on and stopped; the first utterance is recognised ("i build services") and held
 * back while its continuation is still being recognised (`decoders[1]` finishes it; each later utterance adds one).
 */
async function heldWhileContinuationDecodes() {
  const decoders: ((text: string) => void)[] = [];
  const context = setup({ answer: () => new Promise<string>((resolve) => decoders.push(resolve)) });
  const { session, settle } = context;
  session.admit(voice(1_000));
  session.admit(quiet(800));
  session.admit(voice(800));
  await settle();
  decoders[0]!('i build services');
  await settle();
  session.admit(quiet(800));
  await settle();
  return { ...context, decoders };
}

function setup(
  options: {
    answer?: () => string | Promise<string>;
    bargeInMs?: number;
    adaptive?: boolean;
    speculative?: boolean;
    tts?: FakeTextToSpeech;
  } = {},
) {
  const clock = new TestClock();
  const scheduler = new TestScheduler(clock);
  const session = new FakeChannelSession();
  const stt = new FakeSpeechToText(options.answer);
  const tts = options.tts ?? new FakeTextToSpeech(500);
  const events: ServerEvent[] = [];
  /** Events (vad with its value) and synthesizer calls, in the order they happened. */
  const order: string[] = [];
  const synthesize = tts.synthesize.bind(tts);
  tts.synthesize = (text, ...rest) => {
    order.push(`synthesize ${text}`);
    return synthesize(text, ...rest);
  };
  const outcomes: SpeculationOutcome[] = [];
  let audioFrames = 0;
  let now = 0;
  const pipeline = new VoicePipeline(
    session,
    {
      event: (event) => {
        events.push(event);
        order.push(event.type === 'vad' ? `vad ${event.speaking}` : event.type);
      },
      audio: () => (audioFrames += 1),
    },
    {
      // Adaptive: the VAD's own hang-over is the short silence (detectorSilenceMs).
      vad: new EnergyVad(options.adaptive ? 400 : 700),
      stt,
      tts,
      settings: {
        vadSilenceMs: 700,
        vadAdaptive: options.adaptive ?? false,
        vadSilenceShortMs: 400,
        vadSilenceLongMs: 2_000,
        vadThreshold: 0.5,
        bargeInMs: options.bargeInMs ?? 400,
        speculativeReply: options.speculative ?? true,
        speculativeModelCalls: true,
      },
      clock,
      scheduler,
      now: () => now,
      observeSpeculation: ({ outcome }) => outcomes.push(outcome),
    },
  );
  session.onAudio((frame) => pipeline.hear(frame));
  session.onModeChange(() => pipeline.modeChanged());
  const of = <K extends ServerEvent['type']>(type: K) => events.filter((e): e is Extract<ServerEvent, { type: K }> => e.type === type);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    session,
    stt,
    tts,
    events,
    order,
    outcomes,
    of,
    pipeline,
    scheduler,
    settle,
    frames: () => audioFrames,
    tick: (ms: number) => (now += ms),
  };
}

describe('the voice pipeline', () => {
  it('turns a spoken utterance into the answer the session judges, with vad and heard events on the way', async () => {
    const { session, of, settle } = setup();
    session.admit(quiet(300));
    session.admit(voice(1_000));
    session.admit(quiet(800));
    await settle();
    expect(of('vad').map((e) => e.speaking)).toEqual([true, false]);
    expect(of('heard')).toEqual([{ type: 'heard', text: 'i build services', final: true }]);
    // Speech is presence (activity) and the recognised text the same `answer` a typed one is.
    expect(session.handled).toEqual([{ type: 'activity' }, { type: 'answer', text: 'i build services' }]);
  });

  it('hears nothing while the session awaits no answer, and gives the recogniser the interview owner', async () => {
    const { session, stt, of, settle } = setup();
    session.isAwaitingInput = false;
    session.admit(voice(800));
    session.admit(quiet(800));
    await settle();
    expect([of('vad'), session.handled, stt.streams]).toEqual([[], [], []]);
    session.isAwaitingInput = true;
    session.admit(voice(800));
    await settle();
    expect(stt.tenants).toEqual(['user:owner']);
  });

  it('speaks each utterance as audio_start, frames and audio_end, and a barge-in stops it and is logged', async () => {
    const { session, pipeline, of, frames, settle } = setup();
    pipeline.speak({ role: 'assistant', text: 'First sentence. Second sentence.', control_id: 'q1', created_at: '' });
    await pipeline.drained();
    expect(of('audio_start')).toMatchObject([{ id: 'a1', control_id: 'q1', sample_rate: 16_000 }]);
    expect(of('audio_end')).toMatchObject([{ id: 'a1', duration_ms: 1_000 }]);
    expect(frames()).toBe(10);
    // The page says it is still playing: sustained speech over it is a barge-in.
    pipeline.accepted({ type: 'playback', id: 'a1', event: 'started' });
    session.admit(voice(600));
    await settle();
    expect(of('stop_audio')).toEqual([{ type: 'stop_audio', id: 'a1', reason: 'barge_in' }]);
    expect(session.notes).toEqual(['the candidate interrupted the interviewer (barge-in): playback stopped']);
  });

  it('speaks in text mode too (typed interviews hear the interviewer), and says nothing where the language has no voice', async () => {
    const { session, pipeline, tts } = setup();
    session.mode = 'text';
    pipeline.speak({ role: 'assistant', text: 'Hello.', control_id: 'greeting', created_at: '' });
    session.canSpeak = false;
    pipeline.speak({ role: 'assistant', text: 'Goodbye.', control_id: 'greeting', created_at: '' });
    await pipeline.drained();
    expect(tts.spoken).toEqual(['Hello.']);
  });

  it('measures a spoken turn from the end of speech to the reply audio, split into its parts, in the interview log', async () => {
    const { session, pipeline, settle, tick } = setup();
    session.admit(voice(600));
    session.admit(quiet(800));
    await settle();
    tick(40);
    pipeline.accepted({ type: 'answer', text: 'i build services' });
    pipeline.speak({ role: 'assistant', text: 'Thank you.', control_id: 'q1', created_at: '' });
    await pipeline.drained();
    expect(session.notes.at(-1)).toMatch(/^voice turn latency \d+ ms .*VAD hang-over 7\d\d ms, STT 0 ms, interviewer 40 ms, TTS 0 ms\)$/);
  });

  it('a typed answer drops the utterance in progress and stops the interviewer', async () => {
    const { session, pipeline, stt, of, settle } = setup();
    pipeline.speak({ role: 'assistant', text: 'Question one.', control_id: 'q1', created_at: '' });
    await pipeline.drained();
    pipeline.accepted({ type: 'playback', id: 'a1', event: 'started' });
    session.isAwaitingInput = true;
    pipeline.accepted({ type: 'answer', text: 'typed instead' });
    expect(of('stop_audio')).toMatchObject([{ id: 'a1', reason: 'barge_in' }]);
    session.admit(quiet(100));
    await settle();
    expect(stt.streams).toEqual([]);
  });

  it('with browser recognition, waits on the Scheduler for the final text that trails the end of the turn', async () => {
    const { session, pipeline, scheduler, stt, settle } = setup();
    session.recognition = 'browser';
    session.admit(voice(800));
    pipeline.accepted({ type: 'recognised', text: 'ich bin', final: false });
    session.admit(quiet(800));
    await settle();
    expect(session.answers).toEqual([]);
    await scheduler.advance(500);
    pipeline.accepted({ type: 'recognised', text: 'ich bin entwickler', final: true });
    await settle();
    expect(session.answers).toEqual(['ich bin entwickler']);
    expect(stt.streams).toEqual([]);
  });

  it('in voice mode with nobody to recognise the candidate, tells the page once to type', () => {
    const { session, pipeline, of } = setup();
    session.recognition = 'none';
    pipeline.announceIfDeaf();
    session.switchMode('voice');
    expect(of('speech_unavailable')).toEqual([
      {
        type: 'speech_unavailable',
        reason: 'no_recogniser',
        message: 'speech cannot be recognised in English here; please type your answers',
      },
    ]);
  });

  it('speech while the previous utterance is still being recognised waits for the recogniser, and goes on the same answer', async () => {
    const { answer, decoded } = slowFirstDecode();
    const { session, stt, of, settle } = setup({ answer });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    // The candidate goes on while the first utterance is still being decoded.
    session.admit(voice(800));
    session.admit(quiet(800));
    await settle();
    expect(of('vad').map((e) => e.speaking)).toEqual([true, false, true, false]);
    expect([of('heard'), stt.streams.length]).toEqual([[], 1]);
    decoded('i build services');
    await settle();
    expect(of('heard').map((e) => e.text)).toEqual(['i build services', 'and i lead a team']);
    // One answer: the second utterance started before the first was handed over, so it goes on the same answer.
    expect(session.answers).toEqual(['i build services and i lead a team']);
    // Its stream opened only once the first had finished, and heard it from its first word.
    expect(stt.streams[1]!.voicedMs).toBeGreaterThanOrEqual(780);
  });

  it('holds the first words back while their continuation is spoken, and prepares the reply for the whole answer', async () => {
    const { answer, decoded } = slowFirstDecode();
    const { session, outcomes, of, settle } = setup({ answer });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    session.admit(voice(800));
    await settle();
    decoded('i build services');
    await settle();
    // Decoded while the candidate goes on: heard, not handed over.
    expect([of('heard').map((e) => e.text), session.answers]).toEqual([['i build services'], []]);
    session.admit(quiet(800));
    await settle();
    expect(session.prepared).toEqual(['i build services and i lead a team']);
    expect(session.answers).toEqual(['i build services and i lead a team']);
    expect(outcomes).toEqual(['sent']);
  });

  it('speech after the answer was handed over is a turn of its own', async () => {
    const { session, settle } = setup({ answer: () => 'i build services' });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    await settle();
    expect(session.answers).toEqual(['i build services']);
    session.isAwaitingInput = true;
    session.admit(voice(1_000));
    session.admit(quiet(800));
    await settle();
    expect(session.answers).toEqual(['i build services', 'i build services']);
  });

  it('words held back for a continuation that is dropped go to the session alone; a typed answer drops them', async () => {
    for (const message of ['repeat', 'typed'] as const) {
      let decoded: (text: string) => void = () => {};
      const slow = new Promise<string>((resolve) => (decoded = resolve));
      const { session, pipeline, settle } = setup({ answer: () => slow });
      session.admit(voice(1_000));
      session.admit(quiet(800));
      session.admit(voice(800));
      await settle();
      decoded('i build services');
      await settle();
      if (message === 'repeat') pipeline.accepted({ type: 'repeat' });
      else pipeline.accepted({ type: 'answer', text: 'typed instead' });
      await settle();
      expect(session.answers).toEqual(message === 'repeat' ? ['i build services'] : []);
    }
  });

  it('words held back for a continuation that never ends (the candidate muted mid-sentence) go to the session alone after the bound', async () => {
    const { answer, decoded } = slowFirstDecode();
    const { session, scheduler, settle } = setup({ answer });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    // Then muted: no frame ends this utterance.
    session.admit(voice(500));
    await settle();
    decoded('i build services');
    await settle();
    await scheduler.advance(HELD_ANSWER_MAX_MS - 100);
    expect(session.answers).toEqual([]);
    await scheduler.advance(200);
    expect(session.answers).toEqual(['i build services']);
    expect(session.notes).toEqual([
      "the candidate's spoken answer was held back for its continuation, then handed over without it: the continuation went on for over 30 s",
    ]);
    // Unmuted: the utterance in progress was spoken to that question, so it answers no other (not even the next one
    // awaited); the log keeps it.
    session.isAwaitingInput = true;
    session.admit(quiet(800));
    await settle();
    expect(session.answers).toEqual(['i build services']);
    expect(session.notes.at(-1)).toBe('the candidate went on after the answer was handed over: and i lead a team');
  });

  it('words held back wait past the bound for a continuation that has ended and is still being recognised', async () => {
    // The candidate stopped: only the recogniser is slow.
    const { session, scheduler, settle, decoders } = await heldWhileContinuationDecodes();
    await scheduler.advance(HELD_ANSWER_MAX_MS);
    expect(session.answers).toEqual([]);
    decoders[1]!('and i lead a team');
    await settle();
    expect([session.answers, session.notes]).toEqual([['i build services and i lead a team'], []]);
  });

  it('a typed answer drops the words held back and their continuation still being recognised, and the log says what', async () => {
    const { session, pipeline, settle, decoders } = await heldWhileContinuationDecodes();
    pipeline.accepted({ type: 'answer', text: 'typed instead' });
    decoders[1]!('and i lead a team');
    await settle();
    expect(session.answers).toEqual([]);
    expect(session.notes).toEqual([
      'the candidate typed an answer while their spoken one was held back for its continuation: the spoken one was dropped',
      'the candidate typed an answer while their spoken one was held back for its continuation: its continuation was dropped too: and i lead a team',
    ]);
    // The next spoken turn is an answer again.
    session.isAwaitingInput = true;
    session.admit(voice(800));
    session.admit(quiet(800));
    await settle();
    decoders[2]!('i prefer postgres');
    await settle();
    expect(session.answers).toEqual(['i prefer postgres']);
  });

  it('words held back when the socket closes or the candidate switches to typing answer the question; otherwise the log says so', async () => {
    const cases = ['disconnect', 'switch to typing', 'interview ended', 'typing, answer already on its way'] as const;
    for (const meanwhile of cases) {
      const { answer, decoded } = slowFirstDecode();
      const { session, pipeline, scheduler, settle } = setup({ answer });
      session.admit(voice(1_000));
      session.admit(quiet(800));
      session.admit(voice(500));
      await settle();
      decoded('i build services');
      await settle();
      if (meanwhile === 'disconnect') pipeline.disconnect();
      else if (meanwhile === 'interview ended') pipeline.end();
      else {
        if (meanwhile !== 'switch to typing') session.isAwaitingInput = false;
        session.switchMode('text');
      }
      await settle();
      await scheduler.advance(HELD_ANSWER_MAX_MS);
      const why =
        { disconnect: 'the connection closed', 'interview ended': 'the interview ended' }[meanwhile as string] ??
        'the candidate switched to typing';
      const handedOver = meanwhile === 'disconnect' || meanwhile === 'switch to typing';
      expect([meanwhile, session.answers, session.notes]).toEqual([
        meanwhile,
        handedOver ? ['i build services'] : [],
        [
          handedOver
            ? `the candidate's spoken answer was held back for its continuation, then handed over without it: ${why}`
            : `the candidate's spoken answer was held back for its continuation and could not be handed over: ${why}`,
        ],
      ]);
    }
  });

  it('says in the interview log when speech waiting for the recogniser goes past its bound, and recognises what was kept', async () => {
    const { answer, decoded } = slowFirstDecode('and so on');
    const { session, stt, of, settle } = setup({ answer });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    session.admit(voice(MAX_WAITING_SECONDS * 1_000 + 2_000));
    session.admit(quiet(800));
    await settle();
    expect(session.notes.filter((line) => /spoke on for over 300 s .* the rest was not recognised/.test(line))).toHaveLength(1);
    decoded('i build services');
    await settle();
    expect(of('heard').map((e) => e.text)).toEqual(['i build services', 'and so on']);
    expect(stt.streams[1]!.voicedMs).toBeLessThanOrEqual(MAX_WAITING_SECONDS * 1_000);
  });

  it('a recogniser that cannot open says so to the page and the candidate types', async () => {
    const { session, stt, of, settle } = setup();
    stt.refuse = new Error('at capacity');
    session.admit(voice(600));
    session.admit(quiet(800));
    await settle();
    expect(of('speech_unavailable')).toMatchObject([{ reason: 'recogniser_failed' }]);
    expect(session.answers).toEqual([]);
  });

  it('with the adaptive end of turn, the browser’s interim text ending in "weil" holds the turn through a 1.2 s pause', async () => {
    const { session, pipeline, of, settle } = setup({ adaptive: true });
    session.recognition = 'browser';
    session.language = languageByTag('de')!;
    session.admit(voice(800));
    pipeline.accepted({ type: 'recognised', text: 'ich habe Postgres gewählt weil', final: false });
    session.admit(quiet(1_200));
    await settle();
    expect(of('vad').map((e) => e.speaking)).toEqual([true]);
    session.admit(voice(600));
    pipeline.accepted({ type: 'recognised', text: 'ich habe Postgres gewählt weil es stabil ist', final: true });
    // A complete sentence: the short silence ends the turn.
    session.admit(quiet(450));
    await settle();
    expect(of('vad').map((e) => e.speaking)).toEqual([true, false]);
    expect(session.answers).toEqual(['ich habe Postgres gewählt weil es stabil ist']);
  });

  it('a candidate who goes on after the reply was prepared hears no reply mid-answer: it is discarded, logged and counted', async () => {
    const { session, order, outcomes, of, frames, settle } = setup({ adaptive: true });
    session.admit(voice(1_000));
    // 300 ms of silence: past the early finish (200 ms), short of the end of turn (400 ms).
    session.admit(quiet(300));
    await settle();
    expect(session.prepared).toEqual(['i build services']);
    expect(order).toEqual(['vad true', 'synthesize Thank you.']);
    session.admit(voice(800));
    await settle();
    expect(outcomes).toEqual(['discarded']);
    expect(session.discarded).toBe(1);
    expect(session.notes).toEqual(['a reply prepared while the candidate paused was discarded: the turn did not end there']);
    // Nothing of it reached the page, and the answer was not handed over mid-answer.
    expect([of('utterance'), of('audio_start'), frames(), session.answers]).toEqual([[], [], 0, []]);
    session.admit(quiet(800));
    await settle();
    // The whole answer, once; its own reply (prepared at the final pause) is the one sent.
    expect(session.answers).toEqual(['i build services']);
    expect(outcomes).toEqual(['discarded', 'sent']);
  });

  it('a candidate who stays silent gets the prepared reply, synthesized before the turn was confirmed (sooner than without)', async () => {
    const turn = async (speculative: boolean) => {
      const { session, pipeline, order, outcomes, tts, settle } = setup({ speculative });
      session.admit(voice(1_000));
      session.admit(quiet(800));
      await settle();
      // The session's reply to the answer, as the turn sends it.
      pipeline.accepted({ type: 'answer', text: session.answers[0]! });
      pipeline.speak({ role: 'assistant', text: 'Thank you.', control_id: 'q1', created_at: '' });
      await pipeline.drained();
      return { order, outcomes, spoken: tts.spoken, prepared: session.prepared };
    };
    const on = await turn(true);
    expect(on.order.slice(0, 6)).toEqual(['vad true', 'synthesize Thank you.', 'vad false', 'heard', 'audio_start', 'audio_end']);
    // Synthesized once: the prepared audio is what was sent.
    expect([on.spoken, on.outcomes, on.prepared]).toEqual([['Thank you.'], ['sent'], ['i build services']]);
    const off = await turn(false);
    expect(off.order.slice(0, 5)).toEqual(['vad true', 'vad false', 'heard', 'synthesize Thank you.', 'audio_start']);
    expect([off.outcomes, off.prepared]).toEqual([[], []]);
  });

  it('prepares nothing when the words trail off ("... and"): the candidate is probably going on', async () => {
    const { session, order, settle } = setup({ adaptive: true, answer: () => 'i moved the service and' });
    session.admit(voice(1_000));
    session.admit(quiet(300));
    await settle();
    expect([session.prepared, order]).toEqual([[], ['vad true']]);
  });

  it('says "one moment" in the interview\'s language when recognition has not started a second after the turn (every recogniser busy), once', async () => {
    let recognised: (text: string) => void = () => {};
    const { session, stt, scheduler, of, settle } = setup({ answer: () => new Promise<string>((resolve) => (recognised = resolve)) });
    session.language = languageByTag('de')!;
    session.admit(voice(1_000));
    await settle();
    stt.streams[0]!.isWaiting = true;
    session.admit(quiet(800));
    await settle();
    expect(of('vad').map((e) => e.speaking)).toEqual([true, false]);
    await scheduler.advance(900);
    expect(of('utterance')).toEqual([]);
    await scheduler.advance(200);
    expect(of('utterance')).toMatchObject([{ role: 'assistant', text: 'Einen Moment, bitte.', control_id: 'one_moment' }]);
    await scheduler.advance(3_000);
    await settle();
    expect(of('audio_start')).toMatchObject([{ control_id: 'one_moment', text: 'Einen Moment, bitte.' }]);
    expect(of('utterance')).toHaveLength(1);
    expect(session.notes).toEqual(['every speech recogniser was busy: the candidate heard "one moment" while the answer waited']);
    stt.streams[0]!.isWaiting = false;
    recognised('ich baue Dienste');
    await settle();
    expect(session.answers).toEqual(['ich baue Dienste']);
  });

  it('says no "one moment" once the candidate switched to typing or typed the answer while recognition waited', async () => {
    for (const meanwhile of ['switch to typing', 'typed answer'] as const) {
      let recognised: (text: string) => void = () => {};
      const { session, stt, scheduler, of, settle } = setup({ answer: () => new Promise<string>((resolve) => (recognised = resolve)) });
      session.admit(voice(1_000));
      await settle();
      stt.streams[0]!.isWaiting = true;
      session.admit(quiet(800));
      await settle();
      if (meanwhile === 'switch to typing') session.switchMode('text');
      else session.handle({ type: 'answer', text: 'I typed it instead.' });
      await scheduler.advance(3_000);
      await settle();
      expect([meanwhile, of('utterance'), of('audio_start'), session.notes]).toEqual([meanwhile, [], [], []]);
      stt.streams[0]!.isWaiting = false;
      recognised('i build services');
      await settle();
    }
  });

  it('says nothing while a recogniser that has started takes its time', async () => {
    let recognised: (text: string) => void = () => {};
    const { session, scheduler, of, settle } = setup({ answer: () => new Promise<string>((resolve) => (recognised = resolve)) });
    session.admit(voice(1_000));
    session.admit(quiet(800));
    await settle();
    await scheduler.advance(2_000);
    recognised('i build services');
    await settle();
    expect([of('utterance'), session.answers]).toEqual([[], ['i build services']]);
  });
});
