// npm run accuracy:fit [-- --crosscheck]
// Is the limit of the built-in job rating in its word-level signals or in the
// hand-written rule that combines them (docs/evaluation.md, "A fitted
// combination of the same signals")? Reads, for every labelled job answer, the
// signals the rubric computes (scoreJobAnswer), fits small models of them on
// labelled answers (an ordinal logistic regression, a multinomial logistic
// regression, a shallow decision tree) and compares them with the hand rule:
//   (a) grouped cross-validation on the training answers (old set + development),
//   (b) trained on the old set (tune + held-out), tested on the development set,
//   (c) trained on both (the weights are printed every time), tested on the
//       crosscheck set only with --crosscheck: aggregate figures only, for the
//       models cross-validation chose.
// Deterministic (a fixed seed, fixed iteration counts); plain TypeScript.

import { benchArgs } from '../cli-args.js';
import { RATINGS, type Rating } from '../../src/evaluation/index.js';
import { isHedged, lengthAsked, scoreJobAnswer, type RubricContext, type RubricScore } from '../../src/evaluation/job-rubric.js';
import type { DifficultyLevel } from '../../src/interviews/enums.js';
import { measureUnderstanding } from './measure.js';
import {
  jobQuestionOf,
  LANGUAGE_CODE_OF,
  storedJobQuestion,
  loadSeparateSet,
  loadUnderstandingSet,
  type UnderstandingSet,
} from './understanding-set.js';

const values = benchArgs('npm run accuracy:fit', {
  crosscheck: { type: 'boolean', help: 'also train on the old and development sets and measure the crosscheck set (aggregate only)' },
});

// ---------------------------------------------------------------- features

const DIFFICULTY_INDEX: Record<DifficultyLevel, number> = { easy: 0, medium: 1, hard: 2 };

interface Row {
  /** Feature values by name, in FEATURES order. */
  x: Record<string, number>;
  /** The label, 0..3 (SUBOPTIMAL..EXCELLENT). */
  y: number;
  /** The hand rule's rating, 0..3. */
  hand: number;
  /** Items about the same question share a fold. */
  group: string;
  category: string;
}

const b = (v: boolean) => (v ? 1 : 0);

function featuresOf(r: RubricScore, ctx: RubricContext): Record<string, number> {
  const n = r.criteria.length;
  const share = (keep: (credit: number) => boolean) => (n === 0 ? 0 : r.criteria.filter((c) => keep(c.credit)).length / n);
  const ratio = r.words / lengthAsked(ctx, r.answerLanguage);
  const hedged = isHedged(ctx.answer, ctx.language);
  const s = r.signals;
  return {
    coverage: r.coverage,
    structure: r.structure,
    overlap: r.overlap ?? r.coverage,
    'has sample answer': b(r.overlap !== null),
    elaboration: r.elaboration,
    'log length / asked': Math.log(Math.max(ratio, 0.05)),
    score: r.score,
    'criteria in full': share((c) => c === 1),
    'criteria in part': share((c) => c > 0 && c < 1),
    'criteria touched': share((c) => c > 0),
    'criteria (number)': n,
    'depth signals': r.depth.count,
    mechanism: b(r.depth.mechanism),
    example: b(r.depth.example),
    'trade-off': b(r.depth.tradeOff),
    errors: r.errors.length,
    overclaims: b(s.overclaims),
    hedged: b(hedged),
    'admits gap': b(s.admitsGap),
    "doesn't know": b(s.saysDoesNotKnow),
    deflects: b(s.deflectsResponsibility),
    'keyword list': b(s.isKeywordList),
    manipulation: b(s.attemptsManipulation),
    platitude: b(s.isPlatitude),
    'other language': b(r.answerLanguage !== ctx.language),
    situation: b(s.hasSituation),
    'own actions': b(s.hasOwnActions),
    result: b(s.hasResult),
    lesson: b(s.hasLesson),
    quantified: b(s.isQuantified),
    steps: b(s.hasSteps),
    specific: b(s.isSpecific),
    reasoning: b(s.hasReasoning),
    technical: b(ctx.question.type === 'technical'),
    behavioral: b(ctx.question.type === 'behavioral'),
    situational: b(ctx.question.type === 'situational'),
    senior: b(ctx.experienceLevel === 'senior'),
    difficulty: DIFFICULTY_INDEX[ctx.difficultyLevel],
    'hand rating': RATINGS.indexOf(r.rating),
    'hand tentative': b(r.tentative),
  };
}

