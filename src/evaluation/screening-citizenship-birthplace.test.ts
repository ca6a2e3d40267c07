import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('an EU/EEA/Swiss national for a job in an EU/EEA country or Switzerland', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the EU.', "I'm Portuguese."],
    [1, 'Must be authorised to work in Germany.', "I'm a Portuguese citizen."],
    [1, 'Must be authorised to work in Germany.', "I'm Brazilian but I have an Italian passport."],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen, ohne eine Arbeitserlaubnis beantragen zu müssen.', 'Ich bin Italienerin.'],
    [2, 'Arbeitserlaubnis für Deutschland erforderlich', 'Ich habe einen österreichischen Pass.'],
    [4, 'Sie müssen in der Schweiz arbeiten dürfen, eine Arbeitsbewilligung ist Voraussetzung.', 'Ich bin Italienerin.'],
    [4, 'Sie müssen in der Schweiz arbeiten dürfen, eine Arbeitsbewilligung ist Voraussetzung.', 'Ich bi Italiänerin.'],
    [5, 'Le candidat doit être autorisé à travailler en France.', 'Je suis portugaise.'],
    [5, 'Le candidat doit être autorisé à travailler en Allemagne.', "J'ai la nationalité belge."],
    [6, 'Debe tener permiso de trabajo en Francia.', 'Tengo pasaporte portugués.'],
    [6, 'Debe tener permiso de trabajo en España.', 'Soy italiano.'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er svensk.'],
    [8, 'Rätt att arbeta i Sverige krävs.', 'Jag är finsk medborgare.'],
    [9, 'يجب أن يكون لديه تصريح عمل في ألمانيا', 'أنا إيطالي'],
    [3, 'जर्मनी में काम करने की अनुमति होनी चाहिए', 'मैं इटैलियन हूँ'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });
});

describe("a national of the criterion's own country", () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must be authorised to work in the US without sponsorship.', "I'm a US citizen."],
    [2, 'Sie müssen in den USA arbeiten dürfen, eine Arbeitserlaubnis ist Voraussetzung.', 'Ich bin Amerikanerin.'],
    [5, 'Le candidat doit être autorisé à travailler aux États-Unis.', 'Je suis américaine.'],
    [1, 'Must have the right to work in the UK.', "I'm Irish."],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });
});

