// npm run accuracy [-- --split tune|heldout|all] [--misses] [--no-timing] [--api]
// Measures the built-in evaluator and the scripted interviewer's decisions on
// the understanding set and prints Markdown tables (docs/evaluation.md,
// "Accuracy on the understanding set").

import { parseArgs } from 'node:util';
import { playScreeningThroughApi } from './api-sample.js';
import { measureUnderstanding } from './measure.js';
import { renderApiSample, renderReport } from './report.js';
import { loadUnderstandingSet, type UnderstandingSet } from './understanding-set.js';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'all' },
    misses: { type: 'boolean', default: false },
    'no-timing': { type: 'boolean', default: false },
    api: { type: 'boolean', default: false },
  },
});

const split = values.split;
if (split !== 'all' && split !== 'tune' && split !== 'heldout') {
  console.error(`--split must be tune, heldout or all, not ${split}`);
  process.exit(2);
}

const full = loadUnderstandingSet();
const keep = <T extends { split: string }>(items: T[]) => (split === 'all' ? items : items.filter((i) => i.split === split));
const set: UnderstandingSet = {
  jobQuestions: full.jobQuestions,
  screening: keep(full.screening),
  job: keep(full.job),
  intent: keep(full.intent),
  followUp: keep(full.followUp),
  fillers: keep(full.fillers),
};

const measurement = await measureUnderstanding(set);
console.log(renderReport(measurement, { split, isTimed: !values['no-timing'], showMisses: values.misses }));
if (values.api) console.log(`\n${renderApiSample(await playScreeningThroughApi(set), measurement, !values['no-timing'])}`);
