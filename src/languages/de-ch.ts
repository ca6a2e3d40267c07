// Swiss German, written as Swiss Standard German: "ss" for the sharp s, Swiss
// greetings and vocabulary. Reports asked for in de-CH use the German prose in
// Swiss spelling. The word lists the evaluator reads (lexicon, stop words,
// concepts, cues) are German's plus a Mundart layer: Swiss candidates answer in
// dialect ("ich ha im Lager gschaffet", "isch usgfalle", "will", "nöd"), and
// German's lists alone see no past action, result, reason or negation in it.

import { AgentLanguages } from '../interviews/enums.js';
import { german } from './de.js';
import { list, numbers, words, type Language, type PageWords, type ReportPageWords, type ReportProse } from './language.js';

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

// The Mundart layer. Lists that union across languages (cues, concepts, the
// global stop-word set) keep to forms no other interview language uses as an
// ordinary word: "will" only with the subject that follows it in a Swiss clause
// ("will i", "will mer"), never alone (English "will"); "han" (Swedish and
// Danish "he") and "gange" (Danish "times") only in the de-CH past-verb pattern,
// which no other language reads. Words in sets matched token by token
// (pastVerbsIrregular, firstPersonSubject) are written normalised, without
// umlauts ("ubercho"), since answers are compared without diacritics.

/** Swiss function words: articles, pronouns, auxiliaries, prepositions, particles. */
const MUNDART_STOP_WORDS = words(
  'de d s e en es em ere emene imene inere enere dr dä di dene i mi mis mini mim minere du er si sie mer mir eus üs euse eusi üse üsi eues ihri sini dini me mä öpper öppis öpis niemer nüt nüüt alli jede jedi jedes settig settigi isch bisch sind sin bi bin bini gsi gsii ha han hani häsch hesch het hät händ hend hei hett hätt hetti hätti wär wäri wird wärde wärded worde cha chan chasch chönd chönne chönnt chönnti mues muess muesch müend müesse müesst söll sött sötti wott wotsch wetti wötti tuet tüend vo vom uf ufem ufe bim mitem usem us in im ine a am as zum zur nach über under um gäge dur durs ohni bis vor hinder näbe zwüsche und oder aber wenn wänn dänn denn denne will wil dass als wo wie was wer werum wieso au nu nume nöd nid ned nit kei keis keini scho no nomol sehr so ja jo nei nai also halt eifach jetzt jetz etz do dete det hie öppe chli echli meh emal äbe ebe eh gliich glich',
);

/** Dialect negation ("nöd", "nid", "kei", "nüt", "niemer"). */
const MUNDART_NEGATORS = list('nöd|nid|ned|nit|kei|keis|keini|keim|keinä|niemer|nüt|nüüt|nienet|niened|nie meh');

