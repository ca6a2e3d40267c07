// Voice providers failing under a live session (protocol v2, real WebSocket):
// the Silero VAD breaking mid-session, and a candidate alternating speech and
// silence, which must never run more than one PocketSphinx process at a time.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details, eventually, logs, say } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';

describe('a voice-activity detector that fails mid-session', () => {
  let t: TestServer;
  let key: string;
  useTestServer({ TTS_PROVIDER: 'none' }, (server, k) => ([t, key] = [server, k]));

  it('tells the page speech is unavailable (vad_failed), logs it, and the interview goes on typed', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id);
    await candidate.start();
    const { client } = candidate;
    // A real runtime fault: the ONNX session every detector runs on is gone ("Session already disposed").
    await t.server.container.vad!.close();
    const speech = await speakWithFlite('I am a backend engineer.');
    for (let at = 0; at < speech.length; at += 640)
      client.sendRaw(Buffer.from(speech.buffer, speech.byteOffset + at * 2, Math.min(640, speech.length - at) * 2));
    expect(await client.next('speech_unavailable', 10_000)).toMatchObject({ reason: 'vad_failed' });
    expect(
      await eventually(async () => logs(t, key, id).then((log) => (expect(log).toMatch(/voice-activity detection failed \(.+\)/), log))),
    );
    // Back in voice mode later, the page is told again; typed answers carry on.
    client.send({ type: 'mode', mode: 'text' });
    client.send({ type: 'mode', mode: 'voice' });
    await eventually(async () => expect(client.events.filter((e) => e.type === 'speech_unavailable')).toHaveLength(2));
    const q1 = await say(client, GOOD_ANSWERS[0]!);
    expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([GOOD_ANSWERS[0]]);
    await candidate.close();
  });
});

/** The PocketSphinx pipelines this process runs now, by pid (each is `sh -c 'cat | exec pocketsphinx_continuous …'`). */
async function recognisers(): Promise<Set<string>> {
  const { stdout: out } = await promisify(execFile)('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return new Set(
    out
      .split('\n')
      .filter((line) => line.includes('pocketsphinx_continuous'))
      .map((line) => line.trim().split(/\s+/)[0]!),
  );
}

/**
 * Samples the recognisers while `run` runs; resolves with the most that ran
 * together for three samples in a row (a stream just aborted may take a moment
 * to die under load; a second decoder at work lives for hundreds of ms).
 */
async function mostAtOnce(run: () => Promise<unknown>): Promise<number> {
  const recent: Set<string>[] = [];
  let most = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      recent.push(await recognisers());
      if (recent.length > 3) recent.shift();
      if (recent.length === 3) most = Math.max(most, [...recent[0]!].filter((pid) => recent[1]!.has(pid) && recent[2]!.has(pid)).length);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await run();
  } finally {
    running = false;
    await sampling;
  }
  return most;
}

/** The samples from the first to the last audible one (flite pads its words with silence). */
function voiced(samples: Int16Array): Int16Array {
  const audible = (i: number) => Math.abs(samples[i]!) >= 300;
  let from = 0;
  while (from < samples.length && !audible(from)) from++;
  let to = samples.length;
  while (to > from && !audible(to - 1)) to--;
  return samples.subarray(from, to);
}

describe('a candidate alternating speech and silence', () => {
  let t: TestServer;
  let key: string;
  // The fixed hang-over: the adaptive end of turn would end "backend engineer" (complete) at its short silence.
  // A process per utterance (STT_DECODERS=0): the processes are what this test counts.
  useTestServer(
    { TTS_PROVIDER: 'none', SESSION_VAD_SILENCE_MS: '700', SESSION_VAD_ADAPTIVE: 'false', STT_DECODERS: '0' },
    (server, k) => ([t, key] = [server, k]),
  );

  it('runs at most one recogniser process at a time', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id);
    await candidate.start();
    const word = voiced(await speakWithFlite('backend engineer'));
    // Pauses past the early finish (300 ms) but inside the hang-over (700 ms): each restarts the
    // recogniser on the whole utterance while the early-finished one may still be decoding.
    const parts = [word];
    for (let i = 0; i < 6; i++) parts.push(silence(400), word);
    const audio = concatSamples(...parts, silence(1_500));
    const most = await mostAtOnce(async () => {
      // Paced like a microphone: 20 ms frames in real time.
      const started = performance.now();
      for (let at = 0, n = 0; at < audio.length; at += 320, n++) {
        const frame = audio.subarray(at, at + 320);
        candidate.client.sendRaw(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
        const wait = started + (n + 1) * 20 - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      // Generous: the recogniser restarted several times, one at a time, on CI's loaded 2-core machine.
      await candidate.client.next('heard', 90_000);
    });
    expect(candidate.client.events.filter((e) => e.type === 'vad' && e.speaking)).toHaveLength(1);
    expect(most).toBe(1);
    await candidate.close();
    await eventually(async () => expect((await recognisers()).size).toBe(0));
  });
});
