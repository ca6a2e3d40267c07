import { describe, expect, it } from 'vitest';
import { classifyIntent, isThinAnswer } from './intent.js';
import { scoreJobAnswer } from '../evaluation/job-rubric.js';
import type { LanguageCode } from '../interviews/enums.js';
import { phrasesFor } from '../languages/index.js';

describe('classifying what the candidate said', () => {
  it.each([
    ['Could you repeat the question?', 1, 'repeat'],
    ['Können Sie die Frage bitte wiederholen?', 2, 'repeat'],
    ['Pouvez-vous répéter la question ?', 5, 'repeat'],
    ['هل يمكنك أن تكرر السؤال؟', 9, 'repeat'],
    ["I won't answer that.", 1, 'refusal'],
    ['Shut up, you idiot.', 1, 'abuse'],
    ['No.', 1, 'no_more'],
    ['', 1, 'no_more'],
    ['A race condition is when the result depends on timing.', 1, 'content'],
  ] as const)('"%s" (language %i) is %s', (text, language, expected) => {
    expect(classifyIntent(text, language)).toBe(expected);
  });

  it('treats a long answer that mentions "repeat" as an answer', () => {
    expect(
      classifyIntent('In my last job we had to repeat the deployment three times because the health checks kept failing in staging.', 1),
    ).toBe('content');
  });

  it('treats a long answer that quotes an insult as an answer, not as abuse', () => {
    expect(
      classifyIntent(
        "In my last job a customer shouted 'you idiot' at me, and I calmly resolved it by listening and offering a refund.",
        1,
      ),
    ).toBe('content');
  });

  it("recognises the simulated candidate's closing words in every language", () => {
    for (let code = 1; code <= 9; code++) expect(classifyIntent(phrasesFor(code).candidateNothingMore, code)).toBe('no_more');
  });
});

describe('reading intents for meaning, not for a word', () => {
  it.each([
    ["No, I wouldn't repeat that mistake: we now review every migration.", 1],
    ['Ja, also ich würde die Tests wiederholen und dann die Logs prüfen.', 2],
    ['Non, je ne répéterais pas ce déploiement, je ferais un rollback.', 5],
    ['Nej, jag skulle inte upprepa det, först läser jag loggarna.', 8],
    ['لا، لن أكرر هذا الخطأ مرة أخرى.', 9],
    ['We had to repeat the test.', 1],
  ] as const)('an answer that contains "no" or "repeat" is no repeat request: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).not.toBe('repeat');
  });

  it.each([
    ["Sorry, I didn't catch that.", 1],
    ['Können Sie das bitte nochmal sagen?', 2],
    ['क्या आप सवाल दोबारा बोल सकते हैं?', 3],
    ['Kan du gentage spørgsmålet?', 7],
    ['عفوًا، هل يمكنك إعادة السؤال؟', 9],
  ] as const)('asks for a repeat in every script: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).toBe('repeat');
  });

  it.each([
    ["I'd rather not answer that one.", 1],
    ['Das möchte ich lieber nicht beantworten.', 4],
    ['Je préfère ne pas répondre à cette question.', 5],
    ['Prefiero no responder a eso.', 6],
    ['Det vil jeg helst ikke svare på.', 7],
    ['أفضل عدم الإجابة على هذا.', 9],
  ] as const)('declines one question: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).toBe('refusal');
  });

  it.each([
    ["Let's stop the interview here.", 1],
    ['Ich möchte das Gespräch bitte beenden.', 2],
    ['मैं इंटरव्यू यहीं खत्म करना चाहता हूँ।', 3],
    ["Je voudrais arrêter l'entretien.", 5],
    ['Kan vi afslutte interviewet her?', 7],
    ['أريد إنهاء المقابلة الآن.', 9],
  ] as const)('wants to end the whole interview: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).toBe('end');
  });

  it.each([
    ["I don't want to end the interview, I just need a second.", 1],
    ['Ich habe das Gespräch mit dem Kunden beendet.', 2],
    ['لا أريد إنهاء المقابلة.', 9],
  ] as const)('a negated wish or a story about ending something is no end: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).not.toBe('end');
  });

  it.each([
    ["No, I don't have any questions. Thanks a lot.", 1],
    ['Nope, I think you covered everything, thanks!', 1],
    ['Nein danke, das war alles.', 2],
    ['जी नहीं, शुक्रिया।', 3],
    ['Nej tack.', 8],
    ['لا، شكرًا', 9],
    ['ليس لدي أي أسئلة', 9],
    ['لا، ليس لدي أسئلة. شكرًا جزيلًا.', 9],
  ] as const)('has no questions: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).toBe('no_more');
  });

  it.each([
    ['No, but how big is the team?', 1],
    ["I don't have questions about pay, but I'd like to hear about the team", 1],
    ['Nein, aber wie gross ist das Team?', 2],
  ] as const)('a "no" followed by a question is a question: "%s"', (text, language) => {
    expect(classifyIntent(text, language)).toBe('content');
  });
});

