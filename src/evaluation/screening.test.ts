import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { lexiconsFor } from './vocabulary.js';
import { extractQuantities, judgeScreeningAnswer, parseCriterion } from './screening.js';

const YEARS = 'At least 3 years of professional experience';
const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('quantities', () => {
  it.each<[LanguageCode, string, number, string]>([
    [1, 'I have five years of experience', 5, 'year'],
    [1, 'about 7 yrs', 7, 'year'],
    [1, 'a couple of years', 2, 'year'],
    [2, 'seit vier Jahren', 4, 'year'],
    [4, 'drei Monate Kündigungsfrist', 3, 'month'],
    [3, 'मेरे पास पाँच साल का अनुभव है', 5, 'year'],
    [3, 'मेरे पास ५ साल का अनुभव है', 5, 'year'],
    [3, 'do saal', 2, 'year'],
    [5, "J'ai trois ans", 3, 'year'],
    [6, 'dos años', 2, 'year'],
    [7, 'i fire år', 4, 'year'],
    [8, 'om tre veckor', 3, 'week'],
    [9, 'لدي خمس سنوات', 5, 'year'],
    [9, 'عندي سنتين خبرة', 2, 'year'],
    [9, 'لدي ٤ سنوات', 4, 'year'],
  ])('language %i: "%s" is %d %s', (language, text, value, unit) => {
    expect(extractQuantities(text, lexiconsFor(language))[0]).toMatchObject({ value, unit });
  });

  it('marks "almost" below and "more than" above the stated number', () => {
    expect(extractQuantities('almost three years', lexiconsFor(1))[0]?.bias).toBe(-1);
    expect(extractQuantities('plus de dix ans', lexiconsFor(5))[0]?.bias).toBe(1);
  });

  it('reads minimums, maximums and absence requirements from the criterion', () => {
    expect(parseCriterion(YEARS)).toMatchObject({ kind: 'minimum', quantity: { value: 3, unit: 'year' } });
    expect(parseCriterion('Mindestens 3 Jahre Berufserfahrung')).toMatchObject({ kind: 'minimum' });
    expect(parseCriterion('Able to start within 4 weeks')).toMatchObject({ kind: 'maximum', quantity: { value: 4, unit: 'week' } });
    expect(parseCriterion('Stellenantritt innerhalb von 1 Monat')).toMatchObject({
      kind: 'maximum',
      quantity: { value: 1, unit: 'month' },
    });
    expect(parseCriterion('Must not require visa sponsorship')).toMatchObject({ kind: 'boolean', requiresAbsence: true });
    expect(parseCriterion('No criminal record')).toMatchObject({ requiresAbsence: true });
    expect(parseCriterion('Able to work without supervision')).toMatchObject({ requiresAbsence: false });
  });
});

describe('numeric criteria', () => {
  it('compares the stated number with the minimum, in words or digits', () => {
    expect(judge(YEARS, 'Five years.', 1).outcome).toBe(true);
    expect(judge(YEARS, 'two years', 1).outcome).toBe(false);
    expect(judge(YEARS, '3 years exactly', 1).outcome).toBe(true);
    expect(judge(YEARS, 'almost three years', 1).outcome).toBe(false);
    expect(judge(YEARS, 'Ich habe zwei Jahre Erfahrung.', 2).outcome).toBe(false);
    expect(judge(YEARS, 'Tengo cuatro años de experiencia.', 6).outcome).toBe(true);
  });

  it('takes a lone number in the criterion unit', () => {
    expect(judge(YEARS, 'Four.', 1)).toMatchObject({ outcome: true, basis: 'quantity' });
  });

  it('compares against a maximum and reads "immediately" as zero', () => {
    expect(judge('Able to start within 4 weeks', 'I can start in six weeks', 1).outcome).toBe(false);
    expect(judge('Able to start within 4 weeks', 'Jeg kan starte med det samme', 7).outcome).toBe(true);
    expect(judge('Able to start within 1 month', 'in drei Wochen', 2).outcome).toBe(true);
  });

  it('does not count a number the candidate denies', () => {
    const j = judge(YEARS, "I don't have three years", 1);
    expect(j).toMatchObject({ outcome: false, basis: 'negative' });
  });
});

