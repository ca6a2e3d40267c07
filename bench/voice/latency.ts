// Voice bench: end of the candidate's speech -> first audio of the reply, on a
// real server process (`npx tsx src/main.ts`, SQLite). Candidates are
// VoiceCandidate clients speaking flite WAVs at microphone pace over protocol
// v2 and waiting for the interviewer's audio to play out before answering, as
// a person would.
//
// 1. One session at a time, offline providers (Silero VAD, PocketSphinx,
//    eSpeak NG, the scripted interviewer): p50/p95 and the split (the
//    server's voice_turn_latency histograms: VAD hang-over, STT, interviewer, TTS).
// 2. `--concurrent` sessions at once (10), the same providers: all start
//    together, so they speak and listen in step (the worst case: every
//    candidate's decoding at the same moment); then, with `--stagger <ms>`,
//    the same number started that many ms apart in all (spread evenly), as
//    independent candidates arrive.
// 3. `--remote` sessions at once (50) with STT_PROVIDER=openai against a local
//    fake transcription server that answers after 50 ms (as a hosted Whisper
//    would), so what is left is the node's own cost.
//
// The last line, for scripts:
//   voice: p50_ms=<n> p95_ms=<n> at 1; p95_ms=<n> at 10; p95_ms=<n> at 50 remote; cutoffs=<k>/<n>
// 4. The cut-off rate (cutoffs.ts): a labelled set of answers with a pause in
//    the middle, through the fixed hang-over and the adaptive end of turn at
//    once; `cutoffs=<k>/<n>` is the adaptive one (the server's default).
// Level 1 also runs on a server with the fixed hang-over
// (SESSION_VAD_ADAPTIVE=false), for the before/after of the adaptive end of turn,
// and on one without the speculative reply (SESSION_SPECULATIVE_REPLY=false),
// for its before/after in the same run (the ratio of the p50s and p95s). Every
// row counts the speculative replies sent and discarded (speculative_replies_total).
// 5. `--llm-delay <ms>` (0: left out): one session with the model-backed
//    interviewer (LLM_PROVIDER=openai) against a local fake chat server that
//    answers after that delay, as a hosted model would; a thin answer to q1
//    makes the model write a follow-up. Run with the speculative model call
//    (the default) and without it (SESSION_SPECULATIVE_MODEL_CALLS=false) in
//    the same run, reported as a ratio: over all turns, and for the turn whose
//    reply the model wrote.
//
// Usage: npm run bench:voice [-- --interviews 2 --concurrent 10 --stagger 10000 --remote 50 --llm-delay 600 --cutoffs false]
// (`--concurrent 0`, `--stagger 0`, `--remote 0` leave those levels out; `--cutoffs false` the cut-off set.)

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchArgs, choiceArg, countArg, numberArg } from '../cli-args.js';
import { percentile } from '../../src/cli/simulate.js';
import { playVoiceInterview, type VoiceAnswer, type VoicePlayResult } from '../../src/cli/simulate-voice.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, encodeWav, resample } from '../../src/speech/audio.js';
import { loadConfig } from '../../src/config.js';
import { WarmPocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx-warm.js';
import { FliteTextToSpeech } from '../../src/speech/tts/flite.js';
import { startChildServer } from '../../test/helpers/child-server.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';
import { formatCutoffs, measureCutoffs } from './cutoffs.js';
import { VOICE_BENCH_ANSWERS } from './recordings.js';

const run = promisify(execFile);
const values = benchArgs('npm run bench:voice', {
  interviews: { type: 'string', default: '2', help: 'interviews one at a time, per server setting' },
  concurrent: { type: 'string', default: '10', help: 'sessions at once (0: left out)' },
  stagger: { type: 'string', default: '10000', help: 'ms over which the concurrent sessions start (0: left out)' },
  remote: { type: 'string', default: '50', help: 'sessions at once against the fake transcription server (0: left out)' },
  cutoffs: { type: 'string', default: 'true', help: 'false leaves out the cut-off set' },
  'llm-delay': { type: 'string', default: '0', help: 'ms the fake chat server takes (0: left out)' },
});
const SEQUENTIAL = countArg('interviews', values.interviews);
const CONCURRENT = countArg('concurrent', values.concurrent);
const STAGGER_MS = numberArg('stagger', values.stagger);
const REMOTE = countArg('remote', values.remote);
const CUTOFFS = choiceArg('cutoffs', values.cutoffs, ['true', 'false']) === 'true';
const LLM_DELAY_MS = numberArg('llm-delay', values['llm-delay']);
/** How long the fake transcription server takes to answer, as a hosted Whisper would. */
const REMOTE_DELAY_MS = 50;

const SPOKEN = VOICE_BENCH_ANSWERS;
/** For the model-backed interviewer: a thin answer to q1 (a follow-up written by the model), then the fuller one. */
const SPOKEN_WITH_FOLLOW_UP = [SPOKEN[0]!, 'A race condition is a timing bug.', SPOKEN[1]!, SPOKEN[2]!, SPOKEN[3]!];
/** The turn whose reply the model writes: the second answer's. */
const MODEL_TURN = 1;

type Metrics = Map<string, number>;

const clientVoice = new FliteTextToSpeech({ workers: 1 });

async function readMetrics(url: string): Promise<Metrics> {
  const values = new Map<string, number>();
  for (const line of (await (await fetch(`${url}/metrics`)).text()).split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

/** Mean of a histogram (optionally one label) between two scrapes, ms. */
function meanMs(before: Metrics, after: Metrics, name: string, label = ''): number {
  const delta = (suffix: string) => (after.get(`${name}_${suffix}${label}`) ?? 0) - (before.get(`${name}_${suffix}${label}`) ?? 0);
  const count = delta('count');
  return count === 0 ? NaN : (delta('sum') / count) * 1000;
}

/** A counter's increase between two scrapes. */
function counted(before: Metrics, after: Metrics, series: string): number {
  return (after.get(series) ?? 0) - (before.get(series) ?? 0);
}

async function speakAnswers(texts: readonly string[] = SPOKEN): Promise<VoiceAnswer[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-voice-'));
  return Promise.all(
    texts.map(async (text, i) => {
      const file = path.join(dir, `answer-${i + 1}.wav`);
      await run('flite', ['-voice', 'slt', '-t', text, '-o', file]);
      return { kind: 'audio', source: text, samples: resample(decodeWav(readFileSync(file)), CANDIDATE_SAMPLE_RATE).samples } as const;
    }),
  );
}

async function createInterviews(url: string, key: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/interview/create-from-questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-secret-key': key },
      body: JSON.stringify({
        job_title: 'Backend Engineer',
        candidate_id: `bench-voice-${i}`,
        primary_tech_focus: 'Node.js',
        questions: [
          { question: 'What is a race condition?', evaluation_criteria: ['shared state', 'timing'] },
          { question: 'Tell me about a conflict in your team.', evaluation_criteria: ['situation', 'resolution'] },
        ],
      }),
    });
    ids.push(((await response.json()) as { interview_id: string }).interview_id);
  }
  return ids;
}