const MUNDART_CUES = {
  pastSituation: list(
    'letscht jahr|letschts jahr|letschte monet|vor es paar jahr|vor zwei jahr|vor eme jahr|einisch|eimal|eimol|amel|früener|won ich|wo n ich|won i|wo n i|i minere letschte|bi minere letschte|in minere letschte|i mim letschte|bi mim letschte|im letschte job|i de lehr|während de lehr|i mim praktikum|bi mim letschte arbeitgeber|es het mal|es hät mal|es isch mal|es isch emal|es het emal|es hät emal',
  ),
  result: list(
    'am schluss|am ändi|am änd|schlussendlich|schliesslich|resultat|ergebnis|sit dem|sitdem|sither|sid dem|glernt|het klappt|hät klappt|het gklappt|hät gklappt|het funktioniert|hät funktioniert|isch glunge|gschafft|pünktlich|rächtzitig|rächtziitig|rechtziitig|erfolgriich|erfolgrich|guet usecho|guet uscho|wieder gloffe|wieder online|gsunke|gstige|reduziert|halbiert',
  ),
  lesson: list(
    'glernt|sit dem|sitdem|sither|sid dem|s nächscht mal|s nächschte mal|bim nächschte mal|nächscht mal|hüt würd ich|hüt würd i|hüt wür i|inzwüsche|mitgnoh|mitgno|drus glernt|drus|iigfüert|igfüert|iigführt|lektion|anders mache',
  ),
  ownership: list(
    'min fehler|mis versäumnis|mini verantwortig|mini schuld|uf mini kappe|ha mi verschätzt|han mi verschätzt|ha mich verschätzt|ich bi verantwortlich gsi|ich bin verantwortlich gsi|i bi verantwortlich gsi',
  ),
  deflection: list(
    'nöd mini ufgab|nid mini ufgab|nöd mis problem|nid mis problem|nöd mini schuld|nid mini schuld|nöd min job|nid min job|nöd min fehler|nid min fehler|bin nöd ich gsi|bi nöd ich gsi|d andere schuld|di andere schuld',
  ),
  steps: list(
    'zerscht|zersch|zerst|als erschts|erschtens|zwöitens|dänach|nachher|dernah|denoch|afschliessend|glichziitig|gliichzitig|zum schluss|erscht wenn|sobald',
  ),
  tradeOff: list(
    'abwäge|abwägig|nachteil|nachteile|vorteil|vorteile|statt|aastatt|wichtiger als|defür|dafür|degäge|uf choschte vo|risiko|kompromiss|allerdings|defür aber|aber defür|hingäge|im gägesatz|je nach dem|je nachdem|chunnt druf aa|chunnt drauf aa|chunt druf a|tüürer|ufwändiger|ufwendiger|meh ufwand|im verglich|im vergliich',
  ),
  example: list(
    'zum bispiel|zum biispiel|zum bischpiel|zum biischpiel|zum bsp|z b|zb|bispielswiis|bispielswis|wie öppe|stell der vor|stell dir vor|aagnoh|i mim letschte projekt|in mim letschte projekt|bi eus|bi üs|i de praxis|imene projekt|inere firma|konkret',
  ),
  reasoning: list(
    'will i|will ich|will mer|will mir|will de|will d|will s|will es|will das|will si|will er|will dä|will me|will mä|will mini|will mis|will eus|will en|will e|will nöd|will nid|wil|drum|darum|dorum|desshalb|deshalb|wäge dem|wägedem|dadurch|dur das|suscht|susch|sonscht|andernfalls|das heisst|das bedütet|füehrt zu|füert zu|demit|damit|sodass|so dass',
  ),
  doesNotKnow: list(
    'weiss ich nöd|weiss ich leider nöd|weiss i nöd|weiss ich nid|weiss i nid|weiss i leider nid|kei ahnig|keis aahnig|kei aahnig|ha kei ahnig|han kei ahnig|no nie demit gschaffet|nie demit gschaffet|kenn ich nöd|kenn i nöd|kenn ich nid|kenn i nid',
  ),
  admittedGap: list(
    'weiss nöd|weiss nid|weiss nöd genau|weiss nid genau|nöd genau|nid genau|bin mer nöd sicher|bi mer nöd sicher|bin nöd sicher|bi nöd sicher|bi mir nöd sicher|nöd so sicher|nid so sicher',
  ),
  // Swiss German has no preterite: the past is "ha"/"bi" and a participle. The forms here are those no other
  // language has as a word; the auxiliaries and the rest are in MUNDART_PAST_VERB below.
  pastVerbsIrregular: list('gsi|gsii|gsy|gha|gcha|cho|becho|ubercho|vorcho|usecho|gno|gnoh|gseh|gsee|worde'),
  firstPersonSubject: list('ich|i'),
  // "hani" is "ha-n-i" (habe ich), "bini" "bin ich": the subject is inside the word.
  ownActions: list('hani|hanis|bini'),
  certainty: list(
    'ganz klar|klar isch|das isch klar|isch doch klar|eigentlich klar|natürli|eidütig|eindütig|me mues nume|mer mues nume|es längt|es rächt|kei nachteil|keini nachteile|isch s gliiche wie|s gliiche wie|ganz eifach|isch eifach so|logisch',
  ),
  platitude: list('mega wichtig|s wichtigscht|das wichtigschte|macht me so|macht mer so|macht hüt jede|alli grosse firme|die richtig wahl'),
  absolutes: list(
    'niemals|nie meh|gar nie|choschtet nüt|keini choschte|kei risiko|keis risiko|keini nachteile|kei nachteil|immer schnäller',
  ),
  costTerms: list('choschte|ufwand|ufwändig|nachteil|risiko|langsamer|abwägig|kompromiss|meh speicher'),
  opposites: list(
    'langsam schnäll|schnäll langsam|langsamer schnäller|schnäller langsamer|schwirig eifach|eifach schwirig|tüür billig|billig tüür|tüür günschtig|günschtig tüür',
  ),
  proportion: list('prozänt|hälfti|doppelt|halbiert|verdopplet|es drittel'),
};

