// What the model must return, as TypeBox schemas: sent to the server as the
// response_format JSON schema (strict: every property required, nothing
// extra) and used to validate the reply with Ajv before anything is kept.

import { Ajv, type ValidateFunction } from 'ajv';
import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';
import { RATINGS, SUITABILITIES } from './evaluation.types.js';

const Strings = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 12 });

const Words = Type.String({ maxLength: 500 });

/**
 * The evidence a rating rests on, asked for before the rating itself: per
 * criterion whether it is met and the answer's words that show it; signals of
 * depth; claims that contradict a criterion or the question's domain.
 */
export const LlmCriterionEvidence = Type.Object(
  { criterion: Type.String({ maxLength: 2000 }), met: StringEnum(['met', 'partly', 'not_met'] as const), words: Words },
  { additionalProperties: false },
);
export const LlmDepthSignal = Type.Object(
  { kind: StringEnum(['mechanism', 'example', 'trade_off'] as const), words: Words },
  { additionalProperties: false },
);
export const LlmErrorSignal = Type.Object({ contradicts: Type.String({ maxLength: 2000 }), words: Words }, { additionalProperties: false });

export const LlmJobQuestionResult = Type.Object(
  {
    id: Type.String(),
    evidence: Type.Array(LlmCriterionEvidence, { maxItems: 20 }),
    depth: Type.Array(LlmDepthSignal, { maxItems: 12 }),
    errors: Type.Array(LlmErrorSignal, { maxItems: 12 }),
    rating: StringEnum(RATINGS),
    improvement_points: Strings,
    explanation: Type.String({ maxLength: 4000 }),
    criteria_met: Strings,
    criteria_missed: Strings,
  },
  { additionalProperties: false },
);

export const LlmJobResult = Type.Object(
  {
    questions: Type.Array(LlmJobQuestionResult, { maxItems: 100 }),
    overall_assessment: Type.Object(
      { suitability: StringEnum(SUITABILITIES), strengths: Strings, weaknesses: Strings, recommendations: Strings },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LlmJobResult = Static<typeof LlmJobResult>;

export const LlmScreeningResult = Type.Object(
  {
    questions: Type.Array(
      Type.Object(
        { id: Type.String(), outcome: Type.Boolean(), undecided: Type.Boolean(), analysis: Type.String({ maxLength: 4000 }) },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type LlmScreeningResult = Static<typeof LlmScreeningResult>;

const ajv = new Ajv({ allErrors: true, strict: false });
export const validateJobResult: ValidateFunction<LlmJobResult> = ajv.compile<LlmJobResult>(LlmJobResult);
export const validateScreeningResult: ValidateFunction<LlmScreeningResult> = ajv.compile<LlmScreeningResult>(LlmScreeningResult);

/** Size limits some servers' strict mode refuses; they are still enforced locally by Ajv. */
const LOCAL_ONLY_KEYWORDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems']);

/** The schema as plain JSON for response_format: TypeBox's symbol keys and the size limits left out. */
export function jsonSchemaOf(schema: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => (LOCAL_ONLY_KEYWORDS.has(key) ? undefined : value)) as Record<
    string,
    unknown
  >;
}
