// Swiss German, written as Swiss Standard German: "ss" for the sharp s, Swiss
// greetings and vocabulary. Word lists that only match (stop words, concepts,
// cues) are German's; the screening lexicon adds a few Helvetisms. Reports
// asked for in de-CH use the German prose in Swiss spelling.

import { AgentLanguages } from '../interviews/enums.js';
import { german } from './de.js';
import { list, type Language, type PageWords, type ReportPageWords, type ReportProse } from './language.js';

/** Swiss writing: "ss" for the sharp s, and «» guillemets where German opens with „ and closes with “. */
function swiss(text: string): string {
  return text.replace(/ß/g, 'ss').replace(/„/g, '«').replace(/“/g, '»');
}

/** The German prose written the Swiss way, in fixed texts and in every composed sentence. */
function swissSpelling(prose: ReportProse): ReportProse {
  return Object.fromEntries(
    Object.entries(prose).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (...args: unknown[]) => swiss(String((value as (...a: unknown[]) => string)(...args)))
        : swiss(String(value)),
    ]),
  ) as unknown as ReportProse;
}

/** The pages' German words written the Swiss way. */
function swissPage<Words extends PageWords | ReportPageWords>(page: Words): Words {
  return Object.fromEntries((Object.entries(page) as [string, string][]).map(([key, text]) => [key, swiss(text)])) as unknown as Words;
}

export const swissGerman: Language = {
  code: AgentLanguages.SWISS_GERMAN,
  tag: 'de-CH',
  direction: 'ltr',
  englishName: 'Swiss German',
  nativeName: 'Schweizer Hochdeutsch',
  stemmer: 'german',
  // eSpeak NG has no Swiss voice: Swiss Standard German is read with the German one.
  speech: { espeakVoice: 'de', fliteVoice: null, preferredTts: 'espeak', pocketsphinx: false },
  modelInstruction: 'Swiss Standard German (Swiss spelling: always "ss", never the sharp s)',
  phrases: {
    greetingJob: (job) =>
      `Grüezi und herzlich willkommen! Schön, dass Sie sich Zeit für das Gespräch für die Stelle ${job} nehmen. Ich bin heute Ihr KI-Interviewer.`,
    greetingScreening: (job) =>
      `Grüezi und herzlich willkommen! Merci, dass Sie an diesem kurzen Vorgespräch für die Stelle ${job} teilnehmen.`,
    greetingVideo: (job) =>
      `Grüezi und herzlich willkommen! Dies ist Ihre Videovorstellung für die Stelle ${job}. Ich stelle Ihnen ein paar Fragen; antworten Sie einfach ganz natürlich.`,
    askIntro: 'Zum Einstieg: Würden Sie sich bitte kurz vorstellen?',
    ackIntro: 'Merci vielmals für die Vorstellung. Kommen wir nun zu den Fragen.',
    askQuestion: (n, total, text) => `Frage ${n} von ${total}: ${text}`,
    followUp: 'Könnten Sie das noch etwas genauer ausführen, am besten mit einem konkreten Beispiel aus Ihrer eigenen Erfahrung?',
    repeat: (text) => `Gerne, hier nochmals die Frage: ${text}`,
    acks: ['Merci.', 'Merci vielmals für Ihre Antwort.', 'Verstanden, merci.'],
    refusalNoted: 'Das ist in Ordnung, fahren wir weiter.',
    abuseWarning: 'Bitte bleiben Sie respektvoll, sonst muss ich das Gespräch beenden.',
    inviteQuestions: 'Das war meine letzte Frage. Haben Sie noch Fragen an uns?',
    answerCandidateQuestion:
      'Merci für Ihre Frage. Ich habe sie notiert, und das Rekrutierungsteam wird sich dazu bei Ihnen melden. Möchten Sie sonst noch etwas wissen?',
    closing: (job) =>
      `Merci vielmals für Ihre Zeit. Damit schliessen wir das Gespräch für die Stelle ${job} ab. Das Team meldet sich bei Ihnen wegen der nächsten Schritte. Auf Wiederluege!`,
    reminder: 'Sind Sie noch da? Nehmen Sie sich ruhig Zeit und tippen Sie Ihre Antwort, sobald Sie bereit sind.',
    welcomeBack: 'Willkommen zurück! Fahren wir dort weiter, wo wir aufgehört haben.',
    oneMoment: 'Einen Moment, bitte.',
    farewellUserEnded: 'Verstanden, wir beenden das Gespräch hier. Merci vielmals für Ihre Zeit.',
    farewellInactivity: 'Da wir länger nichts von Ihnen gehört haben, beenden wir das Gespräch an dieser Stelle. Merci.',
    farewellUncooperative: 'Leider müssen wir das Gespräch an dieser Stelle beenden. Merci.',
    farewellError: 'Es tut uns leid, es ist ein technisches Problem aufgetreten, und das Gespräch muss hier enden.',
    farewellResumes: 'Das Gespräch wurde zu oft unterbrochen und kann nicht fortgesetzt werden. Merci für Ihr Verständnis.',
    candidateNothingMore: 'Ich habe nichts mehr zu ergänzen und keine Fragen. Merci.',
  },
  intents: {
    repeat: ['wie bitte', 'nöd verstande', 'nicht verstanden'],
    repeatVerbs: ['wiederholen', 'nochmals', 'noch einmal', 'nomal', 'widerhole'],
    refusal: [...german.intents.refusal, 'das möcht ich nöd beantworte'],
    abuse: ['halt die klappe', 'idiot', 'blöd', 'huere'],
    noMore: [
      'keine fragen',
      'keine weiteren fragen',
      'nichts zu ergänzen',
      'nichts hinzuzufügen',
      'nichts mehr',
      'das wäre alles',
      'das wär alles',
    ],
    bareNo: [],
    questionNouns: german.intents.questionNouns,
    thanks: german.intents.thanks,
    contrast: german.intents.contrast,
    end: german.intents.end,
    wish: german.intents.wish,
    stopVerbs: german.intents.stopVerbs,
    interviewNouns: german.intents.interviewNouns,
  },
  lexicon: {
    ...german.lexicon,
    yes: [...german.lexicon.yes, ...list('jawoll|gewiss|sicher doch')],
    fillers: [...german.lexicon.fillers, ...list('gäll|odr|oder nicht')],
    immediately: [...german.lexicon.immediately, ...list('per sofort|ab sofort')],
  },
  screening: {
    ...german.screening,
    payWords: [...german.screening.payWords, ...list('franken|chf|lohnvorstellung|monatslohn|monatslöhne')],
  },
  stopWords: german.stopWords,
  // The Swiss forms of German's concept words ("Datebank", "veralteti", "flüged use"), heard in Mundart answers.
  concepts: {
    ...german.concepts,
    stale: [...(german.concepts.stale ?? []), ...list('veralteti|veraltete|alte stand|alt stand')],
    evict: [...(german.concepts.evict ?? []), ...list('flüged use|flüügt use|use gheit|verdrängt')],
    frequent: [...(german.concepts.frequent ?? []), ...list('immer wieder|häufigi|mängisch')],
    database: [...(german.concepts.database ?? []), ...list('datebank|datebanke')],
    changed: [...(german.concepts.changed ?? []), ...list('ändered|änderet|gänderet')],
    expiry: [...(german.concepts.expiry ?? []), ...list('ablaufe|ablaufziit|ablaufe lah')],
  },
  cues: german.cues,
  report: swissSpelling(german.report as ReportProse),
  // German's words written the Swiss way ("Schliessen", «Erneut versuchen»).
  page: swissPage(german.page),
  reportPage: swissPage(german.reportPage),
};