describe('no citizenship of the right country: studied there, a spouse, half, another nationality', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the EU.', 'I studied in Italy.'],
    [1, 'Must have the right to work in Germany.', 'My wife is Italian.'],
    [1, 'Must have the right to work in Germany.', 'My wife has an Italian passport.'],
    [1, 'Must have the right to work in the EU.', "I'm in Germany."],
    [1, 'Must have the right to work in Germany.', "I'm half Italian but only have a US passport."],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich bin Kanadierin.'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich bin Italiener, habe aber nur einen amerikanischen Pass.'],
    [5, 'Le candidat doit être autorisé à travailler en France.', 'Ma femme est italienne.'],
    [6, 'Debe tener permiso de trabajo en España.', 'Estudié en Italia.'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er ikke svensk.'],
    [1, 'Must be authorised to work in the US without sponsorship.', "I'm Italian."],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('born in the US: a US citizen by birth', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must be authorised to work in the US without sponsorship.', 'I was born in Texas.'],
    [1, 'Candidate must be authorised to work in the US for any employer.', 'Born and raised in Columbus, Ohio.'],
    [2, 'Sie müssen in den USA arbeiten dürfen, eine Arbeitserlaubnis ist Voraussetzung.', 'Ich bin in Texas geboren.'],
    [5, 'Le candidat doit être autorisé à travailler aux États-Unis.', 'Je suis née au Texas.'],
    [6, 'Debe estar autorizado a trabajar en Estados Unidos.', 'Nací en Florida.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Must be authorised to work in the US without sponsorship.', 'My son was born in Texas.'],
    [1, 'Must have the right to work in Germany.', 'I was born in Texas.'],
    [6, 'Debe tener permiso de trabajo en España.', 'Nací en Florida.'],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe("a country's own permit: an OCI card for India, a golden visa for the UAE", () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must be authorised to work in India without an employment visa.', "I'm an OCI card holder."],
    [3, 'उम्मीदवार को भारत में काम करने के लिए visa की ज़रूरत नहीं होनी चाहिए।', 'Citizen तो नहीं हूँ, लेकिन मेरे पास OCI card है।'],
    [9, 'يجب أن يتمكن المرشح من العمل في الإمارات دون أن تكفل الشركة إقامته.', 'عندي الإقامة الذهبية'],
    [1, 'Must be able to work in the UAE without company sponsorship.', 'I hold a UAE golden visa.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the UK.', 'I have an OCI card.'],
    [1, 'Must be authorised to work in India without an employment visa.', "I don't have an OCI card."],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('a nationality of something else than the candidate', () => {
  it.each<[LanguageCode, string, string]>([
    [6, 'Debe tener permiso de trabajo en España.', 'Tengo un título italiano.'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich habe einen polnischen Führerschein.'],
    [5, 'Le candidat doit être autorisé à travailler en France.', "J'ai un diplôme italien."],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

/** 'met', 'not met' or 'unclear': the review's findings tell a refusal from an undecided answer. */
const reading = (criterion: string, answer: string, language: LanguageCode) => {
  const judgement = judge(criterion, answer, language);
  return judgement.isUndecided ? 'unclear' : judgement.outcome ? 'met' : 'not met';
};

describe('after review: the countries a criterion opens the right to work to', () => {
  it.each<[LanguageCode, string, string, string]>([
    // Free movement is decided from the countries the criterion names; the Common Travel Area adds Ireland after it.
    [1, 'Must have the right to work in the UK.', "I'm Polish", 'unclear'],
    [1, 'Must have the right to work in the UK.', "I'm a German citizen", 'not met'],
    [1, 'Must have the right to work in the UK.', "I'm Irish.", 'met'],
    [1, 'Must have the right to work in Ireland.', "I'm Polish.", 'met'],
    // The country is the one the right to work is about, named as a place, not a language or a company's nationality.
    [1, 'Must have the right to work in the US and speak fluent Spanish.', "I'm Spanish", 'unclear'],
    [1, 'Must have the right to work in the US and speak fluent Spanish.', "I'm Polish", 'unclear'],
    [1, 'Must be authorised to work in the US for a German company.', "I'm Italian", 'unclear'],
    [1, 'Must be authorised to work in the US for a German company.', "I'm American", 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('after review: a birthplace follows "born in" in its own clause', () => {
  const us = 'Must be authorised to work in the US without sponsorship.';
  it.each<[LanguageCode, string, string, string]>([
    [1, us, 'I was born in Mexico and moved to Texas.', 'unclear'],
    [1, us, 'I was born in Brazil. Texas is where I live now.', 'unclear'],
    [1, us, 'I was born in the United States.', 'met'],
    [1, us, 'I was born in Santa Fe, New Mexico.', 'met'],
    [1, us, 'Born and raised in Columbus, Ohio.', 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });

  it.each<[LanguageCode, string, string]>([[1, us, 'I was born in India and studied in Ohio.']])(
    'language %i: "%s" answered "%s" is not met',
    (language, criterion, answer) => {
      expect(reading(criterion, answer, language)).not.toBe('met');
    },
  );
});

describe("after review: a country's permit is the candidate's own", () => {
  const india = 'Must be authorised to work in India without an employment visa.';
  const uae = 'Must be able to work in the UAE without company sponsorship.';
  const uaeAr = 'يجب أن يتمكن المرشح من العمل في الإمارات دون أن تكفل الشركة إقامته.';
  it.each<[LanguageCode, string, string, string]>([
    [1, india, 'My wife has an OCI card.', 'unclear'],
    [1, uae, 'My husband has a golden visa.', 'unclear'],
    [9, uaeAr, 'زوجي عنده الإقامة الذهبية', 'unclear'],
    [1, india, 'I have an OCI card.', 'met'],
    [1, uae, 'I hold a UAE golden visa.', 'met'],
    [9, uaeAr, 'عندي الإقامة الذهبية', 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('after review: birth is citizenship only where birth makes a citizen (the US, Canada)', () => {
  it.each<[LanguageCode, string, string, string]>([
    [1, 'Must have the right to work in Germany.', 'I was born in Italy.', 'unclear'],
    [1, 'Must have the right to work in Denmark.', 'I was born in Italy.', 'unclear'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich bin in Italien geboren.', 'unclear'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er født i Italien.', 'unclear'],
    [1, 'Must have the right to work in the UK.', 'I was born in India and have lived in London for twenty years.', 'unclear'],
    [1, 'Must be authorised to work in the US without sponsorship.', 'I was born in Canada.', 'unclear'],
    [1, 'Must be authorised to work in Canada.', 'I was born in Canada.', 'met'],
    // The candidate's own citizenship after "but" counts; the birthplace before it says nothing.
    [1, 'Must be authorised to work in the US without sponsorship.', "I was born in Sweden but I'm a US citizen.", 'met'],
    [1, 'Must have the right to work in Germany.', "I'm an Italian citizen.", 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('after review: no ambiguous US place names', () => {
  const us = 'Must be authorised to work in the US without sponsorship.';
  it.each<[LanguageCode, string, string, string]>([
    [1, us, 'I was born in Georgia.', 'unclear'],
    [1, us, 'I was born in South America.', 'unclear'],
    [1, us, 'I was born in Latin America.', 'unclear'],
    [1, us, 'I was born in the US.', 'met'],
    [1, us, 'I was born in the States.', 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('after review: a nationality reads the same in every language (citizenship lists hold no nationals)', () => {
  it.each<[LanguageCode, string, string, string]>([
    [1, 'Must have the right to work in the UK.', "I'm Indian.", 'unclear'],
    [3, 'उम्मीदवार को यूके में काम करने की अनुमति होनी चाहिए।', 'मैं भारतीय हूँ', 'unclear'],
    [6, 'Debe estar autorizado a trabajar en Estados Unidos.', 'Soy español.', 'unclear'],
    [8, 'Rätt att arbeta i USA krävs.', 'Jag är svensk.', 'unclear'],
    [5, 'Le candidat doit être autorisé à travailler au Royaume-Uni.', 'Je suis français.', 'unclear'],
    [3, 'उम्मीदवार को भारत में काम करने की अनुमति होनी चाहिए।', 'मैं भारतीय हूँ', 'met'],
    [6, 'Debe tener permiso de trabajo en España.', 'Soy español.', 'met'],
    [8, 'Rätt att arbeta i Sverige krävs.', 'Jag är svensk.', 'met'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er dansker.', 'met'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich bin Deutscher.', 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('after review: having X is not being X, and an ending that makes another word is no nationality', () => {
  it.each<[LanguageCode, string, string, string]>([
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er lettet.', 'unclear'],
    [3, 'जर्मनी में काम करने की अनुमति होनी चाहिए', 'मेरे पास चेक है', 'unclear'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich habe Este.', 'unclear'],
    [3, 'उम्मीदवार को यूके में काम करने की अनुमति होनी चाहिए।', 'मेरे पास English और Hindi दोनों हैं', 'unclear'],
    [3, 'उम्मीदवार को यूके में काम करने की अनुमति होनी चाहिए।', 'मैं English में बात कर सकता हूँ', 'unclear'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er lettisk.', 'met'],
    [7, 'Ret til at arbejde i Danmark er et krav.', 'Jeg er danske.', 'met'],
    [2, 'Der Bewerber muss in Deutschland arbeiten dürfen.', 'Ich bin Este.', 'met'],
    [1, 'Must have the right to work in the UK.', "I'm English.", 'met'],
    [1, 'Must be authorised to work in Germany.', 'I have an Italian passport.', 'met'],
  ])('language %i: "%s" answered "%s" is %s', (language, criterion, answer, expected) => {
    expect(reading(criterion, answer, language)).toBe(expected);
  });
});

describe('a nationality held beside a student permit is the right to a full-time job', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [6, 'Debe tener permiso de trabajo en España a tiempo completo.', 'Vine con visado de estudiante, pero soy española.', true],
    [2, 'Arbeitserlaubnis für Deutschland erforderlich, Vollzeit.', 'Ich kam mit einem Studentenvisum, bin aber Deutsche.', true],
    [5, 'Autorisation de travail en France requise, temps plein.', "J'avais un visa étudiant, mais je suis française.", true],
    // The student permit alone, or with the nationality denied, is not.
    [6, 'Debe tener permiso de trabajo en España a tiempo completo.', 'Tengo un visado de estudiante.', false],
    [6, 'Debe tener permiso de trabajo en España a tiempo completo.', 'Tengo un visado de estudiante, no soy española.', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe("a citizen of the union has the right to work only where the union's free movement reaches", () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Must be authorised to work in Germany.', "I'm an EU citizen.", true],
    [2, 'Arbeitserlaubnis für Deutschland erforderlich', 'Als EU-Bürgerin brauche ich ja keine separate Genehmigung.', true],
    [5, 'Le candidat doit être autorisé à travailler en France.', 'Je suis citoyenne européenne.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the UK.', "I've got EU citizenship."],
    [1, 'Must be authorised to work in the US.', "I'm an EU citizen."],
    [2, 'Sie müssen in den USA arbeiten dürfen.', 'Ich bin EU-Bürgerin.'],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).not.toBe(true);
  });
});