/**
 * Swiss participles and the perfect's auxiliaries, over one normalised token: "ha", "han", "het", "händ" (hand);
 * "gmacht", "gseit", "gschaffet", "glernt"; with a particle "aaglüte", "usgfalle", "vorgschlage", "zruggspielt"; without
 * ge- "abzoge", "troffe", "bracht", "erklärt", "entwicklet". Nouns that look like a
 * participle ("Gschäft", "Gschicht", "Gruppe", "Gränze", "-heit", "-schaft") stay out.
 */
const MUNDART_PAST_VERB = [
  '^(?:ha|han|hani|hend|hand|het|hat|hei|hets)$',
  '^(?!(?:gross|grupp|grenz|granz|grund|gruen|grun|gnue|glatt|gleich|glich|gliich|glaub|gluck|gschaft|gschicht|gsprach|gsetz|gsund|gmeind|gwicht|gricht|gsicht|gfuehl|gfuhl)|.*(?:heit|keit|schaft)$)(?:ab|aa|a|an|uf|uuf|us|uus|ii|i|ine|use|uuse|ume|umme|zrug|zrugg|mit|vor|vora|dur|dure|zue|weg|hei|nach|noch|abe|ufe|uffe|ane|fescht|zame|zamme|los)?g(?:sch|ch|[bdfhklmnrstwz])[a-z]+(?:t|et|e)$',
  '^(?:ab|aa|a|an|uf|uuf|us|uus|ii|i|use|ume|zrugg|mit|vor|dur|zue|weg|hei|abe|ufe|ane|be|uber)?(?:cho|gange|zoge|troffe|bracht|brocht|packt|kauft|bstellt|bsproche|bsuecht)$',
  '^(?!(?:erscht|bereit|bericht|verlust|verdienst|bescht|bestimmt|bedutet|bedeutet|betrifft|besteht|entspricht|enthalt)$)(?:ver|er|ent|zer|uber|be)[a-z]{3,}(?:et|t)$',
].join('|');