describe('negation per language', () => {
  it.each<[LanguageCode, string]>([
    [1, "No, I don't have a driving licence."],
    [1, 'Not yet, I am taking the test next month.'],
    [1, 'Never had one.'],
    [2, 'Nein, ich habe keinen Führerschein.'],
    [4, 'Nein, ich besitze keinen Führerausweis.'],
    [3, 'नहीं, मेरे पास लाइसेंस नहीं है।'],
    [3, 'Nahi, mere paas licence nahi hai.'],
    [5, "Non, je n'ai pas le permis."],
    [6, 'No, no tengo carnet.'],
    [7, 'Nej, jeg har ikke kørekort.'],
    [8, 'Nej, jag har inte körkort.'],
    [9, 'لا، ليس لدي رخصة.'],
  ])('language %i: "%s" does not meet a must-have', (language, answer) => {
    expect(judge('Must hold a valid driving licence', answer, language)).toMatchObject({ outcome: false, basis: 'negative' });
  });

  it('reads "no problem" idioms as yes in every language that has them', () => {
    expect(judge('Available on weekends', 'No problem at all.', 1).outcome).toBe(true);
    expect(judge('Available on weekends', 'Kein Problem.', 2).outcome).toBe(true);
    expect(judge('Available on weekends', 'Pas de problème.', 5).outcome).toBe(true);
    expect(judge('Available on weekends', 'Sin problema.', 6).outcome).toBe(true);
    expect(judge('Available on weekends', 'Koi dikkat nahi.', 3).outcome).toBe(true);
    expect(judge('Available on weekends', 'لا مشكلة', 9).outcome).toBe(true);
  });

  it('flips the stance for absence criteria', () => {
    expect(judge('Must not require visa sponsorship', 'No, I do not need sponsorship.', 1).outcome).toBe(true);
    expect(judge('Must not require visa sponsorship', 'Yes, I would need a visa.', 1).outcome).toBe(false);
  });
});

