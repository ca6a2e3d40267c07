// The benches' command lines. `--help` lists the options with their defaults,
// and a mistyped option, a missing value or a number that is not one is a
// one-line error with exit code 2, not a stack trace or a run on NaN.

import { parseArgs } from 'node:util';

interface TextOption {
  type: 'string';
  default: string;
  /** What the value means, for --help. */
  help: string;
}

interface FlagOption {
  type: 'boolean';
  help: string;
}

type BenchOptions = Record<string, TextOption | FlagOption>;
type BenchValues<O extends BenchOptions> = { [K in keyof O]: O[K] extends TextOption ? string : boolean };

/** `--database-url`: the PostgreSQL a bench runs on, BENCH_DATABASE_URL or this machine's test database. */
export function databaseUrlOption(help: string): TextOption {
  return { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', help };
}

/** Parses process.argv against `options`; `command` is how the bench is run, for the usage line. */
export function benchArgs<const O extends BenchOptions>(command: string, options: O): BenchValues<O> {
  const usage = [
    // npm passes options on after `--`; a script run directly takes them as they are.
    `usage: ${command} ${command.startsWith('npm ') ? '[-- options]' : '[options]'}`,
    ...Object.entries(options).map(([name, option]) =>
      option.type === 'string'
        ? `  --${name} <value>  ${option.help} (default: ${option.default || 'none'})`
        : `  --${name}  ${option.help}`,
    ),
  ].join('\n');
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const config = Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      option.type === 'string' ? { type: 'string' as const, default: option.default } : { type: 'boolean' as const, default: false },
    ]),
  );
  try {
    return parseArgs({ args: argv, options: config, strict: true, allowPositionals: false }).values as BenchValues<O>;
  } catch (error) {
    return argError(error instanceof Error ? error.message : String(error), usage);
  }
}

/** `value` as a number of at least `min`, or exit 2 naming the option. */
export function numberArg(name: string, value: string, min = 0): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < min) {
    return argError(`--${name} must be a number of at least ${min}, not "${value}"`);
  }
  return number;
}

/** `value` as a whole number of at least `min` (a count of sessions, rounds, connections), or exit 2. */
export function countArg(name: string, value: string, min = 0): number {
  const count = numberArg(name, value, min);
  return Number.isInteger(count) ? count : argError(`--${name} must be a whole number, not "${value}"`);
}

/** `value` if it is one of `allowed`, or exit 2 naming the option and what it allows. */
export function choiceArg<const T extends string>(name: string, value: string, allowed: readonly T[]): T {
  return (allowed as readonly string[]).includes(value)
    ? (value as T)
    : argError(`--${name} must be one of ${allowed.join(', ')}, not "${value}"`);
}

/** A comma-separated list of whole numbers of at least `min`. */
export function countListArg(name: string, value: string, min = 0): number[] {
  return value.split(',').map((item) => countArg(name, item, min));
}

/** A bad command line: the message (and the usage, when given) on stderr, exit 2. */
export function argError(message: string, usage?: string): never {
  console.error(usage ? `${message}\n${usage}` : message);
  process.exit(2);
}
