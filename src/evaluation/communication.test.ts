import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { analyseCommunication, communicationSteps } from './communication.js';

describe('filler words per language', () => {
  it.each<[LanguageCode, string, string[]]>([
    [1, 'Um, I basically, you know, worked on it.', ['um', 'basically', 'you know']],
    [2, 'Äh, ich habe sozusagen quasi drei Jahre gearbeitet.', ['äh', 'sozusagen', 'quasi']],
    [4, 'Ähm, ich habe halt, gäll, im Spital gearbeitet.', ['ähm', 'halt', 'gäll']],
    [3, 'मतलब, मेरे पास, यानी, अनुभव है।', ['मतलब', 'यानी']],
    [3, 'Matlab mere paas yaani experience hai.', ['matlab', 'yaani']],
    [5, "Euh, en fait, du coup j'ai travaillé.", ['euh', 'en fait', 'du coup']],
    [6, 'Eh, o sea, en plan, trabajé allí.', ['eh', 'o sea', 'en plan']],
    [7, 'Øh, jeg har, du ved, arbejdet der.', ['øh', 'du ved']],
    [8, 'Öh, jag har liksom jobbat där.', ['öh', 'liksom']],
    [9, 'يعني، اممم، اشتغلت هناك.', ['يعني', 'اممم']],
  ])('language %i finds its fillers in "%s"', (language, text, expected) => {
    const analysis = analyseCommunication([text], language);
    for (const filler of expected) expect(analysis.filler_words.counts[filler], filler).toBeGreaterThanOrEqual(1);
    expect(analysis.filler_words.total).toBeGreaterThanOrEqual(expected.length);
    expect(analysis.filler_words.examples.length).toBeGreaterThan(0);
  });

  it('counts ambiguous words only when they stand alone between commas', () => {
    expect(analyseCommunication(['I like Python and so does my team.'], 1).filler_words.total).toBe(0);
    expect(analyseCommunication(['I was, like, tired.'], 1).filler_words.counts).toEqual({ like: 1 });
    expect(analyseCommunication(['Ich habe also drei Jahre gearbeitet.'], 2).filler_words.total).toBe(0);
    expect(analyseCommunication(['Also, ich habe drei Jahre gearbeitet.'], 2).filler_words.counts).toEqual({ also: 1 });
  });

  it('does not read another language’s fillers ("genre" is French, not German)', () => {
    expect(analyseCommunication(['Das Genre gefällt mir.'], 2).filler_words.total).toBe(0);
    expect(analyseCommunication(["C'est, genre, bien."], 5).filler_words.counts).toMatchObject({ genre: 1 });
  });
});

describe('filler words in context', () => {
  const count = (text: string, language: LanguageCode) => analyseCommunication([text], language).filler_words;

  it('counts "like" as a filler but not as a verb, and a multi-word filler once', () => {
    expect(count('I really like Go, and, like, you know, it was like a big deal.', 1).total).toBe(3);
    expect(count('I really like Go, and, like, you know, it was like a big deal.', 1).counts).toMatchObject({
      'you know': 1,
      'was like': 1,
      like: 1,
    });
  });

  it('does not count "kind of" naming a kind', () => {
    expect(count('This kind of problem is common.', 1).total).toBe(0);
    expect(count('It was kind of hard.', 1).total).toBe(1);
  });

  it('reads a German "Ja" that opens a sentence as the answer, a lone "ja" inside as a filler', () => {
    expect(count('Ja. Ja, ich habe einen Führerschein.', 2).total).toBe(0);
    expect(count('Ich habe, ja, drei Jahre, äh, Erfahrung.', 2).total).toBe(2);
  });

  it('does not count nouns and real questions that look like fillers (French, Spanish, Swedish, Arabic)', () => {
    expect(count('Ce genre de problème arrive souvent.', 5).total).toBe(0);
    expect(count('Tu vois le bouton en haut ?', 5).total).toBe(0);
    expect(count('¿Sabes qué versión usa el servidor?', 6).total).toBe(0);
    expect(count('Vilken typ av databas använder ni?', 8).total).toBe(0);
    expect(count('ماذا يعني هذا المصطلح؟', 9).total).toBe(0);
  });

  it('counts the same words when they fill', () => {
    expect(count("C'était, genre, compliqué, tu vois.", 5).total).toBe(2);
    expect(count('Era, tipo, difícil, ¿sabes?', 6).total).toBe(2);
    expect(count('Jag gjorde typ allt själv.', 8).total).toBe(1);
    expect(count('امم، يعني، كان صعب.', 9).total).toBe(2);
  });

  it('counts Hindi hesitations and "मतलब" as a filler, not in "इसका मतलब है"', () => {
    expect(count('अं, मैंने, मतलब, सब खुद बनाया।', 3).total).toBe(2);
    expect(count('इसका मतलब है कि backend अच्छा है।', 3).total).toBe(0);
  });
});