describe('thin answers', () => {
  it('short answers are thin', () => {
    expect(isThinAnswer('It depends.', ['timing'], 1)).toBe(true);
  });
  it('long answers touching a criterion are not thin, even in another form of the word', () => {
    expect(
      isThinAnswer(
        'Two threads update the shared counter and whoever writes last wins, depending on the timings of the scheduler.',
        ['shared state', 'timing'],
        1,
      ),
    ).toBe(false);
  });
  it('long answers touching no criterion are thin; without criteria, length decides', () => {
    const text = 'I really enjoy working with people and I think communication matters most in every company anywhere.';
    expect(isThinAnswer(text, ['shared state', 'timing'], 1)).toBe(true);
    expect(isThinAnswer(text, [], 1)).toBe(false);
  });
});

describe('thin answers agree with the rating', () => {
  // Each answer earns credit from the evaluator, in a form a five-letter prefix
  // misses: another inflection, a missing accent, ss for ß, an Arabic alef without hamza.
  const credited: Array<[LanguageCode, string, string, string]> = [
    [
      1,
      'What is a race condition?',
      'Names locking as a fix',
      'When two threads change the same counter at once the result is wrong, so we put a lock around the update and it was fine.',
    ],
    [
      2,
      'Wie gehen Sie mit Fehlern um?',
      'Erwähnt Tests',
      'Ich schreibe zuerst einen kleinen Test, der den Fehler zeigt, und repariere ihn erst danach im Code.',
    ],
    [
      4,
      'Wie sichern Sie ein System ab?',
      'Nennt Maßnahmen gegen Angriffe',
      'Wir haben klare Massnahmen: jedes Login braucht einen zweiten Faktor und alle Zugriffe werden protokolliert und geprüft.',
    ],
    [
      5,
      'Comment protégez-vous les données ?',
      'Parle de sécurité',
      'Pour la securite je chiffre tout sur le disque et je limite les acces aux seules personnes qui en ont besoin.',
    ],
    [
      6,
      '¿Cómo acelera una consulta lenta?',
      'Habla de índices',
      'Primero miro el plan de la consulta y luego creo indices en las columnas que se usan en los filtros.',
    ],
    [
      9,
      'كيف تحمي النظام؟',
      'يذكر الأمان',
      'الامان أولوية عندي، فأستخدم كلمات مرور قوية وأحدث النظام كل أسبوع وأراجع السجلات يوميا في العمل.',
    ],
  ];

  const rubric = (language: LanguageCode, question: string, criterion: string, answer: string) =>
    scoreJobAnswer({
      question: { id: 'q1', question, type: 'technical', sample_answer: null, evaluation_criteria: [criterion] },
      answer,
      language,
      experienceLevel: 'junior',
      difficultyLevel: 'easy',
    });

  it.each(credited)('an answer the evaluator credits is not thin (language %i)', (language, question, criterion, answer) => {
    expect(rubric(language, question, criterion, answer).criteria[0]?.credit).toBeGreaterThan(0);
    expect(isThinAnswer(answer, [criterion], language, question)).toBe(false);
  });

  it('an answer the evaluator gives no credit is thin, so the follow-up asks for what the rating misses', () => {
    const question = 'Hvordan tester du?';
    // ("automatiserede tester" would be credited: a paraphrase of "automatiske tests".)
    const answer = 'Jeg klikker mig selv igennem hele systemet i browseren og kigger efter fejl før hver eneste udgivelse.';
    expect(rubric(7, question, 'Nævner automatiske tests', answer).criteria[0]?.credit).toBe(0);
    expect(isThinAnswer(answer, ['Nævner automatiske tests'], 7, question)).toBe(true);
  });
});
