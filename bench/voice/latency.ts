// Voice bench: end of the candidate's speech -> first audio of the reply, with
// the offline providers (Silero VAD, PocketSphinx, eSpeak NG / flite, the
// scripted interviewer), on a real server process (`npx tsx src/main.ts`,
// SQLite). Candidates are VoiceCandidate clients speaking flite WAVs at
// microphone pace over protocol v2 and waiting for the interviewer's audio to
// play out before answering, as a person would.
//
// 1. One session at a time: p50/p95 of the latency and its split (the server's
//    voice_turn_latency histograms: VAD hang-over, STT, interviewer, TTS).
// 2. Concurrent sessions, level by level, until the p95 (without the fixed
//    hang-over) passes 1 s.
//
// Usage: npm run bench:voice [-- --interviews 2 --levels 1,4,8,12,16]

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { percentile } from '../../src/cli/simulate.js';
import { playVoiceInterview, type VoiceAnswer, type VoicePlayResult } from '../../src/cli/simulate-voice.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, resample } from '../../src/speech/audio.js';
import { startChildServer } from '../../test/helpers/child-server.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { interviews: { type: 'string', default: '2' }, levels: { type: 'string', default: '1,4,8,12,16' } },
});
const SEQUENTIAL = Number(values.interviews);
const LEVELS = values.levels.split(',').map(Number);

const SPOKEN = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

type Metrics = Map<string, number>;

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

async function speakAnswers(): Promise<VoiceAnswer[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-voice-'));
  return Promise.all(
    SPOKEN.map(async (text, i) => {
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
}

async function measure(url: string, key: string, answers: VoiceAnswer[], sessions: number, rounds = 1): Promise<Level> {
  const before = await readMetrics(url);
  const results: VoicePlayResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const ids = await createInterviews(url, key, sessions);
    const settled = await Promise.allSettled(
      ids.map((id) => playVoiceInterview(url, id, answers, { speed: 1, playback: 'realtime', waitForPlayback: true })),
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
  };
}

function row(level: Level): string {
  const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));
  return `| ${level.sessions} | ${level.turns} | ${level.completed}/${level.interviews} | ${f(level.clientP50)} | ${f(level.clientP95)} | ${f(level.clientP50 - level.hangover)} | ${f(level.clientP95 - level.hangover)} | ${f(level.hangover)} | ${f(level.stt)} | ${f(level.interviewer)} | ${f(level.tts)} | ${f(level.total)} |`;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const server = await startChildServer({ ...database.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000' }, { stderr: 'inherit' });
  try {
    const { stdout } = await run('npx', ['tsx', 'src/cli/main.ts', 'keys', 'create', '--user', 'bench-voice'], {
      env: { ...process.env, ...database.env },
    });
    const key = stdout.trim();
    const answers = await speakAnswers();
    process.stdout.write(
      '| sessions | turns | completed | client p50 | client p95 | p50 - hang-over | p95 - hang-over | hang-over | STT | interviewer | TTS | server total |\n' +
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n',
    );
    // Warm-up: the synthesizer's workers, the recogniser's files in the page cache.
    await measure(server.url, key, answers, 1);
    process.stdout.write(`${row(await measure(server.url, key, answers, 1, SEQUENTIAL))}\n`);
    for (const sessions of LEVELS.filter((n) => n > 1)) {
      const level = await measure(server.url, key, answers, sessions);
      process.stdout.write(`${row(level)}\n`);
      if (level.clientP95 - level.hangover > 1_000) {
        process.stdout.write(`p95 without the hang-over passed 1 s at ${sessions} concurrent voice sessions\n`);
        break;
      }
    }
  } finally {
    await server.stop('SIGTERM');
    await database.dispose();
  }
}

await main();
