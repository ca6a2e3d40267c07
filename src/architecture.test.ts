// The shape of the code, checked on every run so it cannot rot: the import
// graph of src/ resolves and has no cycle, and the dependency rules of
// docs/architecture.md hold (the conversation core knows no transport or storage, the
// session knows no HTTP, only http/ knows Fastify, only db/ knows the database
// drivers, jobs/ knows no domain). Table ownership is in module-boundaries.test.ts.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('./', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\(\s*'([^']+)'\s*\)/g;

interface SourceFile {
  /** Path inside src/, e.g. "session/live-session.ts". */
  name: string;
  /** Module folder: the first path segment ("session"), or "" for files at the top of src/. */
  module: string;
  /** Other files of src/ it imports. */
  local: string[];
  /** Packages it imports ("fastify", "@fastify/websocket", "node:sqlite"). */
  packages: string[];
}

function listSources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function readGraph(): Map<string, SourceFile> {
  const graph = new Map<string, SourceFile>();
  for (const full of listSources()) {
    const name = path.relative(SRC, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    const local: string[] = [];
    const packages: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = match[1] ?? match[2] ?? match[3] ?? '';
      if (target.startsWith('.')) {
        local.push(
          path
            .relative(SRC, path.resolve(path.dirname(full), target))
            .split(path.sep)
            .join('/')
            .replace(/\.js$/, '.ts'),
        );
      } else {
        packages.push(target);
      }
    }
    graph.set(name, { name, module: name.includes('/') ? name.split('/')[0]! : '', local, packages });
  }
  return graph;
}

/** Every cycle's files, found by depth-first search (each cycle reported once by its first file). */
function findCycles(graph: Map<string, SourceFile>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (onStack.has(name)) {
      cycles.push([...stack.slice(stack.indexOf(name)), name]);
      return;
    }
    onStack.add(name);
    stack.push(name);
    for (const next of graph.get(name)?.local ?? []) if (graph.has(next)) visit(next);
    stack.pop();
    onStack.delete(name);
    done.add(name);
  };
  for (const name of graph.keys()) visit(name);
  return cycles;
}

const graph = readGraph();
const files = [...graph.values()];
const importsOf = (file: SourceFile) => file.local.map((target) => graph.get(target)).filter((f): f is SourceFile => f !== undefined);

describe('the shape of src/', () => {
  it('sees the files it checks', () => {
    expect(graph.get('session/live-session.ts')?.local).toContain('session/turn-runner.ts');
    expect(graph.get('http/app.ts')?.packages).toContain('fastify');
  });

  it('every relative import names a file that exists', () => {
    const missing = files.flatMap((file) => file.local.filter((target) => !graph.has(target)).map((target) => `${file.name} -> ${target}`));
    expect(missing).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('conversation/ imports nothing from session/, http/ or db/', () => {
    const offending = files
      .filter((file) => file.module === 'conversation')
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => ['session', 'http', 'db'].includes(target.module))
          .map((target) => `${file.name} -> ${target.name}`),
      );
    expect(offending).toEqual([]);
  });

  it('session/ imports nothing from http/', () => {
    const offending = files
      .filter((file) => file.module === 'session')
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.module === 'http')
          .map((target) => `${file.name} -> ${target.name}`),
      );
    expect(offending).toEqual([]);
  });

  it("languages/ stands alone: it imports nothing of src/ but the spec's enums", () => {
    const offending = files
      .filter((file) => file.module === 'languages')
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.module !== 'languages' && target.name !== 'interviews/enums.ts')
          .map((target) => `${file.name} -> ${target.name}`),
      );
    expect(offending).toEqual([]);
  });

  it('jobs/ imports no domain module (of packages, only Kysely and Node)', () => {
    const allowed = new Set(['jobs', 'db', 'common']);
    const jobs = files.filter((file) => file.module === 'jobs');
    expect(jobs.length).toBeGreaterThan(0);
    const offending = jobs.flatMap((file) => [
      ...importsOf(file)
        .filter((target) => !allowed.has(target.module))
        .map((target) => `${file.name} -> ${target.name}`),
      ...file.packages.filter((p) => p !== 'kysely' && !p.startsWith('node:')).map((p) => `${file.name} -> ${p}`),
    ]);
    expect(offending).toEqual([]);
  });

  it('only http/ imports Fastify', () => {
    const offending = files
      .filter((file) => file.module !== 'http')
      .filter((file) => file.packages.some((p) => p === 'fastify' || p.startsWith('@fastify/')))
      .map((file) => file.name);
    expect(offending).toEqual([]);
  });

  it("only db/ imports the database drivers and Kysely's dialect classes", () => {
    const drivers = ['pg', 'better-sqlite3', 'node:sqlite'];
    const offending = files
      .filter((file) => file.module !== 'db')
      .filter(
        (file) =>
          file.packages.some((p) => drivers.includes(p)) ||
          /\b(SqliteDialect|PostgresDialect)\b/.test(readFileSync(path.join(SRC, file.name), 'utf8')),
      )
      .map((file) => file.name);
    expect(offending).toEqual([]);
  });
});