const HAND_FEATURES = new Set(['hand rating', 'hand tentative']);

/** The job items of a set, with the hand rule's rating taken from the evaluator the accuracy bench measures. */
async function rowsOf(set: UnderstandingSet, source: string): Promise<Row[]> {
  const jobOnly: UnderstandingSet = { ...set, screening: [], intent: [], followUp: [], fillers: [] };
  const { outcomes } = await measureUnderstanding(jobOnly);
  return set.job.map((item, i) => {
    const q = jobQuestionOf(set, item);
    // As the built-in evaluator builds it (src/evaluation/builtin-evaluator.ts): the candidate's words, trimmed.
    const ctx: RubricContext = {
      question: storedJobQuestion(q),
      answer: item.answer.trim(),
      language: LANGUAGE_CODE_OF[item.language],
      experienceLevel: q.experience_level,
      difficultyLevel: q.difficulty_level,
    };
    const rubric = scoreJobAnswer(ctx);
    const outcome = outcomes[i];
    if (!outcome || outcome.item !== item || outcome.actual !== rubric.rating) throw new Error(`${item.id}: rubric and evaluator disagree`);
    return {
      x: featuresOf(rubric, ctx),
      y: RATINGS.indexOf(item.label),
      hand: RATINGS.indexOf(rubric.rating),
      group: `${source}:${item.q}`,
      category: item.subcategory,
    };
  });
}

// ---------------------------------------------------------------- models

type Matrix = number[][];
interface Model {
  predict(x: readonly number[]): number;
}
interface Learner {
  name: string;
  /** Hyperparameter grid, simplest first. */
  grid: readonly number[];
  gridLabel: (h: number) => string;
  fit(xs: Matrix, ys: readonly number[], h: number): Model;
}

const K = RATINGS.length;
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Mean and spread of the training rows; a constant feature is left unscaled. */
function standardiser(xs: Matrix): (x: readonly number[]) => number[] {
  const d = xs[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((a, x) => a + (x[j] as number), 0) / xs.length);
  const sd = mean.map((m, j) => Math.sqrt(xs.reduce((a, x) => a + ((x[j] as number) - m) ** 2, 0) / xs.length) || 1);
  return (x) => x.map((v, j) => (v - (mean[j] as number)) / (sd[j] as number));
}

