import { describe, expect, it } from 'vitest';
import { TestClock, TestScheduler } from '../../../test/helpers/test-clock.js';
import { EnergyVad, FakeChannelSession, FakeSpeechToText, FakeTextToSpeech, quiet, voice } from '../../../test/helpers/voice-fakes.js';
import type { ServerEvent } from '../protocol.js';
import { languageByTag } from '../../languages/index.js';
import { VoicePipeline } from './voice-pipeline.js';

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
  let audioFrames = 0;
  let now = 0;
  const pipeline = new VoicePipeline(
    session,
    { event: (event) => events.push(event), audio: () => (audioFrames += 1) },
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
      },
      clock,
      scheduler,
      now: () => now,
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
});