interface Level {
  sessions: number;
  interviews: number;
  turns: number;
  completed: number;
  clientP50: number;
  clientP95: number;
  /** Server-side, the latency's parts (means, ms). */
  hangover: number;
  stt: number;
  interviewer: number;
  tts: number;
  total: number;
  /** Speculative replies sent and discarded (speculative_replies_total). */
  sent: number;
  discarded: number;
  /** Speculative model calls awaited by their turn and aborted (speculative_model_calls_total). */
  modelCallsSent: number;
  modelCallsDiscarded: number;
  /** The reply to the MODEL_TURN-th answer, each interview (client, ms). */
  modelTurnMs: number[];
}

/** `staggerMs`: the sessions start spread evenly over that long (0: all at once). */
async function measure(url: string, key: string, answers: VoiceAnswer[], sessions: number, rounds = 1, staggerMs = 0): Promise<Level> {
  const before = await readMetrics(url);
  const results: VoicePlayResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const ids = await createInterviews(url, key, sessions);
    const settled = await Promise.allSettled(
      // A turn the server did not hear puts the script one answer behind: the last answers are then spoken by flite.
      ids.map(async (id, i) => {
        await delay((i * staggerMs) / sessions);
        return playVoiceInterview(url, id, answers, { speed: 1, playback: 'realtime', waitForPlayback: true, tts: clientVoice });
      }),
    );
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') results.push(outcome.value);
      else process.stderr.write(`session failed: ${String(outcome.reason)}\n`);
    }
  }
  const after = await readMetrics(url);
  const latencies = results.flatMap((r) => r.replyAudioMs).sort((a, b) => a - b);
  const part = (name: string) => meanMs(before, after, 'voice_turn_latency_part_seconds', `{part="${name}"}`);
  return {
    sessions,
    interviews: sessions * rounds,
    turns: latencies.length,
    completed: results.filter((r) => r.endingReason === 1).length,
    clientP50: percentile(latencies, 0.5),
    clientP95: percentile(latencies, 0.95),
    hangover: part('hangover'),
    stt: part('stt'),
    interviewer: part('interviewer'),
    tts: part('tts'),
    total: meanMs(before, after, 'voice_turn_latency_seconds'),
    sent: counted(before, after, 'speculative_replies_total{outcome="sent"}'),
    discarded: counted(before, after, 'speculative_replies_total{outcome="discarded"}'),
    modelCallsSent: counted(before, after, 'speculative_model_calls_total{outcome="sent"}'),
    modelCallsDiscarded: counted(before, after, 'speculative_model_calls_total{outcome="discarded"}'),
    modelTurnMs: results
      .flatMap((r) => (r.replyAudioMs.length === r.turns.length ? [r.replyAudioMs[MODEL_TURN]!] : []))
      .sort((a, b) => a - b),
  };
}

