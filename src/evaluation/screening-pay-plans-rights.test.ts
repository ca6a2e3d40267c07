import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('pay by the month against a yearly range', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Annual salary between 50,000 and 60,000 EUR', 'I would want about 4,500 a month.', true],
    [1, 'Annual salary between 50,000 and 60,000 EUR', 'At least 6,000 per month.', false],
    [2, 'Jahresgehalt zwischen 60.000 und 70.000 Euro', 'Ich stelle mir 5.000 Euro im Monat vor.', true],
    [5, 'Salaire annuel entre 40 000 et 45 000 euros', 'Je demande 4 500 euros par mois.', false],
    [6, 'Salario anual entre 30.000 y 36.000 euros', 'Pido 2.600 euros al mes.', true],
    [7, 'Årsløn mellem 480.000 og 540.000 kr', 'Jeg forventer 50.000 kr om måneden.', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it('reads a yearly figure against a monthly range', () => {
    expect(judge('Monthly salary between 4,000 and 5,000 EUR', 'I expect 54,000 a year.', 1)).toMatchObject({
      outcome: true,
      basis: 'quantity',
    });
  });
});

describe('plans not yet true', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must hold a valid forklift certification', "I've applied for the forklift certification, the exam is next month."],
    [2, 'Gültiger Staplerschein erforderlich', 'Den Staplerschein mache ich gerade, die Prüfung ist im März.'],
    [5, 'Certification CACES R489 obligatoire', 'Je vais passer le CACES le mois prochain.'],
    [6, 'Se requiere carné de carretillero', 'Estoy sacando el carné de carretillero, me inscribí en un curso.'],
    [8, 'Giltigt truckkort krävs', 'Jag har ansökt om truckkort och väntar på beskedet.'],
    [3, 'वैध ड्राइविंग लाइसेंस आवश्यक', 'मैंने ड्राइविंग लाइसेंस के लिए आवेदन किया है, जल्द ही मिल जाएगा।'],
    [9, 'يشترط رخصة قيادة سارية', 'قدمت طلب رخصة القيادة وسأحصل عليها قريبا.'],
  ])('language %i: a credential on its way does not meet "%s"', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('work authorisation from what the candidate holds', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Authorised to work in Germany', "I'm a German citizen.", true],
    [1, 'Authorised to work in Germany', 'I have an EU passport.', true],
    [1, 'Must have the right to work in the UK', 'I have settled status.', true],
    [1, 'Must have the right to work in the UK', 'My work visa application is still being processed.', false],
    [2, 'Arbeitsbewilligung für die Schweiz erforderlich', 'Ich habe den Ausweis C.', true],
    [2, 'Arbeitserlaubnis für Deutschland', 'Ich bin deutsche Staatsbürgerin.', true],
    [5, 'Autorisation de travail en France requise', "J'ai un titre de séjour avec autorisation de travail.", true],
    [6, 'Permiso de trabajo en España', 'Tengo la nacionalidad española.', true],
    [7, 'Arbejdstilladelse i Danmark påkrævet', 'Jeg har permanent ophold.', true],
    [8, 'Arbetstillstånd i Sverige krävs', 'Jag har sökt om arbetstillstånd.', false],
    [9, 'يشترط تصريح عمل ساري', 'لدي إقامة دائمة.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });

  it("does not take another country's citizenship as the right to work", () => {
    expect(judge('Authorised to work in Germany', "I'm an Indian citizen.", 1).outcome).toBe(false);
  });
});

describe('pay by the hour', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Hourly rate between 20 and 25 USD', "I'd want 45k a year, so roughly 22 an hour.", true],
    [1, 'Hourly rate between 20 and 25 USD', 'At least 35 dollars an hour.', false],
    [1, 'Salary expectation between 50,000 and 60,000 USD per year', "I'm asking 28 dollars an hour.", true],
    [1, 'Salary expectation between 50,000 and 60,000 USD per year', 'Around 40 dollars an hour.', false],
    [2, 'Stundenlohn zwischen 14 und 17 Euro', 'Ungefähr 2.600 Euro im Monat.', true],
    [5, 'Taux horaire entre 12 et 15 euros', 'Je vise 3 000 euros bruts par mois.', false],
    [8, 'Månadslön mellan 30 000 och 35 000 kr', 'Runt 250 kronor i timmen.', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

describe('the right to work', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Legally authorised to work in the US without visa sponsorship', "I'm on an F-1 student visa, I'd need H-1B sponsorship."],
    [1, 'Has the right to work in the UK without sponsorship', "I'm on a Skilled Worker visa, so I'd need you to sponsor me."],
    [9, 'تصريح عمل ساري في الإمارات', 'أحتاج إلى أن تكفلني الشركة للحصول على التأشيرة.'],
  ])('language %i: asking for sponsorship does not meet "%s"', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Legally authorised to work in the US without visa sponsorship', "Yes, I can work without any sponsorship, I'm a US citizen."],
    [7, 'Arbejdstilladelse i Danmark', 'Jeg er dansk statsborger.'],
    [8, 'Arbetstillstånd i Sverige', 'Ja, jag är svensk medborgare.'],
    [4, 'Gültige Arbeitsbewilligung für die Schweiz', 'Ich habe den C-Ausweis.'],
  ])('language %i: "%s" is met by "%s"', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });
});

