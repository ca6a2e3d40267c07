// The dependency rules of DESIGN.md that a reviewer cannot check at a glance:
// no import cycle between files of src/, and the layers point one way.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Relative imports (type-only ones too) of every file, as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
      path.relative(SRC, path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts'))),
    );
    graph.set(path.relative(SRC, file), targets);
  }
  return graph;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('the shape of src/', () => {
  const graph = importGraph();

  it('sees the files it checks', () => {
    expect(graph.get('session/live-session.ts')).toContain('session/turn-runner.ts');
  });

  it('has no import cycle between files', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('keeps the conversation free of sessions, channels and HTTP', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith('conversation/') ? targets.filter((t) => /^(session|http)\//.test(t)).map((t) => `${file} -> ${t}`) : [],
    );
    expect(offending).toEqual([]);
  });

  it('keeps the session free of HTTP', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      file.startsWith('session/') ? targets.filter((t) => t.startsWith('http/')).map((t) => `${file} -> ${t}`) : [],
    );
    expect(offending).toEqual([]);
  });
});
