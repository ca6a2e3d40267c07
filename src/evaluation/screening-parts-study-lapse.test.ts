import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('a yes is not undone by a negation that accepts', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Available to work night shifts and weekends', 'Nights, no problem. Weekends neither, I have done both for years.'],
    [6, 'Disponibilidad para turnos de noche y fines de semana', 'Las noches no me importan, y los fines de semana tampoco es problema.'],
    [7, 'Kan arbejde om natten og i weekender', 'Nattevagter er ikke noget problem, weekender heller ikke.'],
    [8, 'Kan arbeta natt och helger', 'Nätter är inget problem, helger inte heller.'],
    [
      1,
      'Available for rotating shifts including nights',
      "Yes. I've worked nights before and it never bothered me, no one at home minds either.",
    ],
    [3, 'उम्मीदवार सप्ताहांत और रात की शिफ्ट में काम करने को तैयार है', 'जी हाँ, बिल्कुल। वीकेंड पर काम करना मेरे लिए मुश्किल नहीं है, और नाइट शिफ्ट भी चलेगी।'],
    [3, 'उम्मीदवार रात की शिफ्ट में काम कर सकता है', 'हाँ, कर सकता हूँ। घर पर कोई रोकने वाला नहीं है, रात में काम करने से मुझे फर्क नहीं पड़ता।'],
  ])(
    'language %i: a negation that accepts ("neither", "never bothered me", "not difficult") keeps the yes ("%s": "%s")',
    (language, criterion, answer) => {
      expect(judge(criterion, answer, language).outcome).toBe(true);
    },
  );

  it('keeps a yes beside a clause that negates something the criterion does not ask for', () => {
    expect(judge('Willing to work night shifts', "Yes, nights suit me. I don't drive, so I'd take the bus.", 1).outcome).toBe(true);
  });
});

describe('still studying is not holding the degree or licence now', () => {
  it.each<[LanguageCode, string, string]>([
    [
      1,
      'Holds a completed degree in mechanical engineering',
      "I'm in my final year of mechanical engineering and will graduate next June.",
    ],
    [
      2,
      'Abgeschlossenes Studium der Elektrotechnik',
      'Ich bin im letzten Semester meines Elektrotechnikstudiums, die Bachelorarbeit läuft.',
    ],
    [4, 'Abgschlossni Usbildig als Pflegefachfrau HF', 'Ich bi no im Studium, im letschte Semester, im Summer bin ich fertig.'],
    [5, 'Titulaire d un diplôme d infirmier', 'Je suis en dernière année de soins infirmiers, je serai diplômée en juillet.'],
    [6, 'Título de Grado en Fisioterapia', 'Estoy en el último curso de Fisioterapia y me gradúo en septiembre.'],
    [7, 'Færdiguddannet fysioterapeut', 'Jeg læser stadig til fysioterapeut og er på sidste semester.'],
    [8, 'Färdig sjuksköterskeexamen', 'Jag går sista terminen på sjuksköterskeprogrammet och tar examen i juni.'],
    [9, 'حاصل على شهادة بكالوريوس في المحاسبة', 'أنا في الفصل الدراسي الأخير من بكالوريوس المحاسبة وسأتخرج في الصيف.'],
    [3, 'कंप्यूटर साइंस में पूरी डिग्री', 'मैं कंप्यूटर साइंस के अंतिम सेमेस्टर में हूँ, डिग्री अगस्त में पूरी हो जाएगी।'],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });

  it('still takes a degree finished in the past', () => {
    expect(
      judge('Holds a completed degree in mechanical engineering', 'Yes, I graduated in mechanical engineering in 2019.', 1).outcome,
    ).toBe(true);
  });
});

describe('a credential said to have run out, in other words and in dialect', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Valid first aid certificate', "Yes, I did the first aid course, though it's no longer valid."],
    [4, 'Gültige Staplerprüfung', 'Ja, d Staplerprüefig han ich gmacht, aber die isch nüm gültig.'],
    [6, 'Certificado de manipulador de alimentos vigente', 'Sí, lo tengo, pero se me caducó el año pasado.'],
    [7, 'Gyldigt førstehjælpsbevis', 'Ja, jeg har taget kurset, men beviset er løbet ud.'],
    [8, 'Giltigt heta arbeten-certifikat', 'Ja, jag har certifikatet, fast det har löpt ut.'],
    [9, 'شهادة إسعافات أولية سارية', 'نعم لدي الشهادة لكنها لم تعد سارية.'],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });
});

describe('the right to work: applied for, an EU citizen, a permit capped in hours', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [8, 'Arbetstillstånd i Sverige krävs', 'Jag har sökt uppehållstillstånd med arbete och väntar fortfarande.', false],
    [7, 'Arbejdstilladelse i Danmark er et krav', 'Jeg har søgt arbejdstilladelse i marts.', false],
    [2, 'Arbeitserlaubnis für Deutschland', 'Ich bin Unionsbürgerin, da brauche ich keine Genehmigung.', true],
    [2, 'Arbeitserlaubnis für Deutschland', 'Als EU-Bürger brauche ich keine Arbeitsgenehmigung.', true],
    [1, 'Authorised to work full-time in Ireland', 'My student visa allows me to work up to 20 hours a week during term.', false],
    [
      6,
      'Permiso para trabajar a jornada completa en España',
      'Mi autorización de estudiante me permite trabajar hasta 20 horas semanales.',
      false,
    ],
    [1, 'Authorised to work in Ireland', 'My student visa allows me to work up to 20 hours a week during term.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('an EU citizen in a clause that negates a need', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [2, 'Arbeitserlaubnis für Deutschland', 'Als EU-Bürger brauche ich da doch keine extra Erlaubnis.', true],
    [1, 'Authorised to work in Ireland', "As an EU citizen I don't really need any separate paperwork.", true],
    [1, 'Authorised to work in Ireland', "I'm not an EU citizen, so I don't have that.", false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('a move before the start, when the criterion accepts one', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Lives in Leeds or relocating there before the start date', "Yes, I'll move to Leeds at the end of this month."],
    [
      2,
      'Die Person wohnt in Graz oder wird vor Arbeitsbeginn dorthin umziehen',
      'Ja, ich ziehe nach Graz, der Mietvertrag beginnt im Mai.',
    ],
    [6, 'Reside en Sevilla o se traslade antes de la incorporación', 'Sí, me mudaré a Sevilla el mes que viene.'],
    [9, 'أن يكون مقيما في جدة أو منتقلا إليها قبل بدء العمل', 'نعم، سأنتقل إلى جدة بعد أسبوعين.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
  });

  it('still does not take a move as living there when the criterion does not accept one', () => {
    expect(judge('Lives in Leeds', "Yes, I'll move to Leeds at the end of this month.", 1).outcome).toBe(false);
  });
});