describe('repetition and clarity', () => {
  it('counts stumbles and phrases used three times or more, with rates per 100 words', () => {
    const analysis = analyseCommunication(
      ['I I worked on the the backend.', 'I worked on the database. I worked on the API.', 'I worked on the tests.'],
      1,
    );
    expect(analysis.repetition.immediate_repeats).toBe(2);
    expect(analysis.repetition.repeated_phrases).toContainEqual({ phrase: 'i worked on', count: 4 });
    expect(analysis.repetition.per_100_words).toBeGreaterThan(0);
    expect(analysis.repetition.examples[0]).toContain('I I worked');
  });

  it('scores short plain sentences clearer than long filler-laden ones', () => {
    const plain = analyseCommunication(['I built the billing service. It handles invoices. We ship weekly.'], 1);
    const long = `Um, so, basically, you know, I was, like, working on the thing and, um, the thing was, you know, basically the billing and, like, the invoices and, um, the, the reports and everything that, you know, was around it, basically, and so on and so on, um, yeah.`;
    const rambling = analyseCommunication([long], 1);
    expect(plain.clarity.level).toBe('clear');
    expect(rambling.clarity.score).toBeLessThan(plain.clarity.score);
    expect(rambling.clarity.long_sentences).toBe(1);
    expect(rambling.clarity.level).not.toBe('clear');
  });

  it('reports counts and language for every language, and zeros for no words', () => {
    for (const language of [1, 2, 3, 4, 5, 6, 7, 8, 9] as LanguageCode[]) {
      const analysis = analyseCommunication(['Ja. Yes. Oui. نعم. हाँ.'], language);
      expect(analysis.language_code).toBe(language);
      expect(analysis.basis).toBe('transcript_text');
      expect(analysis.sentence_count).toBe(5);
    }
    const empty = analyseCommunication(['', '  '], 1);
    expect(empty).toMatchObject({ word_count: 0, sentence_count: 0, answer_count: 0, clarity: { score: 0 } });
  });
});

describe('read answer by answer', () => {
  it('pauses after each answer (the built-in evaluator lets live sessions run there) and gives the same analysis', () => {
    const answers = ['Um, I I restarted the the server.', '', 'Basically I restarted the server again.', 'Ja, basically.'];
    const steps = communicationSteps(answers, 1);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(3);
    expect(JSON.stringify(step.value)).toBe(JSON.stringify(analyseCommunication(answers, 1)));
  });

  it('lexical diversity over many words is the mean of every 50-word window', () => {
    // 120 words cycling through 60 distinct ones: every 50-word window holds 50 distinct words.
    const text = Array.from({ length: 120 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${Math.floor((i % 60) / 26)}`).join(' ');
    expect(analyseCommunication([text], 1).clarity.lexical_diversity).toBe(1);
    // Ten words repeated: each window holds 10 distinct words of 50.
    const narrow = Array.from({ length: 120 }, (_, i) => `word${String.fromCharCode(97 + (i % 10))}`).join(' ');
    expect(analyseCommunication([narrow], 1).clarity.lexical_diversity).toBe(0.2);
  });
});
