// npm run bench:media [-- --minutes 60] [--compare]
// Assembly of one long voice interview's mixed MP3: the interviewer's
// utterances already in the work folder (as the sessions leave them,
// recording-speech.ts) and half of the time candidate audio in the spool, as
// the voice channel writes it; then the same from an empty work folder,
// synthesising every question at assembly (as before).
// Reports wall time per interview minute, and the process's resident memory
// before and at its peak during assembly (flat = streamed). Separately: the
// time eSpeak NG (the default TTS_PROVIDER) takes per utterance, and the
// WebM remux of a camera recording of the same length (needs Debian's ffmpeg
// with libvpx to make the test video). --compare adds ffmpeg against pure
// TypeScript (bench/media/compare.ts).

import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs, numberArg } from '../cli-args.js';
import { loadConfig } from '../../src/config.js';
import { ENGLISH } from '../../src/languages/registry.js';
import { randomBytes } from 'node:crypto';
import { systemClock } from '../../src/common/clock.js';
import { StoredCandidateAudio } from '../../src/media/candidate-audio.js';
import { LocalStorage } from '../../src/media/local-storage.js';
import { pcmBytes } from '../../src/media/pcm.js';
import { RecordingAssembler } from '../../src/media/recording-assembler.js';
import { RecordingSpeech } from '../../src/media/recording-speech.js';
import { mixSources } from '../../src/media/mixer.js';
import { UrlSigner } from '../../src/media/url-signer.js';
import { mediabunnyCanEncodeOpus, mp3WithFfmpeg, mp3WithLamejs, remuxCopyWithFfmpeg, remuxCopyWithMediabunny } from './compare.js';
import { hasVideoStream, runFfmpeg, webmRemuxArgs } from '../../src/media/ffmpeg.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createSpeech } from '../../src/speech/index.js';
import { resample } from '../../src/speech/audio.js';

const values = benchArgs('npm run bench:media', {
  minutes: { type: 'string', default: '60', help: 'length of the interview assembled' },
  compare: { type: 'boolean', help: 'also compare the encoders and remuxers' },
});
const minutes = numberArg('minutes', values.minutes, 0.1);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
const id = '0b0b0b0b-0000-4000-8000-000000000060';
const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const run = promisify(execFile);
const mb = (bytes: number, digits = 0) => `${(bytes / 1024 / 1024).toFixed(digits)} MB`;

