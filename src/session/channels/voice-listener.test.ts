import { describe, expect, it } from 'vitest';
import { EnergyVad, FakeSpeechToText, frames, quiet, voice, type FakeStream } from '../../../test/helpers/voice-fakes.js';
import { ENGLISH } from '../../languages/index.js';
import type { RecognitionStream } from '../../speech/stt/speech-to-text.js';
import { turnSilenceMs } from './turn-end.js';
import { CHECKPOINT_AFTER_MS, VoiceListener } from './voice-listener.js';

const SILENCES = { shortMs: 400, unknownMs: 700, longMs: 2_000 };

/**
 * A listener over the energy VAD (700 ms hang-over; with `adaptive`, the short 400 ms one and the English
 * end-of-turn rule), with the interviewer playing or not as the test says.
 */
function setup(
  options: {
    bargeInMs?: number;
    earlyFinishMs?: number;
    earlyCheckpointMs?: number;
    /** The recogniser's streams have checkpoint(). */
    checkpoints?: boolean;
    /** Utterance length from which a pause takes a checkpoint (CHECKPOINT_AFTER_MS unless told). */
    checkpointAfterMs?: number;
    adaptive?: boolean;
    answer?: (stream: FakeStream) => string | Promise<string>;
  } = {},
) {
  const vad = new EnergyVad(options.adaptive ? SILENCES.shortMs : 700);
  const stt = new FakeSpeechToText(options.answer, options.checkpoints);
  const world = { listening: true, playing: false };
  const started: boolean[] = [];
  const ended: { recognition: RecognitionStream | Promise<string> | null; hangoverMs: number }[] = [];
  const listener = new VoiceListener(
    (events) => vad.create(events),
    options.bargeInMs ?? 400,
    {
      isListening: () => world.listening,
      isPlaying: () => world.playing,
      speechStarted: (bargeIn) => started.push(bargeIn),
      openRecognition: () => stt.open(undefined as never),
      speechEnded: (recognition, timing) => ended.push({ recognition, hangoverMs: timing.detectedAtMs - timing.endedAtMs }),
      detectorFailed: () => {},
      silenceNeeded: options.adaptive
        ? (heard, isRecognising) => turnSilenceMs({ text: heard, isRecognising }, ENGLISH, SILENCES)
        : undefined,
    },
    options.earlyFinishMs ?? 0,
    options.earlyCheckpointMs ?? options.earlyFinishMs ?? 0,
    options.checkpointAfterMs,
  );
  const play = async (samples: Int16Array) => {
    for (const frame of frames(samples)) await listener.push(frame);
  };
  return { listener, stt, world, started, ended, play };
}