/** Adam on a full batch: deterministic, and indifferent to the features' scale after standardising. */
function adam(
  params: number[],
  gradient: (p: readonly number[]) => number[],
  steps: number,
  rate = 0.05,
  project?: (p: number[]) => void,
): void {
  const m = params.map(() => 0);
  const v = params.map(() => 0);
  for (let t = 1; t <= steps; t++) {
    const g = gradient(params);
    for (let i = 0; i < params.length; i++) {
      const gi = g[i] as number;
      m[i] = 0.9 * (m[i] as number) + 0.1 * gi;
      v[i] = 0.999 * (v[i] as number) + 0.001 * gi * gi;
      const mh = (m[i] as number) / (1 - 0.9 ** t);
      const vh = (v[i] as number) / (1 - 0.999 ** t);
      params[i] = (params[i] as number) - (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
    project?.(params);
  }
}

const STEPS = 600;

/**
 * Cumulative (proportional-odds) logistic regression: P(y <= k) = sigmoid(theta_k - w.x), L2 on w. The predicted
 * grade is the most probable one. Parameters: w (d), then theta (K - 1), kept in order.
 */
export interface OrdinalFit {
  w: number[];
  theta: number[];
  scale: (x: readonly number[]) => number[];
}

function fitOrdinal(xs: Matrix, ys: readonly number[], lambda: number): OrdinalFit & Model {
  const scale = standardiser(xs);
  const zs = xs.map(scale);
  const d = zs[0]?.length ?? 0;
  const params = [...Array.from({ length: d }, () => 0), -1, 0, 1];
  const cdf = (p: readonly number[], k: number, s: number) => (k < 0 ? 0 : k >= K - 1 ? 1 : sigmoid((p[d + k] as number) - s));
  adam(
    params,
    (p) => {
      const g = p.map((v, i) => (i < d ? lambda * v : 0));
      zs.forEach((z, r) => {
        const y = ys[r] as number;
        const s = dot(z, p, 0);
        const upper = cdf(p, y, s);
        const lower = cdf(p, y - 1, s);
        const prob = Math.max(upper - lower, 1e-12);
        const fu = upper * (1 - upper);
        const fl = lower * (1 - lower);
        // d(-log prob)/d theta_y = -fu / prob, d/d theta_(y-1) = fl / prob, d/ds = (fu - fl) / prob.
        if (y < K - 1) g[d + y] = (g[d + y] as number) - fu / prob / zs.length;
        if (y > 0) g[d + y - 1] = (g[d + y - 1] as number) + fl / prob / zs.length;
        const ds = (fu - fl) / prob / zs.length;
        for (let j = 0; j < d; j++) g[j] = (g[j] as number) + ds * (z[j] as number);
      });
      return g;
    },
    STEPS,
    0.05,
    (p) => {
      for (let k = 1; k < K - 1; k++) p[d + k] = Math.max(p[d + k] as number, (p[d + k - 1] as number) + 1e-3);
    },
  );
  const w = params.slice(0, d);
  const theta = params.slice(d);
  return {
    w,
    theta,
    scale,
    predict(x) {
      const s = dot(scale(x), w, 0);
      const probs = RATINGS.map((_, k) => cdf(params, k, s) - cdf(params, k - 1, s));
      return argmax(probs);
    },
  };
}

/** Multinomial (softmax) logistic regression, L2 on the weights. Parameters: K rows of d weights and a bias. */
function fitMultinomial(xs: Matrix, ys: readonly number[], lambda: number): Model {
  const scale = standardiser(xs);
  const zs = xs.map(scale);
  const d = zs[0]?.length ?? 0;
  const width = d + 1;
  const params = Array.from({ length: K * width }, () => 0);
  const probsOf = (p: readonly number[], z: readonly number[]) => {
    const logits = RATINGS.map((_, k) => dot(z, p, k * width) + (p[k * width + d] as number));
    const top = Math.max(...logits);
    const e = logits.map((l) => Math.exp(l - top));
    const sum = e.reduce((a, v) => a + v, 0);
    return e.map((v) => v / sum);
  };
  adam(
    params,
    (p) => {
      const g = p.map((v, i) => (i % width < d ? lambda * v : 0));
      zs.forEach((z, r) => {
        const probs = probsOf(p, z);
        for (let k = 0; k < K; k++) {
          const err = ((probs[k] as number) - (k === ys[r] ? 1 : 0)) / zs.length;
          for (let j = 0; j < d; j++) g[k * width + j] = (g[k * width + j] as number) + err * (z[j] as number);
          g[k * width + d] = (g[k * width + d] as number) + err;
        }
      });
      return g;
    },
    STEPS,
  );
  return Object.assign({ predict: (x: readonly number[]) => argmax(probsOf(params, scale(x))) }, { softmax: { params, width } });
}

interface TreeNode {
  grade: number;
  split?: { feature: number; threshold: number; left: TreeNode; right: TreeNode };
}

const MIN_LEAF = 5;

/** A classification tree of at most `depth` levels, split by Gini impurity; leaves say their majority grade. */
function fitTree(xs: Matrix, ys: readonly number[], depth: number): Model {
  const counts = (idx: readonly number[]) => {
    const c = RATINGS.map(() => 0);
    for (const i of idx) bump(c, ys[i] as number, 1);
    return c;
  };
  const gini = (c: readonly number[], n: number) => (n === 0 ? 0 : 1 - c.reduce((a, v) => a + (v / n) ** 2, 0));
  const grow = (idx: number[], level: number): TreeNode => {
    const c = counts(idx);
    const node: TreeNode = { grade: argmax(c) };
    if (level >= depth || idx.length < 2 * MIN_LEAF) return node;
    let best = { gain: 1e-9, feature: -1, threshold: 0 };
    const parent = gini(c, idx.length) * idx.length;
    const d = xs[0]?.length ?? 0;
    for (let f = 0; f < d; f++) {
      const sorted = [...idx].sort((a, b2) => (xs[a]?.[f] as number) - (xs[b2]?.[f] as number) || a - b2);
      const left = RATINGS.map(() => 0);
      const right = [...c];
      for (let i = 0; i < sorted.length - 1; i++) {
        const y = ys[sorted[i] as number] as number;
        bump(left, y, 1);
        bump(right, y, -1);
        const here = xs[sorted[i] as number]?.[f] as number;
        const next = xs[sorted[i + 1] as number]?.[f] as number;
        const nl = i + 1;
        const nr = sorted.length - nl;
        if (here === next || nl < MIN_LEAF || nr < MIN_LEAF) continue;
        const gain = parent - gini(left, nl) * nl - gini(right, nr) * nr;
        if (gain > best.gain) best = { gain, feature: f, threshold: (here + next) / 2 };
      }
    }
    if (best.feature < 0) return node;
    const goesLeft = (i: number) => (xs[i]?.[best.feature] as number) <= best.threshold;
    node.split = {
      feature: best.feature,
      threshold: best.threshold,
      left: grow(
        idx.filter((i) => goesLeft(i)),
        level + 1,
      ),
      right: grow(
        idx.filter((i) => !goesLeft(i)),
        level + 1,
      ),
    };
    return node;
  };
  const root = grow(
    ys.map((_, i) => i),
    0,
  );
  const predict = (x: readonly number[]) => {
    let node = root;
    while (node.split) node = (x[node.split.feature] as number) <= node.split.threshold ? node.split.left : node.split.right;
    return node.grade;
  };
  return Object.assign({ predict }, { root });
}

function bump(counts: number[], at: number, by: number): void {
  counts[at] = (counts[at] as number) + by;
}

/** z . p[offset .. offset + z.length). */
function dot(z: readonly number[], p: readonly number[], offset: number): number {
  let sum = 0;
  for (let j = 0; j < z.length; j++) sum += (z[j] as number) * (p[offset + j] as number);
  return sum;
}

function argmax(v: readonly number[]): number {
  let best = 0;
  v.forEach((x, i) => {
    if (x > (v[best] as number)) best = i;
  });
  return best;
}

const LAMBDAS = [1, 0.3, 0.1, 0.03, 0.01];
const LEARNERS: readonly Learner[] = [
  { name: 'ordinal logistic', grid: LAMBDAS, gridLabel: (h) => `L2 ${h}`, fit: fitOrdinal },
  { name: 'multinomial logistic', grid: LAMBDAS, gridLabel: (h) => `L2 ${h}`, fit: fitMultinomial },
  { name: 'decision tree', grid: [1, 2, 3], gridLabel: (h) => `depth ${h}`, fit: fitTree },
];

// ---------------------------------------------------------------- evaluation

interface FeatureSet {
  name: string;
  names: string[];
}

const matrixOf = (rows: readonly Row[], fs: FeatureSet): Matrix => rows.map((r) => fs.names.map((n) => r.x[n] as number));

/** Deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FOLDS = 5;

/** Fold of each row: whole questions to a fold, questions shuffled with a fixed seed and dealt round. */
function foldsOf(rows: readonly Row[]): number[] {
  const groups = [...new Set(rows.map((r) => r.group))].sort();
  const next = random(21);
  for (let i = groups.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [groups[i], groups[j]] = [groups[j] as string, groups[i] as string];
  }
  const foldOf = new Map(groups.map((g, i) => [g, i % FOLDS]));
  return rows.map((r) => foldOf.get(r.group) as number);
}

function crossValidate(rows: readonly Row[], fs: FeatureSet, learner: Learner, h: number): number[] {
  const folds = foldsOf(rows);
  const xs = matrixOf(rows, fs);
  const predicted = rows.map(() => -1);
  for (let f = 0; f < FOLDS; f++) {
    const train = rows.map((_, i) => i).filter((i) => folds[i] !== f);
    const model = learner.fit(
      train.map((i) => xs[i] as number[]),
      train.map((i) => rows[i]?.y as number),
      h,
    );
    rows.forEach((_, i) => {
      if (folds[i] === f) predicted[i] = model.predict(xs[i] as number[]);
    });
  }
  return predicted;
}

interface Score {
  exact: number;
  within: number;
  n: number;
}

function scoreOf(rows: readonly Row[], predicted: readonly number[]): Score {
  let exact = 0;
  let within = 0;
  rows.forEach((r, i) => {
    const dist = Math.abs(r.y - (predicted[i] as number));
    if (dist === 0) exact++;
    if (dist <= 1) within++;
  });
  return { exact, within, n: rows.length };
}

const better = (a: Score, b2: Score) => a.exact > b2.exact || (a.exact === b2.exact && a.within > b2.within);

interface Chosen {
  learner: Learner;
  h: number;
  cv: Score;
  predicted: number[];
}

/** The hyperparameter cross-validation on `rows` likes best (exact, then within one, then the simplest). */
function tune(rows: readonly Row[], fs: FeatureSet, learner: Learner): Chosen {
  let best: Chosen | null = null;
  for (const h of learner.grid) {
    const predicted = crossValidate(rows, fs, learner, h);
    const cv = scoreOf(rows, predicted);
    if (!best || better(cv, best.cv)) best = { learner, h, cv, predicted };
  }
  return best as Chosen;
}

/** The learner (with its hyperparameter) cross-validation on `rows` likes best for a feature set. */
function choose(rows: readonly Row[], fs: FeatureSet): { all: Chosen[]; best: Chosen } {
  const all = LEARNERS.map((l) => tune(rows, fs, l));
  const best = all.reduce((a, c) => (better(c.cv, a.cv) ? c : a));
  return { all, best };
}

function fitAndPredict(train: readonly Row[], test: readonly Row[], fs: FeatureSet, c: Chosen): { model: Model; predicted: number[] } {
  const model = c.learner.fit(
    matrixOf(train, fs),
    train.map((r) => r.y),
    c.h,
  );
  return { model, predicted: matrixOf(test, fs).map((x) => model.predict(x)) };
}

// ---------------------------------------------------------------- report

const pct = (k: number, n: number) => `${k}/${n} (${((100 * k) / n).toFixed(1)} %)`;

interface Line {
  what: string;
  setting: string;
  predicted: number[];
}

function table(rows: readonly Row[], lines: readonly Line[]): string {
  const out = ['| combination | setting | exact | within one grade |', '| --- | --- | --- | --- |'];
  for (const l of lines) {
    const s = scoreOf(rows, l.predicted);
    out.push(`| ${l.what} | ${l.setting} | ${pct(s.exact, s.n)} | ${pct(s.within, s.n)} |`);
  }
  return out.join('\n');
}

function confusion(rows: readonly Row[], line: Line): string {
  const m = RATINGS.map(() => RATINGS.map(() => 0));
  rows.forEach((r, i) => bump(m[r.y] as number[], line.predicted[i] as number, 1));
  const out = [`| ${line.what}: label \\ result | ${RATINGS.join(' | ')} |`, `| --- |${' --- |'.repeat(K)}`];
  RATINGS.forEach((label, k) => out.push(`| ${label} | ${(m[k] as number[]).join(' | ')} |`));
  return out.join('\n');
}

function byCategory(rows: readonly Row[], lines: readonly Line[]): string {
  const categories = [...new Set(rows.map((r) => r.category))].sort();
  const out = [`| category | n | ${lines.map((l) => l.what).join(' | ')} |`, `| --- | --- |${' --- |'.repeat(lines.length)}`];
  for (const c of categories) {
    const idx = rows.map((r, i) => (r.category === c ? i : -1)).filter((i) => i >= 0);
    const cells = lines.map((l) => idx.filter((i) => rows[i]?.y === l.predicted[i]).length);
    out.push(`| ${c} | ${idx.length} | ${cells.join(' | ')} |`);
  }
  return out.join('\n');
}

const baselines = (rows: readonly Row[]): Line[] => [
  { what: 'hand rule', setting: 'as shipped', predicted: rows.map((r) => r.hand) },
  { what: 'always OKAY', setting: '–', predicted: rows.map(() => 1) },
  { what: 'always GOOD', setting: '–', predicted: rows.map(() => 2) },
];

const lineOf = (fs: FeatureSet, c: Chosen, predicted: number[]): Line => ({
  what: `${c.learner.name}, ${fs.name}`,
  setting: c.learner.gridLabel(c.h),
  predicted,
});

// ---------------------------------------------------------------- run

const started = performance.now();
const old = await rowsOf(loadUnderstandingSet(), 'old');
const development = await rowsOf(loadSeparateSet('development'), 'development');
const training = [...old, ...development];
const allNames = Object.keys(training[0]?.x ?? {});
const FEATURE_SETS: FeatureSet[] = [
  { name: 'signals + hand rating', names: allNames },
  { name: 'signals alone', names: allNames.filter((n) => !HAND_FEATURES.has(n)) },
];

console.log(`## Fitted combinations of the rubric's signals\n`);
console.log(
  `Training answers: old set ${old.length} (tune + held-out), development set ${development.length}; ${allNames.length} features ` +
    `(${FEATURE_SETS[1]?.names.length} without the hand rule's rating). ${FOLDS}-fold cross-validation, folds by question.\n`,
);

// (a) Cross-validation on old + development.
console.log(`### (a) Cross-validation on old + development (${training.length} answers)\n`);
const chosen = FEATURE_SETS.map((fs) => ({ fs, ...choose(training, fs) }));
const cvLines = [...baselines(training), ...chosen.flatMap(({ fs, all }) => all.map((c) => lineOf(fs, c, c.predicted)))];
console.log(table(training, cvLines));
console.log(
  `\nThe hand rule was tuned on these answers (in-sample); each fitted line is out-of-fold, with the setting cross-validation chose.\n`,
);
for (const { fs, best } of chosen) console.log(`${confusion(training, lineOf(fs, best, best.predicted))}\n`);

// (b) Old -> development, settings chosen by cross-validation on the old set alone.
console.log(`### (b) Trained on the old set (${old.length}), tested on the development set (${development.length})\n`);
const devLines: Line[] = [...baselines(development)];
for (const fs of FEATURE_SETS) {
  for (const l of LEARNERS) {
    const c = tune(old, fs, l);
    devLines.push(lineOf(fs, c, fitAndPredict(old, development, fs, c).predicted));
  }
}
console.log(table(development, devLines));
console.log(`\nSettings chosen by cross-validation on the old set alone.\n`);
console.log(`${confusion(development, devLines[0] as Line)}\n`);
for (const line of devLines.slice(3)) if (line.what.startsWith('ordinal')) console.log(`${confusion(development, line)}\n`);

// (c) The models chosen by cross-validation in (a), fitted on all training answers.
console.log(`### (c) Chosen by cross-validation, trained on old + development (${training.length})\n`);
const finals = chosen.map(({ fs, best }) => ({ fs, best }));
for (const { fs, best } of finals) {
  console.log(`Chosen for ${fs.name}: ${best.learner.name}, ${best.learner.gridLabel(best.h)}.\n`);
  const model = best.learner.fit(
    matrixOf(training, fs),
    training.map((r) => r.y),
    best.h,
  );
  if ('w' in model) {
    const fit = model as unknown as OrdinalFit;
    const ranked = fs.names.map((n, j) => [n, fit.w[j] as number] as const).sort((a, b2) => Math.abs(b2[1]) - Math.abs(a[1]));
    console.log('| feature (standardised) | weight |\n| --- | --- |');
    for (const [n, w] of ranked) console.log(`| ${n} | ${w.toFixed(3)} |`);
    console.log(`\nThresholds (SUBOPTIMAL/OKAY, OKAY/GOOD, GOOD/EXCELLENT): ${fit.theta.map((t) => t.toFixed(3)).join(', ')}\n`);
  }
  if ('softmax' in model) {
    const { params, width } = (model as unknown as { softmax: { params: number[]; width: number } }).softmax;
    const at = (k: number, j: number) => params[k * width + j] as number;
    const ranked = fs.names
      .map((n, j) => ({ n, w: RATINGS.map((_, k) => at(k, j)) }))
      .sort((a, b2) => Math.max(...b2.w.map(Math.abs)) - Math.max(...a.w.map(Math.abs)));
    console.log(`| feature (standardised) | ${RATINGS.join(' | ')} |\n| --- |${' --- |'.repeat(K)}`);
    for (const { n, w } of ranked) console.log(`| ${n} | ${w.map((v) => v.toFixed(3)).join(' | ')} |`);
    console.log(`| (bias) | ${RATINGS.map((_, k) => at(k, width - 1).toFixed(3)).join(' | ')} |\n`);
  }
  if ('root' in model) console.log(`Tree: ${describeTree((model as unknown as { root: TreeNode }).root, fs.names)}\n`);
}

if (values.crosscheck) {
  const crosscheck = await rowsOf(loadSeparateSet('crosscheck'), 'crosscheck');
  console.log(`#### Tested on the crosscheck set (${crosscheck.length} answers; aggregate figures only)\n`);
  const lines: Line[] = [...baselines(crosscheck)];
  for (const { fs, best } of finals) lines.push(lineOf(fs, best, fitAndPredict(training, crosscheck, fs, best).predicted));
  console.log(table(crosscheck, lines));
  console.log('');
  for (const line of [lines[0] as Line, ...lines.slice(3)]) console.log(`${confusion(crosscheck, line)}\n`);
  console.log(`Exact by category:\n\n${byCategory(crosscheck, [lines[0] as Line, ...lines.slice(3)])}\n`);
} else {
  console.log('(The crosscheck set is measured only with --crosscheck.)\n');
}
console.log(`Run time ${((performance.now() - started) / 1000).toFixed(1)} s.`);

/** The tree as nested conditions; a split whose two sides say the same grade is shown as that grade. */
function describeTree(node: TreeNode, names: readonly string[]): string {
  if (!node.split) return RATINGS[node.grade] as Rating;
  const { feature, threshold, left, right } = node.split;
  const [yes, no] = [describeTree(left, names), describeTree(right, names)];
  return yes === no ? yes : `(${names[feature]} <= ${threshold.toFixed(3)} ? ${yes} : ${no})`;
}
