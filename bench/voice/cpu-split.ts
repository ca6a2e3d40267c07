// Where the CPU goes while a voice bench runs: samples every process's CPU
// (/proc/<pid>/stat, and the threads of the service's process) and prints,
// per window, the share of one core each kind of process used:
// the service's main thread (event loop: sessions, VAD's glue, WebSockets),
// its other threads (onnxruntime's VAD, libuv, V8), the warm PocketSphinx
// decoders, the synthesizer processes, the bench's own client, and the rest.
//
//   npx tsx bench/voice/cpu-split.ts --seconds 600 --every 5 --root $$ &
//   npm run -s bench:voice -- --interviews 0 --remote 0 --concurrent 10
//
// Processes are told apart by their command line; with --root, only the
// descendants of that process (the shell that starts the bench) are counted
// as the bench's, and everything else is "rest" (another bench on the machine).

import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchArgs, numberArg } from '../cli-args.js';

const flags = benchArgs('npx tsx bench/voice/cpu-split.ts', {
  seconds: { type: 'string', default: '600', help: 'how long to sample' },
  every: { type: 'string', default: '5', help: 'seconds per window' },
  root: { type: 'string', default: '', help: "the pid whose descendants are the bench's" },
});
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const KINDS = ['service main thread', 'service other threads', 'decoders', 'synthesizers', 'bench client', 'rest'] as const;
// The bench's client has synthesizer processes of its own (the candidates' flite voice): told apart by their parent.
type Kind = (typeof KINDS)[number];

function ticks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parentOf(stat: string): string {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
}

function kindOf(cmdline: string, parentKind: Kind | 'service' | undefined): Kind | 'service' {
  if (cmdline.includes('libpocketsphinx')) return 'decoders';
  if (cmdline.includes('src/main.ts') || cmdline.includes('dist/main.js')) return 'service';
  if (parentKind === 'service') return 'synthesizers';
  if (cmdline.includes('bench/voice/latency') || parentKind === 'bench client') return 'bench client';
  return 'rest';
}

/** CPU ticks so far, per process or thread, keyed by kind and id. */
function sample(): Map<string, { kind: Kind; ticks: number }> {
  const seen = new Map<string, { kind: Kind; ticks: number }>();
  const processes = new Map<string, { cmdline: string; stat: string }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat) processes.set(pid, { cmdline: (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' '), stat });
  }
  const kinds = new Map<string, Kind | 'service'>();
  const isOutside = (pid: string): boolean => {
    if (!flags.root) return false;
    for (let at = pid; processes.has(at); at = parentOf(processes.get(at)!.stat)) if (at === flags.root) return false;
    return true;
  };
  const kindOfPid = (pid: string): Kind | 'service' | undefined => {
    const known = kinds.get(pid);
    if (known || !processes.has(pid)) return known;
    const { cmdline, stat } = processes.get(pid)!;
    const parent = parentOf(stat);
    const kind = isOutside(pid) ? 'rest' : kindOf(cmdline, parent !== pid && parent !== '0' ? kindOfPid(parent) : undefined);
    kinds.set(pid, kind);
    return kind;
  };
  for (const [pid, { stat }] of processes) {
    const kind = kindOfPid(pid)!;
    if (kind !== 'service') {
      seen.set(`${kind}:${pid}`, { kind, ticks: ticks(stat) });
      continue;
    }
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // it ended between the two reads
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      const threadKind: Kind = tid === pid ? 'service main thread' : 'service other threads';
      if (stat) seen.set(`${threadKind}:${tid}`, { kind: threadKind, ticks: ticks(stat) });
    }
  }
  return seen;
}

const every = numberArg('every', flags.every, 0.1) * 1000;
const until = Date.now() + numberArg('seconds', flags.seconds) * 1000;
console.log(`| time (UTC) | ${KINDS.join(' | ')} | load (1 min) |`);
console.log(`|---|${KINDS.map(() => '---:|').join('')}---:|`);
let previous = sample();
const totals = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
const timer = setInterval(() => {
  const current = sample();
  const used = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  // A process born inside the window counts from zero; one that ended inside it is lost (short-lived ones only).
  for (const [id, { kind, ticks: now }] of current) used.set(kind, used.get(kind)! + now - (previous.get(id)?.ticks ?? 0));
  previous = current;
  const cells = KINDS.map((kind) => `${((((used.get(kind)! / TICKS_PER_SECOND) * 1000) / every) * 100).toFixed(0)} %`);
  for (const kind of KINDS) totals.set(kind, totals.get(kind)! + used.get(kind)!);
  console.log(`| ${new Date().toISOString().slice(11, 19)} | ${cells.join(' | ')} | ${loadavg()[0]!.toFixed(2)} |`);
  if (Date.now() >= until) clearInterval(timer);
}, every);
