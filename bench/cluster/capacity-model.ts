// The arithmetic of bench/cluster/capacity.ts: counter differences per window,
// the costs per node-second, per live session-second and per interview, and
// what 10,000 concurrent interviews of `minutes` minutes ask of each part.

import type { Snapshot } from './capacity.js';

const CONCURRENT = 10_000;
/** Share of a node's cores we plan to use, leaving room for bursts and a node's loss. */
const TARGET_UTILISATION = 0.6;
const CORES_PER_NODE = 2;

type Window = [Snapshot, Snapshot];

/** One flat set of counters, so every window is differenced and scaled the same way. */
function flatten(s: Snapshot): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (key: string, value: number) => (out[key] = (out[key] ?? 0) + value);
  for (const [name, node] of Object.entries(s.nodes)) {
    const role = name === 'worker' ? 'worker' : 'session';
    for (const [kind, count] of Object.entries(node.queries)) {
      add(`db.${role}.${kind}`, count);
      add(`db.${role}`, count);
      add('db', count);
    }
    add(`cpu.${role}`, node.cpuSelf);
    add(`cpu.${role}.children`, node.cpuChildren);
  }
  for (const [command, calls] of Object.entries(s.redis)) {
    add(`redis.${command}`, calls);
    add('redis', calls);
  }
  for (const [key, value] of Object.entries(s.postgres)) add(`pg.${key}`, value);
  for (const [operation, count] of Object.entries(s.s3.requests)) {
    add(`s3.${operation}`, count);
    add('s3', count);
  }
  add('s3.bytes_in', s.s3.bytesIn);
  add('s3.bytes_out', s.s3.bytesOut);
  add('s3.stored', s.s3.storedBytes);
  return out;
}

function delta([a, b]: Window): { values: Record<string, number>; seconds: number } {
  const before = flatten(a);
  const after = flatten(b);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const values: Record<string, number> = {};
  for (const key of keys) values[key] = (after[key] ?? 0) - (before[key] ?? 0);
  return { values, seconds: b.at - a.at };
}

export interface ModelInput {
  interviews: number;
  /** Candidates connected during the waiting window. */
  waitingCandidates: number;
  turns: number;
  recordingSeconds: number;
  minutes: number;
  idle: Window;
  waiting: Window;
  run: Window;
}

export interface ModelResult {
  input: ModelInput;
  /** Whole cluster (two session nodes and a worker), per second with nothing to do. */
  idlePerSecond: Record<string, number>;
  perSessionSecond: Record<string, number>;
  perInterview: Record<string, number>;
  runSeconds: number;
}

export function model(input: ModelInput): ModelResult {
  const idle = delta(input.idle);
  const waiting = delta(input.waiting);
  const run = delta(input.run);
  const idlePerSecond: Record<string, number> = {};
  const perSessionSecond: Record<string, number> = {};
  const perInterview: Record<string, number> = {};
  const keys = new Set([...Object.keys(idle.values), ...Object.keys(waiting.values), ...Object.keys(run.values)]);
  for (const key of keys) {
    const rate = (idle.values[key] ?? 0) / idle.seconds;
    idlePerSecond[key] = rate;
    // Sizes are levels, not flows: their growth is not taken off as a background rate.
    const isLevel = key === 'pg.size_bytes' || key === 's3.stored';
    const background = (seconds: number) => (isLevel ? 0 : rate * seconds);
    perSessionSecond[key] = ((waiting.values[key] ?? 0) - background(waiting.seconds)) / (input.waitingCandidates * waiting.seconds);
    perInterview[key] = ((run.values[key] ?? 0) - background(run.seconds)) / input.interviews;
  }
  return { input, idlePerSecond, perSessionSecond, perInterview, runSeconds: run.seconds };
}

const f = (value: number, digits = 1) =>
  Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(Math.abs(value) < 0.1 ? 3 : digits);

