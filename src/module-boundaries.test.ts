// Guards a rule of docs/architecture.md that no type checker sees: each table is written
// only through its owning module's repository. It rots silently (a quick
// `tx.updateTable(...)` in a service works fine), so the source is scanned.
// The import rules (cycles, layers, who may import which package) are in
// architecture.test.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

/** Table -> the file (or folder, ending in '/') whose code alone may write it. */
const OWNERS: Record<string, string> = {
  users: 'src/auth/api-key.repository.ts',
  api_keys: 'src/auth/api-key.repository.ts',
  interviews: 'src/interviews/interview.repository.ts',
  transcript_entries: 'src/interviews/interview.repository.ts',
  interview_log_lines: 'src/interviews/interview.repository.ts',
  interview_results: 'src/results/results.repository.ts',
  webhook_endpoints: 'src/webhooks/endpoint.repository.ts',
  webhook_deliveries: 'src/webhooks/delivery.repository.ts',
  interview_sessions: 'src/session/session.repository.ts',
  session_leases: 'src/session/session-lease.ts',
  session_resume_tokens: 'src/session/session.repository.ts',
  jobs: 'src/jobs/job.repository.ts',
  interview_media: 'src/media/media.repository.ts',
  cluster_nodes: 'src/cluster/node-heartbeats.ts',
};

/** Migrations create and reshape every table; they are the one exception. */
const EXEMPT = 'src/db/migrations/';

interface Write {
  file: string;
  line: number;
  table: string;
}

function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function repoPath(path: string): string {
  return join('src', relative(SRC, path)).split('\\').join('/');
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Every table written by the Kysely builder or by raw SQL in `sql` templates; a non-literal table name counts as '?'. */
function findWrites(file: string, text: string): Write[] {
  const writes: Write[] = [];
  for (const m of text.matchAll(/\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^)]*)\)/g)) {
    const literal = /^['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]$/.exec(m[1]?.trim() ?? '');
    writes.push({ file, line: lineOf(text, m.index), table: literal?.[1] ?? '?' });
  }
  for (const template of text.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) {
    const body = template[1] ?? '';
    for (const m of body.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
      const table = m[1]?.toLowerCase() ?? '';
      if (table in OWNERS) writes.push({ file, line: lineOf(text, template.index + m.index), table });
    }
  }
  return writes;
}

function tablesInSchema(): string[] {
  const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1] ?? '');
}

describe('table ownership', () => {
  it('finds builder and raw-SQL writes, and flags a table it cannot name', () => {
    const text = [
      "await tx.insertInto('jobs').values(row)",
      'await db\n  .updateTable("interviews as i")',
      'await db.deleteFrom(table)',
      'await sql<Row>`update webhook_deliveries set status = ${s}`.execute(db)',
    ].join('\n');
    expect(findWrites('x.ts', text).map((w) => `${w.table}@${w.line}`)).toEqual(['jobs@1', 'interviews@3', '?@4', 'webhook_deliveries@5']);
  });

  it('names an owner for every table in the schema', () => {
    const tables = tablesInSchema();
    expect(tables.length).toBeGreaterThan(5);
    expect(tables.filter((table) => !(table in OWNERS))).toEqual([]);
  });

  it('writes each table only from the file of its owning module', () => {
    const writes = sourceFiles()
      .map((path) => ({ file: repoPath(path), text: readFileSync(path, 'utf8') }))
      .filter(({ file }) => !file.startsWith(EXEMPT))
      .flatMap(({ file, text }) => findWrites(file, text));
    expect(writes.length).toBeGreaterThan(20);
    const foreign = writes
      .filter(({ file, table }) => {
        const owner = OWNERS[table];
        return owner === undefined || !(owner.endsWith('/') ? file.startsWith(owner) : file === owner);
      })
      .map(({ file, line, table }) => `${file}:${line} writes ${table} (owner: ${OWNERS[table] ?? 'none'})`);
    expect(foreign).toEqual([]);
  });
});