describe('the voice listener', () => {
  it('hears an utterance from before its detected start and hands it over when the hang-over closes the turn', async () => {
    const { stt, started, ended, play } = setup();
    await play(quiet(500));
    await play(voice(1_000));
    expect(started).toEqual([false]);
    await play(quiet(800));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.recognition).toBe(stt.streams[0]);
    // Every voiced sample reached the recogniser, with a pre-roll of the silence before it.
    expect(stt.streams[0]!.voicedMs).toBe(1_000);
    expect(stt.streams[0]!.written).toBeGreaterThan(voice(1_200).length);
    expect(ended[0]!.hangoverMs).toBeGreaterThanOrEqual(700);
  });

  it('ignores speech while the candidate is not being listened to', async () => {
    const { stt, world, started, ended, play } = setup();
    world.listening = false;
    await play(voice(800));
    await play(quiet(800));
    expect([started, ended, stt.streams]).toEqual([[], [], []]);
  });

  it('drops speech during playback that ends before the barge-in time (an echo, a cough)', async () => {
    const { stt, world, started, ended, play } = setup();
    world.playing = true;
    await play(voice(300));
    await play(quiet(800));
    expect([started, ended, stt.streams]).toEqual([[], [], []]);
  });

  it('counts sustained speech during playback as a barge-in, heard from its first word', async () => {
    const { stt, world, started, ended, play } = setup();
    world.playing = true;
    await play(voice(350));
    expect(started).toEqual([]);
    await play(voice(650));
    expect(started).toEqual([true]);
    await play(quiet(800));
    expect(ended).toHaveLength(1);
    expect(stt.streams[0]!.voicedMs).toBe(1_000);
  });

  it('keeps an answer started over the interviewer’s last words once the audio has stopped', async () => {
    const { stt, world, started, ended, play } = setup({ bargeInMs: 1_500 });
    world.playing = true;
    await play(voice(300));
    world.playing = false;
    await play(voice(300));
    // Not a barge-in: nothing is playing any more.
    expect(started).toEqual([false]);
    await play(quiet(800));
    expect(ended).toHaveLength(1);
    expect(stt.streams[0]!.voicedMs).toBe(600);
  });

  it('finishes the recogniser early in a pause and, when the candidate goes on, feeds a new one the whole utterance', async () => {
    const { stt, ended, play } = setup({ earlyFinishMs: 300 });
    await play(voice(500));
    await play(quiet(400));
    expect(stt.streams.map((s) => s.state)).toEqual(['finished']);
    await play(voice(500));
    expect(stt.streams.map((s) => s.state)).toEqual(['aborted', 'open']);
    await play(quiet(800));
    expect(stt.streams[1]!.voicedMs).toBe(1_000);
    expect(ended).toHaveLength(1);
    // The early result of the second stream is what ends the turn.
    expect(ended[0]!.recognition).toBeInstanceOf(Promise);
  });

  it('takes a checkpoint in a pause where the recogniser has them, and goes on with the same stream when the candidate does', async () => {
    const { stt, ended, play } = setup({ earlyFinishMs: 300, earlyCheckpointMs: 150, checkpoints: true, checkpointAfterMs: 0 });
    await play(quiet(200));
    await play(voice(500));
    await play(quiet(250));
    expect(stt.streams.map((s) => [s.state, s.checkpoints])).toEqual([['open', 1]]);
    await play(voice(500));
    await play(quiet(800));
    // One stream, fed each sample once: the utterance was not decoded again from its start.
    expect(stt.streams).toHaveLength(1);
    expect(stt.streams[0]!.voicedMs).toBe(1_000);
    expect(stt.streams[0]!.written).toBeLessThanOrEqual(quiet(200 + 250 + 800).length + voice(1_000).length);
    expect(stt.streams[0]!.checkpoints).toBe(2);
    // The turn takes the last checkpoint's words; the stream is finished all the same, to free the decoder.
    expect(ended).toHaveLength(1);
    expect(ended[0]!.recognition).toBeInstanceOf(Promise);
    await expect(ended[0]!.recognition).resolves.toBe('i build services');
    expect(stt.streams[0]!.state).toBe('finished');
  });

  it('finishes and restarts a recogniser with checkpoints while the utterance is shorter than CHECKPOINT_AFTER_MS', async () => {
    const { stt, ended, play } = setup({ earlyFinishMs: 300, earlyCheckpointMs: 150, checkpoints: true });
    await play(quiet(200));
    await play(voice(2_000));
    // Not yet at the early finish's 300 ms: the checkpoint's sooner timing is not used either.
    await play(quiet(250));
    expect(stt.streams.map((s) => [s.state, s.checkpoints])).toEqual([['open', 0]]);
    await play(quiet(100));
    expect(stt.streams.map((s) => [s.state, s.checkpoints])).toEqual([['finished', 0]]);
    await play(voice(2_000));
    // As without checkpoints: a new stream hears the whole utterance, the language model's context kept.
    expect(stt.streams.map((s) => s.state)).toEqual(['aborted', 'open']);
    await play(quiet(800));
    expect(stt.streams[1]!.voicedMs).toBe(4_000);
    expect(stt.streams[1]!.checkpoints).toBe(0);
    expect(ended).toHaveLength(1);
  });

  it('takes a checkpoint instead, on the same stream, once the utterance is longer than CHECKPOINT_AFTER_MS', async () => {
    const { stt, ended, play } = setup({ earlyFinishMs: 300, earlyCheckpointMs: 150, checkpoints: true });
    await play(quiet(200));
    await play(voice(2_000));
    await play(quiet(400));
    // Short so far: finished early, then restarted from the utterance's start.
    await play(voice(CHECKPOINT_AFTER_MS));
    expect(stt.streams.map((s) => s.state)).toEqual(['aborted', 'open']);
    await play(quiet(200));
    // Long now: a checkpoint 150 ms into the pause, the stream left open.
    expect(stt.streams.map((s) => [s.state, s.checkpoints])).toEqual([
      ['aborted', 0],
      ['open', 1],
    ]);
    await play(voice(1_000));
    await play(quiet(200));
    await play(voice(1_000));
    await play(quiet(800));
    // No further restart: the second stream heard the rest of the utterance once, with a checkpoint per pause.
    expect(stt.streams).toHaveLength(2);
    expect(stt.streams[1]!.voicedMs).toBe(2_000 + CHECKPOINT_AFTER_MS + 2_000);
    expect(stt.streams[1]!.checkpoints).toBe(3);
    expect(ended).toHaveLength(1);
    await expect(ended[0]!.recognition).resolves.toBe('i build services');
    expect(stt.streams[1]!.state).toBe('finished');
  });

  it('cancel drops the utterance in progress and aborts its recogniser', async () => {
    const { listener, stt, ended, play } = setup();
    await play(voice(500));
    listener.cancel();
    await play(quiet(800));
    expect(stt.streams[0]!.state).toBe('aborted');
    expect(ended).toEqual([]);
  });
});