/** German's lexicon plus the dialect's yes and no, negation, hedges, fillers, numbers and units. */
const MUNDART_LEXICON: Language['lexicon'] = {
  ...german.lexicon,
  yes: [...german.lexicon.yes, ...list('jawoll|gewiss|sicher doch|jo|jä|jaa|gärn|uf jede fall|natürli|logisch|allwäg')],
  no: [...german.lexicon.no, ...list('nei|nai|nänei|sicher nöd|leider nöd|leider nid')],
  negators: [...german.lexicon.negators, ...MUNDART_NEGATORS],
  notYet: [...german.lexicon.notYet, ...list('no nöd|no nid|no ned|no kei|no keis|no keini|bis jetzt nöd|bis etz nöd|bisher nöd')],
  hedges: [
    ...german.lexicon.hedges,
    ...list('wänn die klappt|wänn das klappt|wenn alles guet gaht|wänn alles guet gaht|falls i bestah'),
    ...list(
      'vilicht|villicht|vilech|viliicht|ich glaub|glaub ich|i glaub|glaubi|ich dänk|dänk i|dänki|ich weiss nöd|weiss nöd|weiss nid|ich bin nöd sicher|ich bi nöd sicher|bin nöd sicher|bi nöd sicher|nöd sicher|nid sicher|chunnt druf aa|chunnt drauf aa|chunt druf a|je nach dem|wahrschinlich|wahrschiinlich|mal luege|mol luege|vermuetlich|vermuetli|chönnt si|cha si|chan si',
    ),
  ],
  affirmIdioms: [
    ...german.lexicon.affirmIdioms,
    ...list(
      'kei problem|keis problem|kei thema|keis thema|kei frag|nöd schlimm|nid schlimm|ohni wiiters|ohni problem|macht mir nüt us|macht mer nüt us|nüt dagäge|nüt degäge',
    ),
  ],
  fillers: [...german.lexicon.fillers, ...list('gäll|odr|oder nicht|gäu|weisch|sozäge|sozusäge|säg i mal|sag i mal|wie söll i säge')],
  softFillers: [...german.lexicon.softFillers, ...list('jo|äbe|ebe|eifach')],
  clauseFillers: [...german.lexicon.clauseFillers, ...list('jänu|jä nu')],
  continuers: [
    ...german.lexicon.continuers,
    ...list(
      'will|wil|drum|öb|dänn|und dänn|zum bispiel|zum biispiel|zum bischpiel|de|d|e|en|em|ere|imene|inere|mis|mini|mim|minere|vo|vom|uf|bi|bim|wo',
    ),
  ],
  fillerLookalikes: [...german.lexicon.fillerLookalikes, ...list('weisch öb|weisch wie|weisch wo|weisch was|weisch grad|weisch dänn')],
  halfAfter: [...german.lexicon.halfAfter, ...list('und e halbe|und es halbs|eiehalb')],
  numberWords: {
    ...german.lexicon.numberWords,
    ...numbers(
      'eis=1|ei=1|zwöi=2|zwee=2|drü=3|föif=5|füf=5|füüf=5|sächs=6|sibe=7|nüün=9|zäh=10|zää=10|füfzäh=15|föfzä=15|zwänzg=20|drissg=30|vierzg=40|füfzg=50|eiehalb=1.5|sächzä=16|sächzäni=16|sibezä=17|sibezäni=17|achtzä=18|achtzäni=18|nünzä=19|nünzäni=19|zwänzgi=20|drissgi=30|sächzg=60|sibezg=70|achtzg=80|nünzg=90|nüünzg=90',
    ),
  },
  numberCompounds: list('{u}e{t}|{u}e{t}i|{u}und{t}'),
  units: {
    year: [...german.lexicon.units.year, ...list('johr|johre')],
    month: [...german.lexicon.units.month, ...list('monet|mönet|monät')],
    week: [...german.lexicon.units.week, ...list('wuche|wuchä|wuchene')],
    day: [...german.lexicon.units.day, ...list('täg')],
  },
  immediately: [...german.lexicon.immediately, ...list('per sofort|ab sofort|uf de stell|subito')],
  above: [...german.lexicon.above, ...list('meh als|sit über|sit meh als|länger als')],
  below: [...german.lexicon.below, ...list('fascht|chnapp|nöd ganz|no nöd ganz')],
  within: [...german.lexicon.within, ...list('innert|spötischtens|spöötischtens|höchschtens')],
  atLeast: [...german.lexicon.atLeast, ...list('mindeschtens|wenigschtens|oder meh')],
  mustNot: [...german.lexicon.mustNot, ...list('darf nöd|nöd nötig|nöd erforderlich|nöd bruuche')],
  absenceOpeners: [...german.lexicon.absenceOpeners, ...list('kei|keis|keini|ohni')],
  firstPerson: [...german.lexicon.firstPerson, ...list('i|mi|mis|mini|mim|minere|mine')],
};