export function printReport(result: ModelResult, about: { machine: string; command: string }): void {
  const { input, idlePerSecond: idle, perSessionSecond: live, perInterview: per } = result;
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  line(`Command: \`${about.command}\`. Machine: ${about.machine}.`);
  line(
    `${input.waitingCandidates} candidates waiting; ${input.interviews} of them finish typed interviews of 5 questions, ${f(input.turns / input.interviews)} candidate turns each, ` +
      `recording ${f(input.recordingSeconds)} s each; run window ${f(result.runSeconds)} s.`,
  );
  line();
  line('| counter | cluster idle, per second | per live session-second | per interview |');
  line('|---|---:|---:|---:|');
  const row = (label: string, key: string, scale = 1) =>
    line(`| ${label} | ${f((idle[key] ?? 0) * scale)} | ${f((live[key] ?? 0) * scale, 3)} | ${f((per[key] ?? 0) * scale)} |`);
  row('DB statements, session nodes', 'db.session');
  row('DB statements, worker', 'db.worker');
  for (const kind of ['select', 'insert', 'update', 'delete', 'other']) {
    const key = kind;
    if ((per[`db.session.${key}`] ?? 0) + (per[`db.worker.${key}`] ?? 0) === 0) continue;
    line(
      `| - of which ${kind} (session / worker) | ${f(idle[`db.session.${key}`] ?? 0)} / ${f(idle[`db.worker.${key}`] ?? 0)} | ` +
        `${f(live[`db.session.${key}`] ?? 0, 3)} / ${f(live[`db.worker.${key}`] ?? 0, 3)} | ${f(per[`db.session.${key}`] ?? 0)} / ${f(per[`db.worker.${key}`] ?? 0)} |`,
    );
  }
  row('PostgreSQL transactions committed', 'pg.xact_commit');
  row('PostgreSQL rows inserted', 'pg.tup_inserted');
  row('PostgreSQL rows updated', 'pg.tup_updated');
  row('PostgreSQL rows deleted', 'pg.tup_deleted');
  row('Redis commands', 'redis');
  const commands = Object.keys(per)
    .filter((k) => k.startsWith('redis.'))
    .sort((a, b) => (per[b] ?? 0) + (live[b] ?? 0) * 600 - ((per[a] ?? 0) + (live[a] ?? 0) * 600))
    .slice(0, 6);
  for (const key of commands) row(`- ${key.slice(6)}`, key);
  row('S3 requests', 's3');
  for (const key of Object.keys(per).filter((k) => /^s3\.[A-Z]/.test(k))) row(`- ${key.slice(3)}`, key);
  row('S3 KiB uploaded', 's3.bytes_in', 1 / 1024);
  row('S3 KiB downloaded', 's3.bytes_out', 1 / 1024);
  row('S3 KiB kept (growth of the bucket)', 's3.stored', 1 / 1024);
  row('CPU seconds, session nodes', 'cpu.session');
  row('CPU seconds, worker (Node)', 'cpu.worker');
  row('CPU seconds, worker (ffmpeg children)', 'cpu.worker.children');
  line();
  line(`PostgreSQL database growth per interview: ${f((per['pg.size_bytes'] ?? 0) / 1024)} KiB.`);

  // 10,000 concurrent interviews of `minutes` minutes: this many end (and start) every second.
  const endings = CONCURRENT / (input.minutes * 60);
  const recordedMinutes = input.recordingSeconds / 60;
  const need = (key: string, perRecordedMinute = false) =>
    (perRecordedMinute ? ((per[key] ?? 0) / recordedMinutes) * input.minutes : (per[key] ?? 0)) * endings + (live[key] ?? 0) * CONCURRENT;
  const sessionCores = need('cpu.session') + (idle['cpu.session'] ?? 0) / 2;
  // Encoding (the ffmpeg child) and the MP3's size follow the recording's length; the rest of the
  // worker's work (evaluation, the interviewer's speech, records, webhook) follows the turns.
  const workerCores = need('cpu.worker') + need('cpu.worker.children', true);
  const sessionNodes = Math.ceil(sessionCores / (CORES_PER_NODE * TARGET_UTILISATION));
  const workerNodes = Math.ceil(workerCores / (CORES_PER_NODE * TARGET_UTILISATION));
  const nodes = sessionNodes + workerNodes;
  // Heartbeats and polls scale with nodes, not interviews.
  const perNode = (key: string) => ((idle[key] ?? 0) / 3) * nodes;
  const statements = need('db.session') + need('db.worker') + perNode('db');
  const transactions = need('pg.xact_commit') + perNode('pg.xact_commit');
  const redisOps = need('redis') + perNode('redis');
  const s3Requests = need('s3');
  const s3Upload = need('s3.bytes_in', true);
  const s3Kept = (per['s3.stored'] ?? 0) * endings * (input.minutes / recordedMinutes);
  line();
  line(`10,000 concurrent interviews of ${input.minutes} minutes: ${f(endings)} interviews start and end per second.`);
  line();
  line('| part | load | sizing |');
  line('|---|---:|---|');
  line(
    `| session nodes | ${f(sessionCores)} cores | ${sessionNodes} nodes of ${CORES_PER_NODE} cores at ${TARGET_UTILISATION * 100} % (${Math.ceil(CONCURRENT / sessionNodes)} live sessions each) |`,
  );
  line(
    `| workers | ${f(workerCores)} cores (ffmpeg scaled to ${input.minutes}-minute recordings) | ${workerNodes} nodes of ${CORES_PER_NODE} cores |`,
  );
  line(`| PostgreSQL | ${f(statements)} statements/s, ${f(transactions)} transactions/s | see docs/capacity.md |`);
  line(`| Redis | ${f(redisOps)} commands/s | see docs/capacity.md |`);
  line(
    `| S3 | ${f(s3Requests)} requests/s, ${f(s3Upload / 1024 / 1024, 2)} MiB/s uploaded | ${f((s3Kept * 86_400) / 1024 ** 3)} GiB kept a day |`,
  );
  line(`| PostgreSQL storage | ${f(((per['pg.size_bytes'] ?? 0) * endings * 86_400) / 1024 ** 3)} GiB a day | |`);
  process.stdout.write(out.join('\n') + '\n');
  process.stdout.write(
    '\n' + JSON.stringify({ idle, live, per }, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(4)) : v)) + '\n',
  );
}
