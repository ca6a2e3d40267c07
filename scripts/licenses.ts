// `npm run licenses`: rewrites the runtime dependency table in
// docs/licenses.md from the lockfile. `npm run licenses -- --check`: changes
// nothing, and fails (exit 1) when a runtime dependency has a license nobody
// reviewed or the table is not what the lockfile gives.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { licenseProblems, readRuntimePackages, renderTable, withTable } from './license-inventory.js';

const root = join(import.meta.dirname, '..');
const pagePath = join(root, 'docs', 'licenses.md');
const isCheck = process.argv.includes('--check');

const packages = readRuntimePackages(root);
const problems = licenseProblems(packages);
const page = readFileSync(pagePath, 'utf8');
const updated = withTable(page, renderTable(packages));

if (updated === null) problems.push('docs/licenses.md has lost its table markers');
else if (isCheck && updated !== page) {
  problems.push('docs/licenses.md does not list the runtime dependencies the lockfile has: run `npm run licenses`');
} else if (!isCheck && updated !== page) writeFileSync(pagePath, updated);

for (const problem of problems) console.error(`licenses: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`licenses: ${packages.length} runtime dependencies, all reviewed${isCheck ? '' : '; docs/licenses.md written'}`);