export const swissGerman: Language = {
  code: AgentLanguages.SWISS_GERMAN,
  tag: 'de-CH',
  direction: 'ltr',
  englishName: 'Swiss German',
  nativeName: 'Schweizer Hochdeutsch',
  stemmer: 'german',
  variantOf: AgentLanguages.GERMAN,
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
  lexicon: MUNDART_LEXICON,
  screening: {
    ...german.screening,
    // "Ich bi Italiänerin", "i ha en italiänische Pass": said of oneself in Mundart.
    selfDescriptions: [...german.screening.selfDescriptions, ...list('ich bi|i bi|bi|ich ha|i ha|ha')],
    holdings: [...german.screening.holdings, ...list('ich ha|i ha|ha')],
    // Nationals in Mundart ("Ich bi Schwiizerin", "i bi Dütsche", "Italiäner").
    countries: {
      ...german.screening.countries,
      ch: { names: 'Schweiz|der Schweiz|Schwiiz', nationals: 'Schweizer|Schweizerin|schweizerisch|Schwiizer|Schwiizerin' },
      de: { names: 'Deutschland|Dütschland', nationals: 'Deutscher|Deutsche|deutsch|Dütsche|Dütscher|dütsch' },
      at: { names: 'Österreich|Öschtriich', nationals: 'Österreicher|Österreicherin|österreichisch|Öschtriicher|Öschtriicherin' },
      it: { names: 'Italien', nationals: 'Italiener|Italienerin|italienisch|Italiäner|Italiänerin|italiänisch' },
      fr: { names: 'Frankreich', nationals: 'Franzose|Französin|französisch|Franzos' },
    },
    vagueCounts: {
      couple: [...german.screening.vagueCounts.couple, ...list('es paar|e paar|es paarä')],
      few: [...german.screening.vagueCounts.few, ...list('einigi|wenigi')],
      several: [...german.screening.vagueCounts.several, ...list('mehreri')],
    },
    stretches: {
      then: [...german.screening.stretches.then, ...list('und dänn|dänn|nachher|druf')],
      corrections: german.screening.stretches.corrections,
      apart: [...german.screening.stretches.apart, ...list('lehr|nebebii|zäme')],
      work: [...german.screening.stretches.work, ...list('gschaffet|schaffe|gschafft')],
    },
    currencies: [...german.screening.currencies, ...list('franke|stutz|stei')],
    thousands: [...german.screening.thousands, ...list('tuusig|tuusend|tausig')],
    hundreds: [...german.screening.hundreds, ...list('hundärt')],
    payWords: [...german.screening.payWords, ...list('franken|franke|chf|lohnvorstellung|monatslohn|monatslöhne')],
    // "20 Minute mit em Bus", "50 Johr alt" (German's "# alt" reads the Mundart year too).
    minuteUnits: [...german.screening.minuteUnits, ...list('minutä|minüte')],
    // "Ich bi achtezwänzgi", "ich wirde im Dezämber achtzäni": an age said in Mundart.
    agesSaid: [...german.screening.agesSaid, ...list('ich bi #|i bi #|ich bi jetzt #|bi jetzt #|ich bi erscht #')],
    agesNext: [...german.screening.agesNext, ...list('ich wirde #|wirde #|ich wird #')],
    experience: [...german.screening.experience, ...list('erfahrig|berufserfahrig')],
    // "bi vor füüf Jahr uf Züri züglet": a move, no experience.
    lifeEvents: [...german.screening.lifeEvents, ...list('züglet|zügled|abschluss gmacht')],
    // Pay periods in Mundart ("im Monet", "i de Stund", "im Johr").
    salaryTimes: [...german.screening.salaryTimes, ...list('mol')],
    salaryPayments: [...german.screening.salaryPayments, ...list('monetslöhn|monatslöhn|löhn|zahltäg')],
    payPeriods: {
      day: [...german.screening.payPeriods.day, ...list('im tag|pro tag|tagesaasatz|tagesansatz')],
      hour: [...german.screening.payPeriods.hour, ...list('i de stund|pro stund|d stund|stundelohn|stundeloh')],
      week: [...german.screening.payPeriods.week, ...list('pro wuche|i de wuche|d wuche')],
      month: [...german.screening.payPeriods.month, ...list('im monet|pro monet|im mönet|monetlich|monetslohn|monetsloh')],
      year: [...german.screening.payPeriods.year, ...list('im johr|pro johr|s johr|jöhrlich|johreslohn|johresloh')],
    },
    // Mundart forms of applying for a permit and of one bound to an employer ("iireiche", "abunde").
    applications: [...german.screening.applications, ...list('aafrage|iireiche|iigäh|beantraage')],
    // Mundart spellings of the Swiss permits ("C-Uswiis", "Uswiis B").
    workPermits: [...german.screening.workPermits, ...list('c uswiis|uswiis c|b uswiis|uswiis b|g uswiis|uswiis g|l uswiis|uswiis l')],
    studentPermits: [...german.screening.studentPermits, ...list('studentebewilligung|bewilligung zum studium|bewilligig zum studium')],
    tiedPermits: [...german.screening.tiedPermits, ...list('bunde|abunde|bunde a')],
    plans: [...german.screening.plans, ...list('bi dra|bin dra|mach grad|zügle|zügled|bereit mi vor|bereite mi vor')],
    // Still studying and a credential run out, in Mundart ("bi no im Studium", "isch abgloffe").
    pending: [
      ...german.screening.pending,
      ...list('studiere no|bi no im studium|no am studiere|im letschte semester|schlüss im|bi bald fertig'),
    ],
    lapsed: [
      ...german.screening.lapsed,
      ...list('abgloffe|abgloffä|abglaufe|usgloffe|nüm gültig|nümm gültig|nöd meh gültig|nid meh gültig|verfalle'),
    ],
    expiring: [...german.screening.expiring, ...list('lauft ab|lauft us|gilt no bis')],
  },
  stopWords: [...german.stopWords, ...MUNDART_STOP_WORDS],
  // The Swiss forms of German's concept words ("Datebank", "veralteti", "flüged use"), heard in Mundart answers.
  concepts: {
    ...german.concepts,
    stale: [...(german.concepts.stale ?? []), ...list('veralteti|veraltete|alte stand|alt stand')],
    evict: [...(german.concepts.evict ?? []), ...list('flüged use|flüügt use|use gheit|verdrängt')],
    frequent: [...(german.concepts.frequent ?? []), ...list('immer wieder|häufigi|mängisch')],
    database: [...(german.concepts.database ?? []), ...list('datebank|datebanke')],
    changed: [...(german.concepts.changed ?? []), ...list('ändered|änderet|gänderet')],
    expiry: [...(german.concepts.expiry ?? []), ...list('ablaufe|ablaufziit|ablaufe lah')],
    // The dialect's everyday words for the groups a behavioural or testing answer names.
    communicate: [
      ...(german.concepts.communicate ?? []),
      ...list('aaglüte|aalüte|aagrüeft|aarüefe|gredt|rede|bscheid gäh|bscheid gä|bscheid säge|gmeldet|mälde|informiert'),
    ],
    stakeholder: [
      ...(german.concepts.stakeholder ?? []),
      ...list('chef|chefin|vorgsetzte|vorgsetzti|teamleiterin|teamleiter|kolleg|kollegin|chunde|chundin'),
    ],
    deadline: [...(german.concepts.deadline ?? []), ...list('frischt|abgab|abgabetermin')],
    help: [...(german.concepts.help ?? []), ...list('hilf|hälfe|ghulfe|unterstützig|unterstützt')],
    test: [...(german.concepts.test ?? []), ...list('teschte|teschted|testisch|prüefe|prüeft')],
    separate: [...(german.concepts.separate ?? []), ...list('elei|für sich elei|für sich|eigeständig')],
    together: [...(german.concepts.together ?? []), ...list('zäme|zämä|mitenand|mehreri')],
    fast: [...(german.concepts.fast ?? []), ...list('schnäll|schnäller|liecht|liechter|günschtiger')],
    error: [...(german.concepts.error ?? []), ...list('usfall|usgfalle|abgstürzt|stürzt ab|gheit us|fählt')],
  },
  // German's cues plus the dialect's (MUNDART_CUES); the past-verb pattern adds the Swiss participles and auxiliaries.
  cues: {
    ...german.cues,
    ...Object.fromEntries(
      (Object.keys(MUNDART_CUES) as Array<keyof typeof MUNDART_CUES>).map((key) => [key, [...german.cues[key], ...MUNDART_CUES[key]]]),
    ),
    pastVerbPattern: `${german.cues.pastVerbPattern}|${MUNDART_PAST_VERB}`,
  },
  report: swissSpelling(german.report as ReportProse),
  // German's words written the Swiss way ("Schliessen", «Erneut versuchen»).
  page: swissPage(german.page),
  reportPage: swissPage(german.reportPage),
};
