// Markdown tables of a measurement: per category and language, per
// subcategory (tune and held-out apart), and the headline figures. Everything
// but the timing line is a pure function of the code and the set, so two runs
// print the same tables.

import { CATEGORIES, LANGUAGE_TAGS, type Category } from './understanding-set.js';
import type { ApiSample } from './api-sample.js';
import type { Measurement, Outcome } from './measure.js';

interface Row {
  name: string;
  /** Counts as correct; defaults to Outcome.isCorrect. */
  pass?: (o: Outcome) => boolean;
  category: Category;
}

const ROWS: Row[] = [
  { name: 'screening outcome', category: 'screening' },
  { name: 'job rating exact', category: 'job' },
  { name: 'job rating within one grade', category: 'job', pass: (o) => o.distance <= 1 },
  { name: 'intent', category: 'intent' },
  { name: 'follow-up decision', category: 'follow_up' },
  { name: 'filler count exact', category: 'fillers' },
];

const pct = (correct: number, total: number) => (total === 0 ? '–' : `${((100 * correct) / total).toFixed(1)} %`);
const frac = (correct: number, total: number) => (total === 0 ? '–' : `${correct}/${total}`);

function tally(outcomes: readonly Outcome[], pass: (o: Outcome) => boolean = (o) => o.isCorrect): [number, number] {
  return [outcomes.filter(pass).length, outcomes.length];
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function byLanguage(outcomes: readonly Outcome[]): string {
  const rows = ROWS.map((row) => {
    const mine = outcomes.filter((o) => o.item.category === row.category);
    const cells = LANGUAGE_TAGS.map((tag) =>
      frac(
        ...tally(
          mine.filter((o) => o.item.language === tag),
          row.pass,
        ),
      ),
    );
    const [c, t] = tally(mine, row.pass);
    return [row.name, ...cells, `${frac(c, t)} (${pct(c, t)})`];
  });
  const fillers = outcomes.filter((o) => o.item.category === 'fillers');
  rows.push([
    'filler mean absolute error',
    ...LANGUAGE_TAGS.map((tag) => meanError(fillers.filter((o) => o.item.language === tag))),
    meanError(fillers),
  ]);
  return table(['measure', ...LANGUAGE_TAGS, 'all'], rows);
}

function meanError(outcomes: readonly Outcome[]): string {
  if (outcomes.length === 0) return '–';
  return (outcomes.reduce((sum, o) => sum + o.distance, 0) / outcomes.length).toFixed(2);
}

function bySubcategory(outcomes: readonly Outcome[]): string {
  const rows: string[][] = [];
  for (const category of CATEGORIES) {
    const mine = outcomes.filter((o) => o.item.category === category);
    const subcategories = [...new Set(mine.map((o) => o.item.subcategory))].sort();
    for (const sub of subcategories) {
      const group = mine.filter((o) => o.item.subcategory === sub);
      const [c, t] = tally(group);
      rows.push([
        category,
        sub,
        `${frac(c, t)} (${pct(c, t)})`,
        frac(...tally(group.filter((o) => o.item.split === 'tune'))),
        frac(...tally(group.filter((o) => o.item.split === 'heldout'))),
      ]);
    }
  }
  return table(['category', 'subcategory', 'all', 'tune', 'heldout'], rows);
}

/** Where a label went: rows are labels, columns what the code said. */
function confusion(outcomes: readonly Outcome[], labels: readonly string[], title: string): string {
  const actuals = [...new Set([...labels, ...outcomes.map((o) => o.actual)])];
  const rows = labels.map((label) => {
    const mine = outcomes.filter((o) => o.expected === label);
    return [label, ...actuals.map((a) => String(mine.filter((o) => o.actual === a).length))];
  });
  return table([`${title}: label \\ result`, ...actuals], rows);
}

export function renderReport(measurement: Measurement, options: { split: string; isTimed: boolean; showMisses: boolean }): string {
  const { outcomes } = measurement;
  const of = (category: Category) => outcomes.filter((o) => o.item.category === category);
  const parts = [
    `Understanding set, split: ${options.split}, ${outcomes.length} items`,
    '',
    byLanguage(outcomes),
    '',
    bySubcategory(outcomes),
    '',
    confusion(of('screening'), ['met', 'not_met', 'undecided'], 'screening'),
    '',
    confusion(of('job'), ['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'], 'job'),
    '',
    confusion(of('intent'), ['answer', 'question', 'no_questions', 'repeat', 'refusal', 'end'], 'intent'),
  ];
  if (options.isTimed) {
    // The median leaves out the first calls, which pay for lazy set-up (stemmers, compiled tables).
    const perItem = CATEGORIES.map((c) => {
      const times = of(c)
        .map((o) => o.ms)
        .sort((a, b) => a - b);
      return times.length === 0 ? `${c} –` : `${c} ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms`;
    });
    parts.push('', `Median time per evaluated item (varies run to run): ${perItem.join(', ')}`);
  }
  if (options.showMisses) {
    // Held-out and blind misses are never printed: reading them would turn them into tuning material.
    const misses = outcomes.filter((o) => !o.isCorrect && (o.item.split === 'tune' || o.item.split === 'development'));
    parts.push('', `Misses on tune and development items (${misses.length}):`);
    for (const o of misses) parts.push(`- ${o.item.id} [${o.item.subcategory}] labelled ${o.expected}, got ${o.actual}`);
  }
  return parts.join('\n');
}

/** The API sample against the in-process figures: the same items must get the same outcome. */
export function renderApiSample(sample: ApiSample, measurement: Measurement, isTimed: boolean): string {
  const inProcess = new Map(measurement.outcomes.map((o) => [o.item.id, o.actual]));
  const correct = sample.outcomes.filter((o) => (o.item.label === 'met') === (o.actual === 'met')).length;
  const disagreements = sample.outcomes.filter((o) => inProcess.get(o.item.id) !== o.actual);
  const lines = [
    `Through the public API (${sample.interviews} screening interviews over HTTP and the real-time protocol, SQLite): ` +
      `screening outcome ${frac(correct, sample.outcomes.length)} (${pct(correct, sample.outcomes.length)}); ` +
      `same outcome as in-process on ${sample.outcomes.length - disagreements.length}/${sample.outcomes.length}`,
  ];
  if (isTimed) lines.push(`Time per screening interview through the API (varies run to run): ${sample.msPerInterview.toFixed(0)} ms`);
  for (const o of disagreements) lines.push(`- ${o.item.id}: API ${o.actual}, in-process ${inProcess.get(o.item.id) ?? 'missing'}`);
  return lines.join('\n');
}