try {
  // Real interviewer speech: a handful of questions synthesised by eSpeak NG, timed.
  const speech = createSpeech(loadConfig({ TTS_PROVIDER: 'espeak', STT_PROVIDER: 'none' }));
  const sentences = [
    'Thank you. Could you describe a production incident you handled, and what you changed afterwards?',
    'How would you design a rate limiter that works across several nodes?',
    'What is the difference between a process and a thread?',
    'Tell me about a time you disagreed with a technical decision.',
  ];
  const utterances: Int16Array[] = [];
  let ttsMs = 0;
  for (const text of sentences) {
    const started = performance.now();
    utterances.push(resample(await speech.tts.synthesize(text, ENGLISH), 16_000).samples);
    ttsMs += performance.now() - started;
  }
  // Kept open for the assembly as it was before the sessions prepared the speech (below).

  // A turn every 30 s: the question (from its entry time), then ~20 s of the candidate speaking.
  // STORAGE=local: the candidate's pieces in the store, as the voice channels leave them.
  const storage = new LocalStorage(path.join(dir, 'store'), 'http://127.0.0.1', new UrlSigner(randomBytes(32)), systemClock);
  const spool = new StoredCandidateAudio(storage);
  const workRoot = path.join(dir, 'work');
  mkdirSync(path.join(workRoot, id), { recursive: true });
  // Every question's audio already in the work folder (the measured part is the mix, not the copy from the store).
  const prepared = new RecordingSpeech(workRoot, storage, null);
  const entries = [];
  const voice = new Int16Array(16_000 * 20);
  for (let i = 0; i < voice.length; i++) voice[i] = Math.round(3000 * Math.sin(i / 9) * Math.sin(i / 4000));
  const turns = minutes * 2;
  for (let turn = 0; turn < turns; turn++) {
    const at = T0 + turn * 30_000;
    const seq = turn * 2 + 1;
    // Each question's text differs (as in an interview), so nothing is synthesised twice at assembly.
    const content = `${sentences[turn % sentences.length]!} Question ${turn + 1}.`;
    writeFileSync(prepared.fileOf(id, ENGLISH, content), pcmBytes(utterances[turn % utterances.length]!));
    entries.push({ seq, role: 'assistant', content, atMs: at });
    // The voice channel appends frames of 0.5 s (16 KiB) as they arrive.
    for (let offset = 0; offset < voice.length; offset += 8_000) {
      await spool.append(id, at + 8_000 + offset / 16, voice.subarray(offset, offset + 8_000));
    }
    entries.push({ seq: seq + 1, role: 'user', content: 'answer', atMs: at + 29_000 });
  }
  const spoolBytes = (await storage.list(spool.prefixOf(id))).reduce((sum, piece) => sum + piece.size, 0);

  const assembler = new RecordingAssembler({ workRoot, spool, speech: prepared });
  const input = { interviewId: id, language: ENGLISH, startMs: T0, sessionEndMs: T0 + minutes * 60_000, entries };
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const recording = await assembler.assemble(input);
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const mixCpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  // Held or garbage: what is still resident once the collector ran (needs --expose-gc, as npm run bench:media sets).
  const heapAfter = process.memoryUsage().heapUsed;
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  global.gc?.();
  const afterGc = process.memoryUsage();

  // As before the sessions prepared the interviewer's speech: the same interview assembled from an empty
  // work folder, every question synthesised by eSpeak NG during the assembly.
  const coldRoot = path.join(dir, 'work-cold');
  const cold = new RecordingAssembler({ workRoot: coldRoot, spool, speech: new RecordingSpeech(coldRoot, storage, speech.tts) });
  const coldStarted = performance.now();
  const coldRecording = await cold.assemble(input);
  const coldMs = performance.now() - coldStarted;
  await speech.close();
  rmSync(coldRoot, { recursive: true, force: true });

  // The camera recording: one minute of VP8 (Debian's ffmpeg, outside the measurement) looped to the interview's length,
  // as the page's MediaRecorder would have uploaded it, then the service's remux with the mixed audio, timed.
  const clip = path.join(dir, 'clip.webm');
  const upload = path.join(dir, 'upload.webm');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10',
    '-t',
    '60',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '300k',
    '-f',
    'webm',
    '-y',
    clip,
  ]);
  await run('ffmpeg', ['-v', 'error', '-stream_loop', String(minutes - 1), '-i', clip, '-c', 'copy', '-f', 'webm', '-y', upload]);
  const remuxed = path.join(dir, 'remuxed.webm');
  const remuxStarted = performance.now();
  if (!(await hasVideoStream(upload))) throw new Error('the generated upload has no video stream');
  await runFfmpeg(webmRemuxArgs(upload, recording.file, remuxed)).finish();
  const remuxMs = performance.now() - remuxStarted;

  console.log(`| interview | ${minutes} min, ${turns} questions, ${mb(spoolBytes)} of candidate audio spooled |`);
  console.log('|---|---|');
  console.log(
    `| MP3 assembly, speech prepared during the session (mix + ffmpeg libmp3lame 48 kbit/s, LAME quality 7) | ${(elapsed / 1000).toFixed(1)} s total, ${(elapsed / minutes / 1000).toFixed(3)} s per interview minute |`,
  );
  console.log(
    `| of which CPU in this process (mixing, reading the spool) | ${(mixCpuMs / minutes / 1000).toFixed(3)} s per interview minute (the rest is ffmpeg, a child process) |`,
  );
  console.log(
    `| WebM remux (video copied, mixed audio to Opus 32 kbit/s) | ${(remuxMs / 1000).toFixed(1)} s total, ${(remuxMs / minutes / 1000).toFixed(3)} s per interview minute (${mb(statSync(upload).size)} upload -> ${mb(statSync(remuxed).size)}) |`,
  );
  console.log(
    `| MP3 assembly as before, synthesising every question (eSpeak NG) | ${(coldMs / 1000).toFixed(1)} s total, ${(coldMs / minutes / 1000).toFixed(3)} s per interview minute (${(coldRecording.durationMs / 60_000).toFixed(1)} min) |`,
  );
  console.log(`| recording | ${(recording.durationMs / 60_000).toFixed(1)} min, ${mb(recording.bytes)} |`);
  console.log(
    `| resident memory | ${mb(before)} before, ${mb(peak)} peak during assembly (+${mb(peak - before)}), ${mb(afterGc.rss)} after a forced gc (heap ${mb(heapAfter)} -> ${mb(afterGc.heapUsed)}) |`,
  );
  console.log(
    `| eSpeak NG synthesis | ${(ttsMs / sentences.length).toFixed(0)} ms per question (${sentences.length} questions, first includes start-up) |`,
  );
  console.log(
    `| machine | ${cpus().length} cores, ${cpus()[0]?.model ?? ''}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} (shared) |`,
  );

  if (values.compare) {
    // The same mixed PCM for both encoders: the assembler's plan mixed into a file (not timed).
    const pcm = path.join(dir, 'mixed.pcm');
    const plan = await assembler.plan(input);
    const sink = createWriteStream(pcm);
    await mixSources(plan.sources, plan.totalSamples, 16_000 * 10, async (chunk) => {
      if (!sink.write(chunk)) await once(sink, 'drain');
    });
    sink.end();
    await once(sink, 'finish');
    const rows = [
      await mp3WithFfmpeg(pcm, 16_000, path.join(dir, 'ffmpeg.mp3')),
      await mp3WithLamejs(pcm, 16_000, path.join(dir, 'lamejs.mp3')),
      await remuxCopyWithFfmpeg(upload, path.join(dir, 'ffmpeg-copy.webm')),
      await remuxCopyWithMediabunny(upload, path.join(dir, 'mediabunny-copy.webm')),
    ];
    console.log();
    console.log(`Comparison, ${minutes} min (${mb(statSync(pcm).size)} of mixed PCM, ${mb(statSync(upload).size)} camera upload):`);
    console.log();
    console.log('| job | encoder | s per interview minute | CPU s per interview minute | peak memory | output | ffprobe duration |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    rows.forEach((row, i) => {
      const job = i < 2 ? 'MP3 48 kbit/s from PCM' : 'WebM remux, copy';
      const probed = row.probedSecs === null ? 'not decodable' : `${(row.probedSecs / 60).toFixed(2)} min`;
      console.log(
        `| ${job} | ${row.label} | ${(row.wallMs / minutes / 1000).toFixed(3)} | ${(row.cpuMs / minutes / 1000).toFixed(3)} | ${mb(row.peakBytes, 1)} | ${mb(row.outBytes, 1)} | ${probed} |`,
      );
    });
    console.log();
    console.log(
      `mediabunny can encode Opus here: ${await mediabunnyCanEncodeOpus()} (no WebCodecs AudioEncoder in Node ${process.version})`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
