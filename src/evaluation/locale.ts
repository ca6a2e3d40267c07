// Prose of the evaluation in the report's locale. English and German are
// written out; every other locale falls back to English. Enumerated values
// (rating, suitability, outcome) are never translated.

export const PROSE_LOCALES = ['en', 'de'] as const;
export type ProseLocale = (typeof PROSE_LOCALES)[number];

/** `de`, `de-DE`, `de_CH`, `DE` -> `de`; anything unknown or missing -> `en`. */
export function resolveLocale(raw: string | null | undefined): ProseLocale {
  const primary = (raw ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (PROSE_LOCALES as readonly string[]).includes(primary ?? '') ? (primary as ProseLocale) : 'en';
}

const list = (items: readonly string[]): string => items.map((i) => `"${i}"`).join('; ');

export interface Messages {
  notAnswered: string;
  criteriaFound(found: readonly string[], total: number): string;
  criteriaMissed(missed: readonly string[]): string;
  noCriteriaFound: string;
  rubricNote(note: string): string;
  addressCriterion(criterion: string): string;
  expandAnswer: string;
  giveConcreteExample: string;
  explainWhy: string;
  useStar: string;
  speakFirstPerson: string;
  describeOutcome: string;
  layOutPlan: string;
  nameTradeOffs: string;
  didNotKnow: string;
  // rubric notes
  noteStar(hasSituation: boolean, hasAction: boolean, hasResult: boolean): string;
  notePlan(steps: boolean, tradeOffs: boolean): string;
  noteSpecific(specific: boolean): string;
  noteLevel(level: string, difficulty: string): string;
  // overall
  strength(questionNo: number, question: string, criteria: readonly string[], quote: string): string;
  weakness(questionNo: number, question: string, missed: readonly string[], quote: string): string;
  recommendProbe(criteria: readonly string[]): string;
  recommendStructure: string;
  recommendSpecifics: string;
  recommendNextRound: string;
  recommendMoreEvidence: string;
  // screening
  screeningNoAnswer(criterion: string): string;
  screeningNoCriterion: string;
  screeningQuantity(stated: string, required: string, comparator: 'min' | 'max', meets: boolean, quote: string): string;
  screeningDenied(criterion: string, quote: string): string;
  screeningQuantityDenied(stated: string, quote: string): string;
  screeningAffirmed(criterion: string, quote: string): string;
  screeningAbsenceConfirmed(criterion: string, quote: string): string;
  screeningAbsenceViolated(criterion: string, quote: string): string;
  screeningHedged(criterion: string, hedges: readonly string[], quote: string): string;
  screeningUnclear(criterion: string, quote: string): string;
  quantity(value: number, unit: string): string;
}

const UNIT_EN: Record<string, [string, string]> = {
  year: ['year', 'years'],
  month: ['month', 'months'],
  week: ['week', 'weeks'],
  day: ['day', 'days'],
};
const UNIT_DE: Record<string, [string, string]> = {
  year: ['Jahr', 'Jahre'],
  month: ['Monat', 'Monate'],
  week: ['Woche', 'Wochen'],
  day: ['Tag', 'Tage'],
};

const EN: Messages = {
  notAnswered: 'Not evaluated: the candidate did not answer this question.',
  criteriaFound: (found, total) => `Covered ${found.length} of ${total} criteria: ${list(found)}.`,
  criteriaMissed: (missed) => `Missed: ${list(missed)}.`,
  noCriteriaFound: 'None of the evaluation criteria was addressed.',
  rubricNote: (note) => note,
  addressCriterion: (c) => `Address "${c}".`,
  expandAnswer: 'Give a fuller answer: explain the reasoning behind each point.',
  giveConcreteExample: 'Support the answer with a concrete example, figure or named technique.',
  explainWhy: 'Explain why, not only what: the causes and consequences of each point.',
  useStar: 'Structure the story as situation, action and result.',
  speakFirstPerson: 'Describe what you personally did ("I ..."), not only what the team did.',
  describeOutcome: 'Close with the outcome and what you learned.',
  layOutPlan: 'Lay out a step-by-step plan: what you would do first, next and last.',
  nameTradeOffs: 'Name the trade-offs and risks of the approach you choose.',
  didNotKnow: 'The candidate said they did not know the answer.',
  noteStar: (s, a, r) =>
    `Structure: situation ${s ? 'described' : 'missing'}, own actions ${a ? 'described' : 'missing'}, result ${r ? 'described' : 'missing'}.`,
  notePlan: (steps, trade) =>
    `Plan: ${steps ? 'ordered steps given' : 'no ordered steps'}; trade-offs ${trade ? 'considered' : 'not considered'}.`,
  noteSpecific: (specific) =>
    specific ? 'Specific: names concrete techniques or examples.' : 'General: few concrete techniques or examples.',
  noteLevel: (level, difficulty) => `Judged for a ${level} candidate on a ${difficulty} question.`,
  strength: (n, q, criteria, quote) => `Question ${n} (${q}): covered ${list(criteria)}, e.g. "${quote}".`,
  weakness: (n, q, missed, quote) =>
    missed.length > 0
      ? `Question ${n} (${q}): missed ${list(missed)}; the answer was "${quote}".`
      : `Question ${n} (${q}): the answer stayed general: "${quote}".`,
  recommendProbe: (criteria) => `Probe in a follow-up conversation: ${list(criteria)}.`,
  recommendStructure: 'Ask for concrete past examples with their outcome (situation, action, result).',
  recommendSpecifics: 'Ask the candidate to go deeper on specifics: concrete techniques, numbers and trade-offs.',
  recommendNextRound: 'Proceed to the next interview round.',
  recommendMoreEvidence: 'Collect more evidence before deciding: the answers were uneven or few.',
  screeningNoAnswer: (c) => `No answer was given, so "${c}" is not established.`,
  screeningNoCriterion: 'No qualifying criterion was given; the answer was recorded only.',
  screeningQuantity: (stated, required, comparator, meets, quote) =>
    `The candidate states ${stated} ("${quote}"); the criterion asks for ${comparator === 'min' ? 'at least' : 'at most'} ${required}, so it is ${meets ? 'met' : 'not met'}.`,
  screeningDenied: (c, quote) => `The candidate answers in the negative ("${quote}"), so "${c}" is not met.`,
  screeningQuantityDenied: (stated, quote) => `The candidate denies having ${stated} ("${quote}"), so the criterion is not met.`,
  screeningAffirmed: (c, quote) => `The candidate confirms ("${quote}"), so "${c}" is met.`,
  screeningAbsenceConfirmed: (c, quote) => `The candidate confirms the absence the criterion requires ("${quote}"), so "${c}" is met.`,
  screeningAbsenceViolated: (c, quote) => `The candidate answers in the affirmative ("${quote}"), which conflicts with "${c}".`,
  screeningHedged: (c, hedges, quote) =>
    `The answer is hedged (${list(hedges)}: "${quote}"), so "${c}" is not established; confirm with the candidate.`,
  screeningUnclear: (c, quote) => `The answer ("${quote}") neither confirms nor denies "${c}"; it is not established.`,
  quantity: (value, unit) => (value === 0 ? 'an immediate start' : `${value} ${(UNIT_EN[unit] ?? [unit, unit])[value === 1 ? 0 : 1]}`),
};

const DE: Messages = {
  notAnswered: 'Nicht bewertet: Die Frage wurde nicht beantwortet.',
  criteriaFound: (found, total) => `${found.length} von ${total} Kriterien abgedeckt: ${list(found)}.`,
  criteriaMissed: (missed) => `Nicht abgedeckt: ${list(missed)}.`,
  noCriteriaFound: 'Keines der Bewertungskriterien wurde angesprochen.',
  rubricNote: (note) => note,
  addressCriterion: (c) => `Auf „${c}“ eingehen.`,
  expandAnswer: 'Ausführlicher antworten und jeden Punkt begründen.',
  giveConcreteExample: 'Die Antwort mit einem konkreten Beispiel, einer Zahl oder einer benannten Technik belegen.',
  explainWhy: 'Nicht nur das Was, sondern auch das Warum erklären: Ursachen und Folgen.',
  useStar: 'Die Geschichte als Situation, Handlung und Ergebnis aufbauen.',
  speakFirstPerson: 'Beschreiben, was Sie selbst getan haben („ich …“), nicht nur das Team.',
  describeOutcome: 'Mit dem Ergebnis und dem Gelernten abschließen.',
  layOutPlan: 'Einen schrittweisen Plan darlegen: was zuerst, was danach, was zuletzt.',
  nameTradeOffs: 'Vor- und Nachteile sowie Risiken des gewählten Vorgehens nennen.',
  didNotKnow: 'Die Person gab an, die Antwort nicht zu kennen.',
  noteStar: (s, a, r) =>
    `Aufbau: Situation ${s ? 'beschrieben' : 'fehlt'}, eigene Handlungen ${a ? 'beschrieben' : 'fehlen'}, Ergebnis ${r ? 'beschrieben' : 'fehlt'}.`,
  notePlan: (steps, trade) =>
    `Plan: ${steps ? 'geordnete Schritte genannt' : 'keine geordneten Schritte'}; Abwägungen ${trade ? 'berücksichtigt' : 'nicht berücksichtigt'}.`,
  noteSpecific: (specific) =>
    specific ? 'Konkret: nennt Techniken oder Beispiele.' : 'Allgemein: kaum konkrete Techniken oder Beispiele.',
  noteLevel: (level, difficulty) => `Bewertet für Erfahrungsstufe „${level}“ bei Schwierigkeit „${difficulty}“.`,
  strength: (n, q, criteria, quote) => `Frage ${n} (${q}): ${list(criteria)} abgedeckt, z. B. „${quote}“.`,
  weakness: (n, q, missed, quote) =>
    missed.length > 0
      ? `Frage ${n} (${q}): ${list(missed)} fehlte; die Antwort war „${quote}“.`
      : `Frage ${n} (${q}): Die Antwort blieb allgemein: „${quote}“.`,
  recommendProbe: (criteria) => `In einem Folgegespräch nachfragen: ${list(criteria)}.`,
  recommendStructure: 'Nach konkreten Beispielen aus der Vergangenheit mit ihrem Ergebnis fragen (Situation, Handlung, Ergebnis).',
  recommendSpecifics: 'Nach Details fragen: konkrete Techniken, Zahlen und Abwägungen.',
  recommendNextRound: 'Zur nächsten Gesprächsrunde einladen.',
  recommendMoreEvidence: 'Vor einer Entscheidung mehr Eindrücke sammeln: Die Antworten waren uneinheitlich oder wenige.',
  screeningNoAnswer: (c) => `Keine Antwort; „${c}“ ist daher nicht belegt.`,
  screeningNoCriterion: 'Kein Qualifikationskriterium angegeben; die Antwort wurde nur erfasst.',
  screeningQuantity: (stated, required, comparator, meets, quote) =>
    `Die Person nennt ${stated} („${quote}“); verlangt sind ${comparator === 'min' ? 'mindestens' : 'höchstens'} ${required}, das Kriterium ist damit ${meets ? 'erfüllt' : 'nicht erfüllt'}.`,
  screeningDenied: (c, quote) => `Die Antwort ist verneinend („${quote}“); „${c}“ ist nicht erfüllt.`,
  screeningQuantityDenied: (stated, quote) => `Die Person verneint ${stated} („${quote}“); das Kriterium ist nicht erfüllt.`,
  screeningAffirmed: (c, quote) => `Die Person bestätigt („${quote}“); „${c}“ ist erfüllt.`,
  screeningAbsenceConfirmed: (c, quote) =>
    `Die Person bestätigt, was das Kriterium ausschließt, liegt nicht vor („${quote}“); „${c}“ ist erfüllt.`,
  screeningAbsenceViolated: (c, quote) => `Die Antwort ist bejahend („${quote}“) und widerspricht „${c}“.`,
  screeningHedged: (c, hedges, quote) =>
    `Die Antwort ist unsicher formuliert (${list(hedges)}: „${quote}“); „${c}“ ist daher nicht belegt, bitte mit der Person klären.`,
  screeningUnclear: (c, quote) => `Die Antwort („${quote}“) bestätigt „${c}“ weder noch verneint sie es; nicht belegt.`,
  quantity: (value, unit) =>
    value === 0 ? 'einen sofortigen Beginn' : `${String(value).replace('.', ',')} ${(UNIT_DE[unit] ?? [unit, unit])[value === 1 ? 0 : 1]}`,
};

export function messagesFor(locale: ProseLocale): Messages {
  return locale === 'de' ? DE : EN;
}