describe('the adaptive end of turn', () => {
  it('waits out a 1.5 s pause after "... and" and hears the rest of the answer as the same turn', async () => {
    const { stt, ended, play } = setup({
      adaptive: true,
      earlyFinishMs: 200,
      answer: (s) => (s.voicedMs < 1_000 ? 'i moved the billing service and' : 'i moved the billing service and it got faster'),
    });
    await play(voice(800));
    await play(quiet(1_500));
    // The early result said "... and": the short and the usual hang-over both passed without a turn.
    expect(ended).toEqual([]);
    await play(voice(600));
    await play(quiet(1_000));
    expect(ended).toHaveLength(1);
    expect(await ended[0]!.recognition).toBe('i moved the billing service and it got faster');
    expect(stt.streams.at(-1)!.voicedMs).toBe(1_400);
  });

  it('ends a complete sentence on the short silence', async () => {
    const { ended, play } = setup({ adaptive: true, earlyFinishMs: 200, answer: () => 'i moved the billing service to kubernetes' });
    await play(voice(800));
    await play(quiet(450));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.hangoverMs).toBeLessThan(500);
  });

  it('reads the recogniser’s partial results before any early result', async () => {
    const { stt, ended, play } = setup({ adaptive: true, answer: () => new Promise<string>(() => {}) });
    await play(voice(800));
    stt.streams[0]!.partial('we use postgres because');
    await play(quiet(1_500));
    expect(ended).toEqual([]);
    stt.streams[0]!.partial('we use postgres');
    // The next window ends the turn: the pause is already longer than a complete sentence needs.
    await play(quiet(40));
    expect(ended).toHaveLength(1);
  });

  it('never waits longer than the cap, not even for a recogniser that does not answer; with no words on their way, the usual hang-over', async () => {
    const trailing = setup({ adaptive: true, earlyFinishMs: 200, answer: () => 'and um' });
    await trailing.play(voice(800));
    await trailing.play(quiet(3_000));
    expect(trailing.ended).toHaveLength(1);
    expect(trailing.ended[0]!.hangoverMs).toBeGreaterThanOrEqual(2_000);
    expect(trailing.ended[0]!.hangoverMs).toBeLessThan(2_100);

    // A recogniser that never answers is waited for up to the cap.
    const stuck = setup({ adaptive: true, earlyFinishMs: 200, answer: () => new Promise<string>(() => {}) });
    await stuck.play(voice(800));
    await stuck.play(quiet(3_000));
    expect(stuck.ended).toHaveLength(1);
    expect(stuck.ended[0]!.hangoverMs).toBeGreaterThanOrEqual(2_000);
    expect(stuck.ended[0]!.hangoverMs).toBeLessThan(2_100);

    // No words and none on their way: the usual hang-over.
    const unheard = setup({ adaptive: true });
    await unheard.play(voice(800));
    await unheard.play(quiet(3_000));
    expect(unheard.ended).toHaveLength(1);
    expect(unheard.ended[0]!.hangoverMs).toBeGreaterThanOrEqual(700);
    expect(unheard.ended[0]!.hangoverMs).toBeLessThan(800);
  });
});
