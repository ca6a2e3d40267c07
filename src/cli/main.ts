// Operator CLI (a contract, see README.md, "Operator CLI"):
//   keys create --user <label> [--scopes a,b] [--expires <date>]   prints the key alone on stdout
//   keys list
//   keys deactivate <key-or-id>
//   migrate
//   simulate <interview_id> [<interview_id> ...] --answers <file.json> [--url <base url>] [--voice [--speed <n>]]
//   erase <interview_id>   deletes the interview's media and personal data on request, leaving an audit line
//   backup <dir>           the database, media store and key files, while the service serves
//   restore <dir>          a backup into an instance no service has used
// It works on the database named by the same configuration as the server.

import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { KeyInputError } from '../auth/auth.service.js';
import { BackupError, createBackup, formatBytes, restoreBackup } from '../backup/backup.service.js';
import { SCOPES } from '../auth/principal.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createContainer } from '../container.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { readAnswers, runSimulation, SimulationInputError } from './simulate.js';
import { runVoiceSimulation } from './simulate-voice-run.js';

const USAGE = `usage:
  cli keys create --user <label> [--scopes ${SCOPES.join(',')}] [--expires <ISO date>]
  cli keys list
  cli keys deactivate <key-or-id>
  cli migrate
  cli simulate <interview_id> [<interview_id> ...] --answers <file.json> [--url <base url>] [--voice [--speed <n>]]
  cli erase <interview_id>
  cli backup <dir>
  cli restore <dir>`;

class UsageError extends Error {}

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}

/** Deletes one interview's recordings, archived records, transcript, evaluation, log and candidate details. */
async function erase(config: ReturnType<typeof loadConfig>, interviewId: string | undefined, rest: string[]): Promise<number> {
  if (!interviewId || rest.length > 0) throw new UsageError('erase needs exactly one interview id');
  const container = await createContainer(config);
  try {
    const requestedBy = `cli erase by ${operatorName()}`;
    const outcome = await container.interviews.erasePersonalData(interviewId, requestedBy);
    if (outcome === 'not_found') {
      process.stderr.write(`no interview ${interviewId}; nothing changed\n`);
      return 1;
    }
    if (outcome === 'in_progress') {
      process.stderr.write(
        `interview ${interviewId} is in progress or its recording is being made; erase it once it has ended. Nothing changed\n`,
      );
      return 1;
    }
    process.stdout.write(
      `erased ${interviewId}: media, transcript, evaluation, log and candidate details deleted; audit line kept in its log\n`,
    );
    return 0;
  } finally {
    await container.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv;
  const config = loadConfig();
  if (command === 'simulate')
    return simulate(
      config,
      [subcommand, ...rest].filter((a): a is string => a !== undefined),
    );
  if (command === 'migrate') {
    const database = openDatabase(config);
    try {
      const applied = await migrateToLatest(database.db, database.dialect);
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    } finally {
      await database.close();
    }
    return 0;
  }
  if (command === 'erase') return erase(config, subcommand, rest);
  if (command === 'backup' || command === 'restore') {
    if (!subcommand || rest.length > 0) throw new UsageError(`${command} needs exactly one folder`);
    const say = (line: string) => void process.stdout.write(`${line}\n`);
    if (command === 'backup') {
      const { manifest, seconds } = await createBackup(config, subcommand, say);
      const media = manifest.objects.reduce((sum, o) => sum + o.size, 0);
      say(
        `backup written to ${subcommand} in ${seconds.toFixed(1)} s (database ${formatBytes(manifest.database.size)}, media ${formatBytes(media)})`,
      );
    } else {
      const { manifest, seconds } = await restoreBackup(config, subcommand, say);
      say(`restored the backup of ${manifest.created_at} in ${seconds.toFixed(1)} s; start the service on this configuration`);
    }
    return 0;
  }
  if (command !== 'keys') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');

  const container = await createContainer(config);
  try {
    switch (subcommand) {
      case 'create': {
        const { values } = parseArgs({
          args: rest,
          options: { user: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' } },
          strict: true,
        });
        if (!values.user) throw new UsageError('keys create needs --user <label>');
        const expiresAt = values.expires ? parseDate(values.expires) : null;
        const scopes = values.scopes
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const { key } = await container.auth.createKey({ userLabel: values.user, scopes, expiresAt });
        process.stdout.write(`${key}\n`);
        return 0;
      }
      case 'list': {
        const keys = await container.auth.listKeys();
        if (keys.length === 0) {
          process.stdout.write('no keys\n');
          return 0;
        }
        const rows = keys.map((k) => [k.id, k.prefix + '…', k.user, k.status, k.scopes.join(','), k.expires_at ?? '-', k.created_at]);
        printTable(['id', 'key', 'user', 'status', 'scopes', 'expires', 'created'], rows);
        return 0;
      }
      case 'deactivate': {
        const target = rest[0];
        if (!target) throw new UsageError('keys deactivate needs a key or a key id');
        if (!(await container.auth.deactivateKey(target))) {
          process.stderr.write('no active key matches; nothing changed\n');
          return 1;
        }
        process.stdout.write('key deactivated\n');
        return 0;
      }
      default:
        throw new UsageError(`unknown keys command "${subcommand ?? ''}"`);
    }
  } finally {
    await container.close();
  }
}

async function simulate(config: Config, args: string[]): Promise<number> {
  const publicBaseUrl = config.publicBaseUrl;
  const { values, positionals } = parseArgs({
    args,
    options: { answers: { type: 'string' }, url: { type: 'string' }, voice: { type: 'boolean' }, speed: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) throw new UsageError('simulate needs an interview id');
  if (!values.answers) throw new UsageError('simulate needs --answers <file.json> (a JSON array of strings)');
  const answers = readAnswers(values.answers);
  if (values.speed !== undefined && !values.voice) throw new UsageError('--speed only applies with --voice');
  if (values.voice) {
    const speed = Number(values.speed ?? 1);
    if (!(speed >= 0.25 && speed <= 8)) throw new UsageError(`--speed must be a number from 0.25 to 8 (got "${values.speed}")`);
    return runVoiceSimulation({
      baseUrl: values.url ?? publicBaseUrl,
      interviewIds: positionals,
      answers,
      speed,
      out: process.stdout,
      err: process.stderr,
    });
  }
  return runSimulation({
    baseUrl: values.url ?? publicBaseUrl,
    interviewIds: positionals,
    answers,
    out: process.stdout,
    err: process.stderr,
  });
}

function parseDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--expires must be a date such as 2027-01-31 or 2027-01-31T12:00:00Z (got "${value}")`);
  return date;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  process.stdout.write([line(header), ...rows.map(line)].join('\n') + '\n');
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n${USAGE}\n`);
    else if (error instanceof ConfigError || error instanceof KeyInputError || error instanceof SimulationInputError)
      process.stderr.write(`${error.message}\n`);
    else if (error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    } else if (error instanceof Error && error.name === 'TypeError' && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
    } else process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