describe('hedging per language: a hedged answer does not establish the criterion', () => {
  it.each<[LanguageCode, string]>([
    [1, 'I think so.'],
    [1, 'Yes, maybe.'],
    [1, 'Kind of, I guess.'],
    [2, 'Vielleicht, ich glaube schon.'],
    [4, 'Eventuell, kommt darauf an.'],
    [3, 'शायद, पता नहीं।'],
    [3, 'Shayad haan.'],
    [5, 'Peut-être, je ne sais pas.'],
    [6, 'Quizás, no estoy seguro.'],
    [7, 'Måske, det ved jeg ikke.'],
    [8, 'Kanske, jag vet inte.'],
    [9, 'ربما، لا أعرف.'],
  ])('language %i: "%s"', (language, answer) => {
    const j = judge('Willing to relocate', answer, language);
    expect(j.outcome).toBe(false);
    expect(j.basis).toBe('hedged');
    expect(j.analysis).toContain('confirm');
  });

  it('hedging also withdraws a number that would have met the minimum', () => {
    expect(judge(YEARS, 'Maybe four years, I am not sure.', 1)).toMatchObject({ outcome: false, basis: 'hedged' });
  });

  it('an approximate number ("about") is not hedging', () => {
    expect(judge(YEARS, 'About five years.', 1)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('yes and plain statements', () => {
  it.each<[LanguageCode, string]>([
    [1, 'Yes, absolutely.'],
    [2, 'Ja, natürlich.'],
    [4, 'Ja, selbstverständlich.'],
    [3, 'हाँ, बिल्कुल।'],
    [3, 'Haan ji.'],
    [5, 'Oui, bien sûr.'],
    [6, 'Sí, claro.'],
    [7, 'Ja, selvfølgelig.'],
    [8, 'Ja, självklart.'],
    [9, 'نعم، بالتأكيد.'],
  ])('language %i: "%s" meets the criterion', (language, answer) => {
    expect(judge('Willing to relocate', answer, language).outcome).toBe(true);
  });

  it('a statement restating the requirement counts; an unrelated one does not', () => {
    expect(judge('Must hold a valid driving licence', 'I hold a B driving licence.', 1)).toMatchObject({
      outcome: true,
      basis: 'restated',
    });
    expect(judge('Must hold a valid driving licence', 'I like cats.', 1)).toMatchObject({ outcome: false, basis: 'unclear' });
  });

  it('an empty answer or a missing criterion is not a pass', () => {
    expect(judge('Willing to relocate', '  ', 1)).toMatchObject({ outcome: false, basis: 'no_answer' });
    expect(judgeScreeningAnswer(null, 'Yes', 1, 'en')).toMatchObject({ outcome: false, basis: 'no_criterion' });
  });
});

describe('reading meaning, not keywords (issue 11)', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Willing to work on Sundays', "It's not that I couldn't work Sundays, my last job had them every other week."],
    [2, 'Bereitschaft zu Nachtdiensten', 'Es ist nicht so, dass ich keine Nachtdienste machen würde, im Spital war das Alltag.'],
    [5, 'Disponible pour les astreintes', "Ce n'est pas que je ne peux pas, j'en ai fait pendant deux ans."],
    [6, 'Disponibilidad para guardias', 'No es que no pueda hacer guardias, las hacía en mi anterior empresa.'],
    [8, 'Kan arbeta natt', 'Det är inte så att jag inte kan jobba natt, jag har gjort det förut.'],
    [9, 'الاستعداد للعمل ليلا', 'ليس الأمر أنني لا أستطيع العمل ليلا، عملت ليلا سنة كاملة.'],
    [3, 'रात में काम करने की तैयारी', 'ऐसा नहीं है कि मैं रात में काम नहीं कर सकता, पहले भी किया है।'],
  ])('language %i: a framed double negation ("not that I could not") means yes', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, isUndecided: false });
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Able to lift 20 kg', "I've never had any issue lifting heavy boxes, I did it daily."],
    [2, 'Bereitschaft zu Wochenendarbeit', 'Samstage waren für mich nie ein Problem.'],
    [3, 'सप्ताहांत में काम करने की तैयारी', 'शनिवार को काम करने में मुझे कोई समस्या नहीं होगी।'],
    [7, 'Kan arbejde om aftenen', 'Aftenarbejde har aldrig været et problem for mig.'],
    [9, 'القدرة على العمل في عطلة نهاية الأسبوع', 'لم تكن لدي مشكلة مع العمل يوم السبت.'],
  ])('language %i: a negation beside a problem noun ("never had a problem with") means yes', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it('a problem named without a negation is an obstacle; a negated objection is a yes', () => {
    expect(judge('Able to work night shifts', 'I have a problem with night shifts, my kids are small.', 1).outcome).toBe(false);
    expect(judge('Bereitschaft zu Nachtschichten', 'Nachtschichten sind für mich leider ein Problem.', 2).outcome).toBe(false);
    expect(judge('Willing to relocate', 'I would not mind moving.', 1).outcome).toBe(true);
    expect(judge('Bereit umzuziehen', 'Ich hätte nichts dagegen umzuziehen.', 2).outcome).toBe(true);
    expect(judge('Disponible le week-end', 'Ça ne me dérange pas du tout.', 5).outcome).toBe(true);
    expect(judge('Disponibilidad para viajar', 'No me importa viajar.', 6).outcome).toBe(true);
    expect(judge('Villig att resa', 'Jag har inget emot att resa.', 8).outcome).toBe(true);
  });

  it('pay: what the candidate earns now counts only when nothing else is named, and a year is not pay', () => {
    const range = 'Salary expectation between 50,000 and 65,000 USD';
    expect(judge(range, 'I currently make 60k, so I am looking for 75k.', 1).outcome).toBe(false);
    expect(judge(range, "I've been earning 70k since 2019.", 1).outcome).toBe(false);
    expect(judge(range, 'I make 55k now and that would be fine.', 1).outcome).toBe(true);
  });

  describe('"since 2018": the years up to the day the answer was given', () => {
    const on = (iso: string) => new Date(iso);
    const since = (criterion: string, answer: string, language: LanguageCode, day: string) =>
      judgeScreeningAnswer(criterion, answer, language, 'en', '', on(day));

    it.each<[LanguageCode, string, number]>([
      [1, "I've been doing this since 2018.", 2018],
      [2, 'Ich bin seit 2019 Pflegefachfrau.', 2019],
      [3, 'मैं 2018 से यह काम कर रहा हूँ।', 2018],
      [3, 'Main 2019 se sales mein hoon.', 2019],
      [4, 'Seit 2017, zuerst in Bern.', 2017],
      [5, 'Je fais ce métier depuis 2020.', 2020],
      [6, 'Trabajo como soldador desde el año 2016.', 2016],
      [7, 'Jeg har arbejdet som tømrer siden 2015.', 2015],
      [8, 'Jag har jobbat här sedan 2019.', 2019],
      [9, 'أعمل في هذا المجال منذ عام ٢٠١٧.', 2017],
    ])('language %i: "%s" meets three years when said in 2026, not two years after %i', (language, answer, year) => {
      expect(since(YEARS, answer, language, '2026-11-20T10:00:00Z')).toMatchObject({ outcome: true, basis: 'quantity' });
      expect(since(YEARS, answer, language, `${year + 2}-12-31T10:00:00Z`)).toMatchObject({ outcome: false, basis: 'quantity' });
    });

    it('counts whole years for a year alone, months when a month is named, and names the duration', () => {
      expect(since(YEARS, 'Since 2023.', 1, '2026-02-01T00:00:00Z').outcome).toBe(true);
      expect(since(YEARS, 'Since 2024.', 1, '2026-12-31T00:00:00Z').outcome).toBe(false);
      const march = since('Mindestens 2 Jahre Erfahrung im Lager', 'Seit März 2025 arbeite ich als Lagerist.', 2, '2026-10-01T00:00:00Z');
      expect(march).toMatchObject({ outcome: false, basis: 'quantity' });
      expect(march.analysis).toContain('19 months');
      expect(since('Minst 1 års erfarenhet', 'Sedan januari 2025.', 8, '2026-06-01T00:00:00Z').outcome).toBe(true);
    });

    it('decides nothing without the day of the answer, and leaves closed periods, future years and pay alone', () => {
      expect(judge(YEARS, 'Since 2018.', 1)).toMatchObject({ outcome: false, isUndecided: true });
      expect(since(YEARS, 'मैंने 2015 से 2016 तक यह काम किया।', 3, '2026-11-20T00:00:00Z').outcome).toBe(false);
      expect(since(YEARS, 'Since 2030.', 1, '2026-11-20T00:00:00Z').isUndecided).toBe(true);
      const range = 'Salary expectation between 50,000 and 65,000 USD';
      expect(since(range, "I've been earning 70k since 2019.", 1, '2026-11-20T00:00:00Z').outcome).toBe(false);
      expect(since(range, "I've been earning 60k since 2019.", 1, '2026-11-20T00:00:00Z').outcome).toBe(true);
    });
  });

  it('a later "but ..." turns an opening yes into a no', () => {
    expect(judge('Willing to relocate to Lyon', "It's not that I wouldn't, but honestly no, not at the moment.", 1).outcome).toBe(false);
    expect(judge('Prêt à déménager', "Oui, en principe, mais pas avant deux ans, c'est non pour l'instant.", 5).outcome).toBe(false);
  });

  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Salary expectation between 50,000 and 60,000 EUR', 'Around 55k.', true],
    [1, 'Salary expectation between 50,000 and 60,000 EUR', "I wouldn't go below 70,000.", false],
    [1, 'Salary expectation between 50,000 and 60,000 EUR', 'Somewhere between 45 and 52 thousand.', true],
    [4, "Lohnvorstellung zwischen 70'000 und 90'000 CHF", "Etwa 80'000 Franken im Jahr.", true],
    [2, 'Gehaltsvorstellung zwischen 45.000 und 50.000 Euro', 'Mindestens 58.000 Euro brutto.', false],
    [3, 'वार्षिक वेतन 6 से 8 लाख के बीच', 'मुझे 10 लाख चाहिए।', false],
    [6, 'Salario entre 25.000 y 30.000 euros brutos', 'Unos 27 mil al año.', true],
  ])('language %i: pay "%s" against "%s" -> %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Live within 20 km of the depot', 'About 15 miles away.', false],
    [1, 'Live within 20 miles of the depot', 'I live 25 km away.', true],
    [8, 'Bor högst 40 km från kontoret', 'Jag bor 3 mil bort.', true],
    [5, 'Habiter à moins de 20 km', "J'habite à 35 kilomètres.", false],
    [2, 'Mindestens 30 Stunden pro Woche', 'Ich kann 20 Stunden die Woche, maximal 25.', false],
    [7, 'Mindst 30 timer om ugen', 'Jeg kan arbejde 37 timer.', true],
    [4, 'Pensum mindestens 80 Prozent', 'Am liebsten 60 %.', false],
    [4, 'Pensum mindestens 80 Prozent', '100 %, 90 ginge auch.', true],
    [2, 'Englischkenntnisse mindestens B2', 'Ich habe C1, durch ein Jahr in Dublin.', true],
    [5, 'Allemand niveau B2 minimum', "J'ai le niveau A2 en allemand.", false],
    [1, 'German at level B1 or above', 'Yes, B2 certified.', true],
  ])('language %i: "%s" against "%s" -> %s (units converted)', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Able to start by 1 March', 'Yes, from the 15th of February.', true],
    [1, 'Able to start by 1 March', 'Yes, from April on.', false],
    [2, 'Eintritt spätestens am 1. April', 'Ab dem 1. Mai, vorher geht es nicht.', false],
    [6, 'Incorporación antes del 1 de octubre', 'Puedo empezar el 1 de septiembre.', true],
    [1, 'Able to start by 10 January', 'My notice ends on 20 December, so from 5 January.', true],
    [9, 'القدرة على بدء العمل قبل 1 يوليو', 'يمكنني البدء من 1 أغسطس.', false],
    [8, 'Kan börja senast 1 juni', 'Jag kan börja omedelbart.', true],
  ])('language %i: a start date "%s" against "%s" -> %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it('an expired or learner licence does not count; a common name of the credential does', () => {
    expect(judge('Valid driving licence', 'I had one but it expired last year.', 1).outcome).toBe(false);
    expect(judge('Führerausweis Kategorie B', 'Ich habe den Lernfahrausweis.', 4).outcome).toBe(false);
    expect(judge('Gültiger Staplerschein', 'Den Gabelstaplerschein habe ich seit 2020.', 2).outcome).toBe(true);
    expect(judge('Gyldigt truckcertifikat', 'Truckkørekort har jeg haft i tre år.', 7).outcome).toBe(true);
  });

  it('a yes backed by a concrete fact outweighs a hedge; a bare hedge does not', () => {
    expect(judge('Fluent English', 'Yes, I think so, I lived in London for three years.', 1).outcome).toBe(true);
    expect(judge('Fluent English', 'Yes, I think so.', 1)).toMatchObject({ outcome: false, basis: 'hedged', isUndecided: true });
  });

  it('a dodge or a deferral is undecided, even when it repeats the criterion words', () => {
    expect(judge('Right to work in the UK', "I'm very motivated and a quick learner.", 1)).toMatchObject({
      outcome: false,
      isUndecided: true,
    });
    expect(judge('Right to work in the UK', "Let's talk about my right to work in the UK at the offer stage.", 1)).toMatchObject({
      outcome: false,
      isUndecided: true,
    });
    expect(judge('Right to work in the UK', 'No, I would need a visa.', 1)).toMatchObject({ outcome: false, isUndecided: false });
  });

  it('names converted amounts in the analysis', () => {
    expect(judge('Live within 20 km of the depot', 'About 15 miles away.', 1).analysis).toContain('24.1 km');
    expect(judge('Able to start by 1 March', 'Yes, from April on.', 1).analysis).toContain('1 April');
  });
});