function row(level: Level, recogniser: string): string {
  const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));
  return `| ${level.sessions} | ${recogniser} | ${level.turns} | ${level.completed}/${level.interviews} | ${f(level.clientP50)} | ${f(level.clientP95)} | ${f(level.clientP50 - level.hangover)} | ${f(level.clientP95 - level.hangover)} | ${f(level.hangover)} | ${f(level.stt)} | ${f(level.interviewer)} | ${f(level.tts)} | ${f(level.total)} | ${level.sent}/${level.discarded} |`;
}

/**
 * A stand-in for a hosted Whisper: answers POST /v1/audio/transcriptions after
 * REMOTE_DELAY_MS with the scripted answer whose length is nearest the audio's
 * (it cannot hear, but the interview must go on as spoken).
 */
/** Seconds from the first to the last loud sample of a WAV (the utterance sent has silence around the speech). */
function spokenSeconds(wav: Buffer): number {
  try {
    const { samples, sampleRate } = decodeWav(wav);
    const loud = (sample: number) => Math.abs(sample) > 300;
    let end = samples.length;
    while (end > 0 && !loud(samples[end - 1]!)) end -= 1;
    return Math.max(0, end - samples.findIndex(loud)) / sampleRate;
  } catch {
    return 0;
  }
}

async function startFakeTranscriber(answers: VoiceAnswer[]): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  const lengths = answers.map((answer) =>
    answer.kind === 'audio' ? spokenSeconds(encodeWav({ sampleRate: CANDIDATE_SAMPLE_RATE, samples: answer.samples })) : 0,
  );
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const body = Buffer.concat(chunks);
      const seconds = spokenSeconds(body.subarray(Math.max(0, body.indexOf('RIFF'))));
      const nearest = lengths.reduce((best, length, i) => (Math.abs(length - seconds) < Math.abs(lengths[best]! - seconds) ? i : best), 0);
      const answer = answers[nearest]!;
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: answer.kind === 'audio' ? answer.source : '' }));
      }, REMOTE_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Idle keep-alive connections from the stopped server would hold close() open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A stand-in for a hosted chat model: answers POST /v1/chat/completions after `delayMs` with a follow-up question. */