describe('one pay figure is the budget, a ceiling', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Salary expectation below 55,000 per year', 'I am looking for 5,500 monthly, gross.', false],
    [2, 'Jahresgehalt bis 65.000 Euro', 'Ich möchte gern 5.000 brutto monatlich.', true],
    [2, 'Jahresgehalt bis 65.000 Euro', 'Mein Wunsch liegt bei 6.000 Euro pro Monat.', false],
    [4, "Jahreslohn bis 80'000 CHF", "So 8'000 Franken monatlich.", false],
    [5, "Rémunération annuelle jusqu'à 38 000 €", 'Environ 3 800 € brut mensuel.', false],
    [6, 'Salario anual hasta 30.000 euros', 'Unos 2.200 euros mensuales.', true],
    [6, 'Salario anual hasta 30.000 euros', 'Quiero 3.000 euros cada mes.', false],
    [7, 'Årsløn op til 500.000 kr.', 'Cirka 48.000 kroner i måneden.', false],
    [8, 'Årslön upp till 480 000 kr', 'Jag vill ha runt 36 000 kr i månaden.', true],
    [3, 'वार्षिक वेतन 6 लाख तक', 'मुझे 40,000 रुपये प्रति माह चाहिए।', true],
    [9, 'راتب سنوي حتى 120000 درهم', 'أتوقع 9000 درهم شهريا.', true],
    [9, 'راتب سنوي حتى 120000 درهم', 'أريد 15000 درهم في الشهر.', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it('keeps a figure the criterion calls a minimum a floor', () => {
    expect(judge('Minimum salary 30,000 per year', 'I would accept 2,000 a month.', 1)).toMatchObject({ outcome: false });
    expect(judge('Minimum salary 30,000 per year', 'I would want 3,000 a month.', 1)).toMatchObject({ outcome: true });
  });

  it('reads "kr." before a lower-case word as an abbreviation, not the end of the answer', () => {
    expect(judge('Årsløn op til 500.000 kr.', 'Jeg forventer omkring 38.000 kr. om måneden.', 7)).toMatchObject({
      outcome: true,
      basis: 'quantity',
    });
  });
});

describe('the right to work in other words', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Eligible to work in Canada', "I'm Canadian, born in Toronto.", true],
    [4, 'Arbeitsbewilligung für die Schweiz', 'Ich habe den Ausweis G als Grenzgänger.', true],
    [5, 'Autorisation de travail en France', 'Je suis Belge, donc citoyenne européenne.', true],
    [6, 'Permiso de trabajo en España', 'Soy ciudadana de la Unión Europea, soy italiana.', true],
    [6, 'Permiso de trabajo en España', 'No necesito visado, soy española.', true],
    [7, 'Arbejdstilladelse i Danmark', 'Jeg er EU-borger fra Tyskland.', true],
    [9, 'تصريح عمل ساري في الإمارات', 'أنا مواطن إماراتي.', true],
    [6, 'Permiso de trabajo en España', 'Necesitaría un visado de trabajo.', false],
    [2, 'Arbeitserlaubnis für Deutschland erforderlich', 'Ich bräuchte ein Visum.', false],
    [3, 'Work permit for UAE required', 'मुझे वीज़ा की ज़रूरत होगी।', false],
    [3, 'Work permit for UAE required', 'मेरा वर्क परमिट अभी प्रोसेस हो रहा है।', false],
    [9, 'تصريح عمل ساري في الإمارات', 'تصريح العمل الخاص بي قيد التجديد ولم يصدر بعد.', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });

  it('does not read the criterion\'s own words as a nationality ("I\'m working on it")', () => {
    expect(judge('Authorised to work in Germany', "I'm working on it.", 1).outcome).toBe(false);
  });
});

