// npm run accuracy [-- --split tune|heldout|all|blind|development|crosscheck|fresh] [--misses] [--no-timing] [--api] [--llm]
// Measures the built-in evaluator and the scripted interviewer's decisions on
// the understanding set and prints Markdown tables (docs/evaluation.md,
// "Accuracy on the understanding set"). --llm measures the model-backed
// evaluator instead, against the OpenAI-compatible server that LLM_BASE_URL,
// LLM_API_KEY and LLM_MODEL name (read through src/config.ts, as the service does).

import { benchArgs } from '../cli-args.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createEvaluator, type EvaluationInput, type EvaluationResult, type Evaluator } from '../../src/evaluation/index.js';
import { playScreeningThroughApi } from './api-sample.js';
import { measureUnderstanding } from './measure.js';
import { renderApiSample, renderReport } from './report.js';
import { loadSeparateSet, loadUnderstandingSet, SEPARATE_SETS, type SeparateSet, type UnderstandingSet } from './understanding-set.js';

const values = benchArgs('npm run accuracy', {
  split: { type: 'string', default: 'all', help: `tune, heldout, all, ${SEPARATE_SETS.join(', ')}` },
  misses: { type: 'boolean', help: 'list the tune and development items rated wrong (other splits are never listed)' },
  'no-timing': { type: 'boolean', help: 'leave out the time per item' },
  api: { type: 'boolean', help: 'also play screening answers through the HTTP API' },
  llm: { type: 'boolean', help: 'measure the model-backed evaluator (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)' },
});

const split = values.split;
const isSeparate = (SEPARATE_SETS as readonly string[]).includes(split);
if (split !== 'all' && split !== 'tune' && split !== 'heldout' && !isSeparate) {
  console.error(`--split must be tune, heldout, all, ${SEPARATE_SETS.join(', ')}, not ${split}`);
  process.exit(2);
}

// The blind, development, crosscheck and fresh sets live apart (test/fixtures/understanding/<split>/) and are measured whole.
const full = isSeparate ? loadSeparateSet(split as SeparateSet) : loadUnderstandingSet();
const keep = <T extends { split: string }>(items: T[]) => (split === 'all' || isSeparate ? items : items.filter((i) => i.split === split));
const set: UnderstandingSet = {
  jobQuestions: full.jobQuestions,
  screening: keep(full.screening),
  job: keep(full.job),
  intent: keep(full.intent),
  followUp: keep(full.followUp),
  fillers: keep(full.fillers),
};

/** The model-backed evaluator, counting the answers the built-in one had to give because the model failed. */
class CountingEvaluator implements Evaluator {
  readonly fallbacks = new Map<string, number>();
  calls = 0;
  constructor(private readonly inner: Evaluator) {}
  async evaluate(input: EvaluationInput): Promise<EvaluationResult> {
    const result = await this.inner.evaluate(input);
    this.calls++;
    const reason = result.provenance.evaluator === 'llm' ? null : (result.provenance.fallback_reason ?? 'not configured');
    if (reason) this.fallbacks.set(reason, (this.fallbacks.get(reason) ?? 0) + 1);
    return result;
  }
}

let model: CountingEvaluator | undefined;
if (values.llm) {
  try {
    const config = loadConfig({ ...process.env, LLM_PROVIDER: 'openai' });
    model = new CountingEvaluator(createEvaluator(config.llm));
    console.log(
      `Model-backed evaluator: ${config.llm.model} at ${config.llm.baseUrl ?? 'the OpenAI API'} (screening and job items; intents, follow-ups and fillers are the scripted interviewer's)\n`,
    );
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
}

const measurement = await measureUnderstanding(set, model);
console.log(renderReport(measurement, { split, isTimed: !values['no-timing'], showMisses: values.misses }));
if (model) {
  const failed = [...model.fallbacks.values()].reduce((a, b) => a + b, 0);
  const reasons = [...model.fallbacks.entries()].map(([reason, n]) => `${n} x ${reason}`).join('; ');
  console.log(`\nModel answers: ${model.calls - failed} of ${model.calls}; built-in fallbacks: ${failed}${reasons ? ` (${reasons})` : ''}`);
}
if (values.api) console.log(`\n${renderApiSample(await playScreeningThroughApi(set), measurement, !values['no-timing'])}`);