async function startFakeChatModel(
  delayMs: number,
): Promise<{ url: string; requests: () => number; aborted: () => number; close(): Promise<void> }> {
  let requests = 0;
  let aborted = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      const timer = setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const content = JSON.stringify({ utterance: 'Which concrete example from your own work shows this best?' });
        response.end(
          JSON.stringify({
            id: 'bench',
            object: 'chat.completion',
            created: 0,
            model: 'bench',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      }, delayMs);
      // The interviewer aborted the call (a speculative reply the candidate talked over).
      response.on('close', () => {
        if (response.writableEnded) return;
        clearTimeout(timer);
        aborted += 1;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    aborted: () => aborted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HEADER =
  '| sessions | recogniser | turns | completed | client p50 | client p95 | p50 - hang-over | p95 - hang-over | hang-over | STT | interviewer | TTS | server total | speculative sent/discarded |\n' +
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n';

/** A server process with a key; one owner stands for many here, so it may use the whole node's recognisers. */
async function withServer<T>(env: Record<string, string>, work: (url: string, key: string) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  const server = await startChildServer(
    {
      ...database.env,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000000',
      STT_MAX_CONCURRENT_PER_OWNER: '10000',
      STT_DECODERS: process.env.STT_DECODERS ?? String(availableParallelism()),
      ...env,
    },
    { stderr: 'inherit' },
  );
  try {
    const { stdout } = await run('npx', ['tsx', 'src/cli/main.ts', 'keys', 'create', '--user', 'bench-voice'], {
      env: { ...process.env, ...database.env },
    });
    return await work(server.url, stdout.trim());
  } finally {
    await server.stop('SIGTERM');
    await database.dispose();
  }
}

async function main(): Promise<void> {
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const answers = await speakAnswers();
  const voiceConfig = loadConfig({}).voice;
  process.stdout.write(HEADER);
  await withServer({ SESSION_VAD_ADAPTIVE: 'false' }, async (url, key) => {
    await measure(url, key, answers, 1);
    const fixed = await measure(url, key, answers, 1, SEQUENTIAL);
    process.stdout.write(`${row(fixed, `pocketsphinx, fixed ${voiceConfig.vadSilenceMs} ms hang-over`)}\n`);
  });
  const unspeculative = await withServer({ SESSION_SPECULATIVE_REPLY: 'false' }, async (url, key) => {
    await measure(url, key, answers, 1);
    const level = await measure(url, key, answers, 1, SEQUENTIAL);
    process.stdout.write(`${row(level, 'pocketsphinx, adaptive, no speculative reply')}\n`);
    return level;
  });
  const [one, many, spread] = await withServer({}, async (url, key) => {
    // Warm-up: the synthesizer's workers, the recogniser's files in the page cache.
    await measure(url, key, answers, 1);
    const alone = await measure(url, key, answers, 1, SEQUENTIAL);
    process.stdout.write(`${row(alone, 'pocketsphinx, adaptive end of turn')}\n`);
    const together = CONCURRENT > 0 ? await measure(url, key, answers, CONCURRENT) : null;
    if (together) process.stdout.write(`${row(together, 'pocketsphinx, adaptive end of turn, in step')}\n`);
    const staggered = CONCURRENT > 0 && STAGGER_MS > 0 ? await measure(url, key, answers, CONCURRENT, 1, STAGGER_MS) : null;
    if (staggered) process.stdout.write(`${row(staggered, `pocketsphinx, adaptive end of turn, started over ${STAGGER_MS / 1000} s`)}\n`);
    return [alone, together, staggered];
  });
  const fake = await startFakeTranscriber(answers);
  const remote =
    REMOTE > 0
      ? await withServer({ STT_PROVIDER: 'openai', STT_BASE_URL: fake.url }, async (url, key) => {
          await measure(url, key, answers, 1);
          const level = await measure(url, key, answers, REMOTE);
          process.stdout.write(`${row(level, `remote (${REMOTE_DELAY_MS} ms)`)}\n`);
          return level;
        })
      : null;
  await fake.close();
  // The server's recogniser, warm as bench:voice runs it, for the end of turn alone.
  const stt = new WarmPocketsphinxSpeechToText({ processes: availableParallelism(), maxStreams: 64 });
  const cutoffs = CUTOFFS ? await measureCutoffs(stt, voiceConfig) : null;
  await stt.close();
  const cut = cutoffs ? cutoffs.adaptive.filter((o) => o.cutOff).length : NaN;
  const withModel = LLM_DELAY_MS > 0 ? await measureModelTurns() : null;
  await clientVoice.close().catch(() => {});
  console.log(
    `\nLoad average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; the fake transcriber answered ${fake.requests()} requests.`,
  );
  const ratio = (on: number, off: number) => (on / off).toFixed(2);
  console.log(
    `\nSpeculative reply, one session: p50 ${ratio(one.clientP50, unspeculative.clientP50)} and p95 ${ratio(one.clientP95, unspeculative.clientP95)} ` +
      `of the figures without it (${one.sent} sent, ${one.discarded} discarded).`,
  );
  if (withModel) console.log(withModel);
  if (cutoffs) {
    console.log(`\nCut-offs on ${cutoffs.answers.length} answers with a pause in the middle (pocketsphinx, warm):\n`);
    console.log(formatCutoffs(cutoffs, voiceConfig.vadSilenceMs));
  }
  const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'NaN' : n.toFixed(0));
  if (spread)
    console.log(
      `\nStarted over ${STAGGER_MS / 1000} s, ${CONCURRENT} sessions: p50_ms=${f(spread.clientP50)} p95_ms=${f(spread.clientP95)}\n`,
    );
  console.log(
    `voice: p50_ms=${f(one.clientP50)} p95_ms=${f(one.clientP95)} at 1; p95_ms=${f(many?.clientP95)} at ${CONCURRENT}; p95_ms=${f(remote?.clientP95)} at ${REMOTE} remote; cutoffs=${f(cut)}/${f(cutoffs?.answers.length)}`,
  );
}

/** Level 5: the model-backed interviewer behind a hosted model's delay, with and without the speculative model call. */
async function measureModelTurns(): Promise<string> {
  const answers = await speakAnswers(SPOKEN_WITH_FOLLOW_UP);
  const model = await startFakeChatModel(LLM_DELAY_MS);
  const env = { LLM_PROVIDER: 'openai', LLM_BASE_URL: model.url, LLM_MODEL: 'bench', LLM_API_KEY: 'bench', LLM_TIMEOUT_SECONDS: '10' };
  const levels: [string, Level][] = [];
  for (const [label, extra] of [
    ['speculative model call', {}],
    ['no speculative model call', { SESSION_SPECULATIVE_MODEL_CALLS: 'false' }],
  ] as const) {
    const level = await withServer({ ...env, ...extra }, async (url, key) => {
      await measure(url, key, answers, 1);
      return measure(url, key, answers, 1, SEQUENTIAL);
    });
    levels.push([label, level]);
  }
  await model.close();
  const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));
  const lines = [
    `\nModel-backed interviewer, one session, a fake chat model answering after ${LLM_DELAY_MS} ms (${model.requests()} requests, ${model.aborted()} aborted):\n`,
    '| interviewer | turns | completed | client p50 | client p95 | model turn p50 | model turn max | interviewer (server mean) | speculative sent/discarded | model calls sent/discarded |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...levels.map(
      ([label, l]) =>
        `| ${label} | ${l.turns} | ${l.completed}/${l.interviews} | ${f(l.clientP50)} | ${f(l.clientP95)} | ${f(percentile(l.modelTurnMs, 0.5))} | ${f(l.modelTurnMs.at(-1) ?? NaN)} | ${f(l.interviewer)} | ${l.sent}/${l.discarded} | ${l.modelCallsSent}/${l.modelCallsDiscarded} |`,
    ),
  ];
  const [on, off] = [levels[0]![1], levels[1]![1]];
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  lines.push(
    `\nSpeculative model call, one session: all turns p50 ${ratio(on.clientP50, off.clientP50)} and p95 ${ratio(on.clientP95, off.clientP95)}, ` +
      `the model-written turn p50 ${ratio(percentile(on.modelTurnMs, 0.5), percentile(off.modelTurnMs, 0.5))} of the figures without it.`,
  );
  return lines.join('\n');
}

await main();
