import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { isPermissive, licenseProblems, readRuntimePackages, renderTable, withTable } from './license-inventory.js';

const run = promisify(execFile);
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder with a lockfile and the installed packages' manifests. */
function project(packages: Record<string, { license?: unknown; dev?: boolean; installed?: boolean }>): string {
  const root = mkdtempSync(join(tmpdir(), 'licenses-'));
  roots.push(root);
  const entries: Record<string, unknown> = { '': { name: 'service', license: 'Apache-2.0' } };
  for (const [name, { license, dev, installed = true }] of Object.entries(packages)) {
    entries[`node_modules/${name}`] = { version: '1.0.0', license, ...(dev ? { dev: true } : {}) };
    if (!installed) continue;
    mkdirSync(join(root, 'node_modules', name), { recursive: true });
    writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, license }));
  }
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: entries }));
  return root;
}

describe('the runtime license list', () => {
  it('lists production packages with their licenses and leaves dev-only packages out', () => {
    const root = project({
      fastify: { license: 'MIT' },
      vitest: { license: 'MIT', dev: true },
      '@scope/old': { license: { type: 'ISC' } },
    });
    expect(readRuntimePackages(root)).toEqual([
      { name: '@scope/old', license: 'ISC', use: "in the service's process" },
      { name: 'fastify', license: 'MIT', use: "in the service's process" },
    ]);
  });

  it('refuses a new GPL dependency, a package with no license and a reviewed one whose license changed', () => {
    const root = project({
      'gpl-thing': { license: 'GPL-3.0-only' },
      'no-license': {},
      '@echogarden/espeak-ng-emscripten': { license: 'AGPL-3.0' },
      'dual-licensed': { license: '(MIT OR GPL-2.0)' },
    });
    const problems = licenseProblems(readRuntimePackages(root));
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/gpl-thing: license "GPL-3.0-only" is unknown or restrictive/);
    expect(problems.join('\n')).toMatch(/no-license: license "UNKNOWN"/);
    expect(problems.join('\n')).toMatch(/espeak-ng-emscripten: reviewed under "GPL-3.0", now "AGPL-3.0"/);
  });

  it('reads SPDX expressions: OR needs one permissive side, AND needs both', () => {
    expect(isPermissive('(MIT OR GPL-3.0)')).toBe(true);
    expect(isPermissive('MIT AND GPL-3.0')).toBe(false);
    expect(isPermissive('SEE LICENSE IN LICENSE.txt')).toBe(false);
  });

  it('takes the license of a package for another platform from the lockfile', () => {
    const root = project({ '@ffmpeg-installer/win32-x64': { license: 'GPLv3', installed: false } });
    const [pkg] = readRuntimePackages(root);
    expect(pkg).toMatchObject({ license: 'GPLv3', use: expect.stringMatching(/^separate program/) });
    expect(licenseProblems([pkg!])).toEqual([]);
  });

  it('replaces only the table between the markers of the page', () => {
    const table = renderTable([{ name: 'a', license: 'MIT', use: 'here' }]);
    const page = `intro\n${renderTable([])}\noutro\n`;
    expect(withTable(page, table)).toBe(`intro\n${table}\noutro\n`);
    expect(withTable('no markers', table)).toBeNull();
  });

  it("the repository's docs/licenses.md lists every runtime dependency of its lockfile, all reviewed", async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/licenses.ts', '--check']);
    expect(stdout).toMatch(/runtime dependencies, all reviewed/);
  });
});