describe('the right to work: a need denied, a permit still to apply for, a permit tied to an employer', () => {
  it.each<[LanguageCode, string, string]>([
    [2, 'Arbeitserlaubnis für Deutschland ohne Sponsoring', 'Als Französin brauche ich keine eigene Arbeitserlaubnis.'],
    [5, 'Autorisation de travail en France', "Je suis italienne, je n'ai pas besoin de titre de séjour."],
    [7, 'Ret til at arbejde i Danmark', 'Som svensk statsborger behøver jeg ikke nogen arbejdstilladelse.'],
  ])('language %i: not needing a permit meets "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Right to work in the UK without sponsorship', 'You would have to apply for a new work permit for me.'],
    [6, 'Permiso de trabajo en España', 'La empresa tendría que solicitar mi permiso de trabajo.'],
    [7, 'Ret til at arbejde i Danmark', 'I skal søge om en ny arbejdstilladelse til mig.'],
    [8, 'Rätt att arbeta i Sverige', 'Företaget får söka ett nytt tillstånd åt mig.'],
    [3, 'Work permit for UAE required', 'कंपनी को मेरे वर्क परमिट के लिए आवेदन करना होगा।'],
    [1, 'Right to work in the UK without sponsorship', 'My work permit is tied to my current employer.'],
    [2, 'Arbeitserlaubnis für Deutschland', 'Meine Aufenthaltserlaubnis ist an meinen jetzigen Arbeitgeber gebunden.'],
    [8, 'Rätt att arbeta i Sverige', 'Mitt arbetstillstånd är knutet till min arbetsgivare.'],
    [9, 'تصريح عمل ساري في الإمارات', 'تصريح عمل الخاص بي مرتبط بالشركة الحالية.'],
  ])('language %i: a permit still to apply for or tied to an employer does not meet "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('plans and steps in progress are not yet true', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must already live in Leeds', "I'm moving to Leeds next month."],
    [1, 'Must hold a CPA qualification', "I'm about to finish my CPA, the last exam is in May."],
    [2, 'Abgeschlossene Ausbildung als Elektriker erforderlich', 'Ich bin kurz vor dem Abschluss meiner Ausbildung als Elektriker.'],
    [5, 'Diplôme d’infirmier obligatoire', 'Je termine mon diplôme d’infirmier en juin.'],
    [6, 'Residir en Sevilla', 'Me mudaré a Sevilla en verano.'],
    [6, 'Título de técnico en electricidad', 'Estoy terminando el título de técnico en electricidad.'],
    [7, 'Dansk autorisation som sygeplejerske', 'Jeg bliver færdig som sygeplejerske til sommer.'],
    [8, 'Bosatt i Malmö', 'Jag ska flytta till Malmö i augusti.'],
    [9, 'شهادة محاسب قانوني معتمد', 'أنا في طور الحصول على شهادة محاسب قانوني معتمد.'],
    [3, 'वैध ड्राइविंग लाइसेंस आवश्यक', 'मैं अगले हफ्ते ड्राइविंग लाइसेंस का टेस्ट देने वाला हूँ।'],
  ])('language %i: a plan does not meet "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });

  it.each<[LanguageCode, string, string]>([
    [1, 'Willing to relocate to Leeds', "Yes, I'm moving to Leeds anyway."],
    [5, 'Prêt à déménager à Lyon', 'Oui, je déménagerai à Lyon sans problème.'],
    [6, 'Dispuesto a trasladarse a Sevilla', 'Sí, me mudaré a Sevilla.'],
  ])('language %i: a plan shows the willingness "%s" asks for ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it.each<[LanguageCode, string, string]>([
    [3, 'वैध ड्राइविंग लाइसेंस आवश्यक', 'जी, मैंने लाइसेंस के लिए अप्लाई किया है।'],
    [1, 'Must hold a valid forklift licence', "Yes. I've applied for the forklift licence."],
    [2, 'Gültiger Staplerschein erforderlich', 'Ja. Den Staplerschein habe ich beantragt.'],
  ])('language %i: a bare yes before a pending step does not meet "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('pay periods in Mundart', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [4, "Jahreslohn zwischen 80'000 und 90'000 CHF", "Öppe 7'000 Franke im Monet.", true],
    [4, "Jahreslohn zwischen 80'000 und 90'000 CHF", "Ich wott 9'000 Franke pro Monet.", false],
    [4, "Monatslohn zwischen 6'000 und 7'000 CHF", "Öppe 80'000 im Johr.", true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

describe('a permit running out', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Right to work in the UK without sponsorship', 'My residence permit expires in two months.', false],
    [1, 'Right to work in the UK without sponsorship', 'My residence permit is valid until 2031.', true],
    [6, 'Permiso de trabajo en España', 'Mi permiso de residencia caduca en marzo.', false],
    [7, 'Ret til at arbejde i Danmark', 'Min opholdstilladelse udløber snart.', false],
    [8, 'Rätt att arbeta i Sverige', 'Mitt uppehållstillstånd går ut i vår.', false],
    [3, 'Work permit for UAE required', 'मेरा वर्क परमिट अगले महीने खत्म हो रहा है।', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('a credential said in the future ("I get it next month")', () => {
  it.each<[LanguageCode, string, string]>([
    [5, 'Permis B obligatoire', "J'aurai mon permis le mois prochain."],
    [7, 'Kørekort påkrævet', 'Jeg får mit kørekort i næste måned.'],
    [8, 'Körkort krävs', 'Jag får mitt körkort nästa månad.'],
  ])('language %i: does not meet "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('a permit said to allow work (a spouse or family visa)', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Right to work in the UK without sponsorship', "I'm on a spouse visa, which lets me work for any employer."],
    [2, 'Arbeitserlaubnis für Deutschland', 'Ich habe ein Visum zur Familienzusammenführung, damit darf ich uneingeschränkt arbeiten.'],
    [5, 'Autorisation de travail en France', "J'ai un visa conjoint qui me permet de travailler."],
    [6, 'Permiso de trabajo en España', 'Tengo un visado de reagrupación familiar que me permite trabajar.'],
    [3, 'Work permit for UAE required', 'मेरे पास spouse visa है जिससे मैं काम कर सकती हूँ।'],
  ])('language %i: meets "%s" ("%s")', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });
});
