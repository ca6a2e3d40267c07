import { describe, expect, it } from 'vitest';
import type { StoredJobQuestion } from '../interviews/questions.js';
import { evaluateJobAnswer, suitabilityOf } from './job-evaluation.js';
import { readStructure, scoreJobAnswer, type RubricContext } from './job-rubric.js';

const BEHAVIORAL: StoredJobQuestion = {
  id: 'q1',
  question: 'Tell me about a time you disagreed with a teammate.',
  evaluation_criteria: ['Describes a specific situation', 'Explains the actions they personally took', 'Describes the outcome'],
  sample_answer: null,
  type: 'behavioral',
};

const ctx = (question: StoredJobQuestion, answer: string, overrides: Partial<RubricContext> = {}): RubricContext => ({
  question,
  answer,
  language: 1,
  experienceLevel: 'junior',
  difficultyLevel: 'medium',
  ...overrides,
});

describe('structure cues', () => {
  it('finds situation, own past actions and result in a STAR story, and none in a generic claim', () => {
    const story = readStructure(
      'Last year a colleague wanted to rewrite our API. I asked him for his reasons and I proposed a small prototype. In the end we shipped the prototype on time.',
      1,
    );
    expect(story).toMatchObject({ hasSituation: true, hasOwnActions: true, hasResult: true });
    const generic = readStructure('I always stay calm and respect other opinions.', 1);
    expect(generic).toMatchObject({ hasSituation: false, hasOwnActions: false, hasResult: false });
  });

  it('finds ordered steps and trade-offs in a plan', () => {
    const plan = readStructure('First I would roll back, then tell the team, rather than debugging live.', 1);
    expect(plan).toMatchObject({ hasSteps: true, hasTradeOffs: true });
  });

  it('does not read "not my fault" as ownership', () => {
    expect(readStructure('It was not my fault, the manager changed everything.', 1)).toMatchObject({
      hasOwnership: false,
      deflectsResponsibility: true,
    });
  });
});

describe('rubrics differ by question type', () => {
  const story =
    'Last year a teammate and I disagreed about the release. I asked her for a call, I listened to her reasons and I suggested a staged rollout. In the end we shipped on time and I learned to ask before arguing.';

  it('a behavioral story covers rubric-style criteria through structure, not keywords', () => {
    const result = evaluateJobAnswer(ctx(BEHAVIORAL, story), 'en').evaluation;
    expect(result.criteria_met).toEqual(BEHAVIORAL.evaluation_criteria);
    expect(result.rating).toMatch(/GOOD|EXCELLENT/);
  });

  it('the same story without a past situation or own actions loses coverage', () => {
    const generic = 'Disagreements happen. Teams should talk and respect each other, and then decide together.';
    const result = evaluateJobAnswer(ctx(BEHAVIORAL, generic), 'en').evaluation;
    expect(result.rating).toMatch(/SUBOPTIMAL|OKAY/);
    expect(result.criteria_missed).toContain('Describes a specific situation');
    expect(result.improvement_points.join(' ')).toMatch(/situation, action and result/);
  });

  it('technical improvement points ask for specifics; situational ones for a plan', () => {
    const technical: StoredJobQuestion = {
      ...BEHAVIORAL,
      type: 'technical',
      question: 'What is an index?',
      evaluation_criteria: ['Speeds up reads', 'Costs writes'],
    };
    const situational: StoredJobQuestion = {
      ...BEHAVIORAL,
      type: 'situational',
      question: 'The site is down. What do you do?',
      evaluation_criteria: ['Mitigate first', 'Communicate'],
    };
    expect(evaluateJobAnswer(ctx(technical, 'It makes reads faster.'), 'en').evaluation.improvement_points.join(' ')).toMatch(
      /concrete example/,
    );
    expect(evaluateJobAnswer(ctx(situational, 'I would fix it.'), 'en').evaluation.improvement_points.join(' ')).toMatch(
      /step-by-step plan/,
    );
  });
});

describe('level and difficulty', () => {
  const question: StoredJobQuestion = {
    id: 'q1',
    question: 'How does HTTPS protect data?',
    evaluation_criteria: [
      'TLS encryption',
      'Certificate checked against a certificate authority',
      'Session key agreed in a handshake',
      'Integrity against tampering',
    ],
    sample_answer: null,
    type: 'technical',
  };
  const answer = 'It uses TLS to encrypt the traffic, and the browser checks the server certificate against a certificate authority.';

  it('expects more from a senior on a hard question than from an intern on an easy one', () => {
    const intern = scoreJobAnswer(ctx(question, answer, { experienceLevel: 'intern', difficultyLevel: 'easy' }));
    const senior = scoreJobAnswer(ctx(question, answer, { experienceLevel: 'senior', difficultyLevel: 'hard' }));
    expect(intern.coverage).toBe(senior.coverage);
    expect(senior.elaboration).toBeLessThan(intern.elaboration);
    expect(['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'].indexOf(senior.rating)).toBeLessThanOrEqual(
      ['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'].indexOf(intern.rating),
    );
    expect(intern.rating).toBe('GOOD');
    expect(senior.rating).toBe('OKAY');
  });

  it('explains the rating with the criteria found and missed and the level it was judged for', () => {
    const e = evaluateJobAnswer(ctx(question, answer, { experienceLevel: 'senior', difficultyLevel: 'hard' }), 'en').evaluation;
    expect(e.explanation).toContain('"TLS encryption"');
    expect(e.explanation).toMatch(/Missed: .*"Integrity against tampering"/);
    expect(e.explanation).toContain('senior candidate on a hard question');
  });

  it('matches German answers against German criteria through stems and concept groups', () => {
    const german: StoredJobQuestion = {
      ...question,
      question: 'Wie reagieren Sie auf einen Kunden mit beschädigter Ware?',
      evaluation_criteria: ['Entschuldigt sich', 'Bietet Ersatz oder Erstattung an'],
      type: 'situational',
    };
    const e = evaluateJobAnswer(
      ctx(german, 'Zuerst entschuldige ich mich, dann biete ich einen Ersatz an.', { language: 2 }),
      'de',
    ).evaluation;
    expect(e.criteria_met).toEqual(german.evaluation_criteria);
  });
});

describe('suitability', () => {
  it('maps ratings to the four English values', () => {
    expect(suitabilityOf(['EXCELLENT', 'EXCELLENT', 'GOOD'])).toBe('Exceeds expectations');
    expect(suitabilityOf(['GOOD', 'GOOD', 'OKAY', 'EXCELLENT'])).toBe('Meets expectations');
    expect(suitabilityOf(['SUBOPTIMAL', 'OKAY', 'SUBOPTIMAL'])).toBe('Below expectations');
    expect(suitabilityOf(['EXCELLENT', 'SUBOPTIMAL', 'OKAY'])).toBe('Needs further assessment');
    expect(suitabilityOf(['EXCELLENT'])).toBe('Needs further assessment');
  });
});
