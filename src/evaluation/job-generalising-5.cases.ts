// Development set of issue 21's fifth step, written before the evaluator was
// changed for it (docs/evaluation.md, "After (issue 21, fifth step ...)"): job
// answers in the weak categories of the blind set (paraphrase, contains_error,
// confidently_wrong, other_language, filler_padded, partial, short_correct) and
// screening answers (salary_period, future_plan, work_authorisation), in the nine
// languages. Each carries its label and a one-line reason. Labels follow the
// rubric: EXCELLENT all criteria with depth, GOOD most criteria correct, OKAY
// partly correct or with an error beside correct parts, SUBOPTIMAL little or
// nothing correct, or confidently wrong.

import type { LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import type { Rating } from './evaluation.types.js';

export type JobCategory =
  'paraphrase' | 'contains_error' | 'confidently_wrong' | 'other_language' | 'filler_padded' | 'partial' | 'short_correct';

export interface JobCase {
  /** The interview's language (the question and criteria are in it). */
  language: LanguageCode;
  category: JobCategory;
  answer: string;
  label: Rating;
  reason: string;
}

export type ScreeningCategory = 'salary_period' | 'future_plan' | 'work_authorisation';

export interface ScreeningCase {
  language: LanguageCode;
  category: ScreeningCategory;
  criterion: string;
  answer: string;
  met: boolean;
  reason: string;
}

const cacheQuestion = (id: string, question: string, criteria: [string, string, string]): StoredJobQuestion => ({
  id,
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'technical',
});

/** One technical question per interview language: what a cache buys and what it risks. */
export const CACHE_QUESTIONS: Record<LanguageCode, StoredJobQuestion> = {
  1: cacheQuestion('en', 'How does a cache speed up an application, and what are the risks?', [
    'Keeps frequently used data in fast memory so it does not have to be fetched again from the database',
    'Stale data: entries must be invalidated or expire when the source changes',
    'Memory is limited, so old entries are evicted, for example with LRU',
  ]),
  2: cacheQuestion('de', 'Wie beschleunigt ein Cache eine Anwendung, und welche Risiken gibt es?', [
    'Häufig genutzte Daten werden im schnellen Speicher gehalten, damit sie nicht erneut aus der Datenbank geladen werden',
    'Veraltete Daten: Einträge müssen invalidiert werden oder ablaufen, wenn sich die Quelle ändert',
    'Der Speicher ist begrenzt, daher werden alte Einträge verdrängt, zum Beispiel mit LRU',
  ]),
  3: cacheQuestion('hi', 'कैश किसी एप्लिकेशन को तेज़ कैसे बनाता है, और इसके जोखिम क्या हैं?', [
    'बार-बार इस्तेमाल होने वाला डेटा तेज़ मेमोरी में रखा जाता है ताकि उसे डेटाबेस से दोबारा न लाना पड़े',
    'पुराना डेटा: स्रोत बदलने पर एंट्री को अमान्य करना या समाप्त करना ज़रूरी है',
    'मेमोरी सीमित है, इसलिए पुरानी एंट्री हटाई जाती हैं, जैसे LRU से',
  ]),
  4: cacheQuestion('de-CH', 'Wie beschleunigt ein Cache eine Anwendung, und welche Risiken gibt es?', [
    'Häufig genutzte Daten werden im schnellen Speicher gehalten, damit sie nicht erneut aus der Datenbank geladen werden',
    'Veraltete Daten: Einträge müssen invalidiert werden oder ablaufen, wenn sich die Quelle ändert',
    'Der Speicher ist begrenzt, daher werden alte Einträge verdrängt, zum Beispiel mit LRU',
  ]),
  5: cacheQuestion('fr', 'Comment un cache accélère-t-il une application, et quels sont les risques ?', [
    'Garde les données souvent utilisées en mémoire rapide pour ne pas les relire depuis la base de données',
    'Données périmées : les entrées doivent être invalidées ou expirer quand la source change',
    'La mémoire est limitée, donc les anciennes entrées sont évincées, par exemple avec LRU',
  ]),
  6: cacheQuestion('es', '¿Cómo acelera una caché una aplicación y qué riesgos tiene?', [
    'Guarda los datos usados con frecuencia en memoria rápida para no volver a leerlos de la base de datos',
    'Datos obsoletos: las entradas deben invalidarse o caducar cuando cambia la fuente',
    'La memoria es limitada, así que las entradas antiguas se desalojan, por ejemplo con LRU',
  ]),
  7: cacheQuestion('da', 'Hvordan gør en cache en applikation hurtigere, og hvilke risici er der?', [
    'Holder ofte brugte data i hurtig hukommelse, så de ikke skal hentes igen fra databasen',
    'Forældede data: poster skal invalideres eller udløbe, når kilden ændres',
    'Hukommelsen er begrænset, så gamle poster smides ud, for eksempel med LRU',
  ]),
  8: cacheQuestion('sv', 'Hur gör en cache en applikation snabbare, och vilka risker finns det?', [
    'Håller ofta använda data i snabbt minne så att de inte behöver hämtas igen från databasen',
    'Inaktuella data: poster måste invalideras eller löpa ut när källan ändras',
    'Minnet är begränsat, så gamla poster trängs undan, till exempel med LRU',
  ]),
  9: cacheQuestion('ar', 'كيف يسرع الكاش التطبيق، وما هي المخاطر؟', [
    'يحفظ البيانات المستخدمة كثيرا في ذاكرة سريعة حتى لا تجلب مرة أخرى من قاعدة البيانات',
    'البيانات القديمة: يجب إبطال المدخلات أو انتهاء صلاحيتها عندما يتغير المصدر',
    'الذاكرة محدودة لذلك تحذف المدخلات القديمة مثلا باستخدام LRU',
  ]),
};

export const JOB_CASES: JobCase[] = [
  // English
  {
    language: 1,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'all three points in other words (keep hot results close, outdated copies, throw out the least recently used)',
    answer:
      'You keep the results people ask for all the time close at hand in RAM, so you skip the round trip to the database. The catch is outdated copies when the underlying record changes, so you clear them or give them a time to live. And since RAM runs out, the least recently used ones get thrown out.',
  },
  {
    language: 1,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'fast memory is right, but claims a cache can never return outdated data',
    answer:
      'A cache keeps frequently used data in memory so you do not have to go to the database each time, which is much faster. A cache can never return outdated data because it always reads through to the source first.',
  },
  {
    language: 1,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'asserts with certainty that caches have no risks and need no eviction',
    answer:
      'Obviously a cache just makes everything faster, there is no downside at all. Memory is unlimited nowadays so you never have to remove anything, and the data is always up to date.',
  },
  {
    language: 1,
    category: 'filler_padded',
    label: 'GOOD',
    reason: 'padded with fillers but names fast memory, invalidation and eviction',
    answer:
      'Um, so, like, you keep the, uh, frequently used data in memory, you know, so you do not fetch it from the database again. And, um, I mean, you have to invalidate entries when the data changes, and, like, evict old entries when memory is full.',
  },
  {
    language: 1,
    category: 'partial',
    label: 'OKAY',
    reason: 'only the speed-up, no risk named',
    answer:
      'It stores data in memory so the application does not have to query the database every time, and memory is a lot faster than disk.',
  },
  {
    language: 1,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'all three criteria in one short sentence each',
    answer: 'Hot data in RAM instead of the database; stale entries must expire; limited memory means LRU eviction.',
  },
  // German
  {
    language: 2,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'Arbeitsspeicher statt DB, alte Stände nach Änderung, seltene Einträge fliegen raus',
    answer:
      'Man legt die Ergebnisse, die ständig abgefragt werden, im Arbeitsspeicher ab und spart sich so den Weg zur Datenbank. Ändert sich der Datensatz, liefert der Cache aber noch den alten Stand, deshalb löscht man ihn oder gibt ihm eine Lebensdauer. Weil der RAM nicht unendlich ist, fliegt raus, was am längsten nicht benutzt wurde.',
  },
  {
    language: 2,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'Speicher richtig, aber behauptet, Einträge müssten nie invalidiert werden',
    answer:
      'Häufig genutzte Daten liegen im Speicher, damit die Datenbank nicht jedes Mal gefragt wird. Invalidieren muss man die Einträge nie, die Daten im Cache sind immer aktuell.',
  },
  {
    language: 2,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'ganz klar falsch: der Cache speichere auf der Festplatte und habe keine Risiken',
    answer:
      'Ganz klar, ein Cache schreibt alles auf die Festplatte, dadurch wird es schneller. Risiken gibt es keine, das ist ein gelöstes Problem.',
  },
  {
    language: 2,
    category: 'partial',
    label: 'OKAY',
    reason: 'nur veraltete Daten, nichts zur Beschleunigung oder zum Speicher',
    answer: 'Das Risiko ist, dass im Cache veraltete Daten liegen, wenn sich die Quelle ändert, dann muss man die Einträge invalidieren.',
  },
  {
    language: 2,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'alle drei Punkte knapp',
    answer:
      'Häufige Daten im RAM statt aus der Datenbank, Einträge mit Ablaufzeit gegen veraltete Daten, und bei vollem Speicher LRU-Verdrängung.',
  },
  {
    language: 2,
    category: 'other_language',
    label: 'GOOD',
    reason: 'English answer to a German interview that meets all three criteria',
    answer:
      'It keeps frequently used data in fast memory so the database is not queried again. Entries must be invalidated or expire when the source changes, and because memory is limited old entries are evicted with LRU.',
  },
  // Hindi
  {
    language: 3,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'तीनों बातें अपने शब्दों में',
    answer:
      'जो डेटा बार-बार चाहिए उसे RAM में रख लेते हैं, ताकि हर बार डेटाबेस तक न जाना पड़े। अगर असली डेटा बदल जाए तो कैश में पुराना डेटा रह जाता है, इसलिए उसे हटाना या एक्सपायर करना पड़ता है। मेमोरी कम होती है, इसलिए जो सबसे कम इस्तेमाल हुआ उसे निकाल देते हैं।',
  },
  {
    language: 3,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'पूरे यकीन से गलत: कोई जोखिम नहीं, डेटा हमेशा सही',
    answer: 'बिल्कुल साफ है, कैश में कोई जोखिम नहीं है। डेटा हमेशा सही रहता है और मेमोरी कभी भरती नहीं।',
  },
  {
    language: 3,
    category: 'partial',
    label: 'OKAY',
    reason: 'सिर्फ तेज़ मेमोरी, जोखिम नहीं',
    answer: 'कैश बार-बार इस्तेमाल होने वाला डेटा तेज़ मेमोरी में रखता है, इसलिए डेटाबेस से दोबारा नहीं लाना पड़ता।',
  },
  {
    language: 3,
    category: 'other_language',
    label: 'GOOD',
    reason: 'English answer to a Hindi interview meeting all three criteria',
    answer:
      'The cache keeps frequently used data in fast memory so it is not fetched again from the database. Stale entries must be invalidated when the source changes, and old entries are evicted with LRU because memory is limited.',
  },
  {
    language: 3,
    category: 'filler_padded',
    label: 'GOOD',
    reason: 'भराव शब्दों के साथ भी तीनों बातें',
    answer:
      'मतलब, देखिए, बार-बार इस्तेमाल होने वाला डेटा, वो, तेज़ मेमोरी में रखा जाता है ताकि डेटाबेस से दोबारा न लाना पड़े। मतलब स्रोत बदलने पर एंट्री को अमान्य करना पड़ता है, और, वो, मेमोरी सीमित है तो पुरानी एंट्री हटाई जाती हैं।',
  },
  // Swiss German
  {
    language: 4,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'Mundart, alle drei Punkte in anderen Worten',
    answer:
      'Mer hebed di Sache, wo mer immer wieder bruucht, im Arbeitsspeicher, denn mues mer nöd jedes Mal i d Datebank. Wenn sich d Date ändered, hät de Cache no de alt Stand, drum mues mer d Iiträg lösche oder ablaufe lah. Und will de Speicher begrenzt isch, flüged die alte Iiträg use.',
  },
  {
    language: 4,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'Speicher richtig, aber sagt, veraltete Daten gebe es nie',
    answer:
      'De Cache hebt häufig gnutzti Date im schnelle Speicher, drum isch es schneller. Veralteti Date gits nie, de Cache weiss immer, wenn sich öppis ändert.',
  },
  {
    language: 4,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'alle drei Punkte kurz',
    answer: 'Häufigi Date im RAM statt us de Datebank, Iiträg mit Ablaufziit gege veralteti Date, und bi vollem Speicher LRU.',
  },
  {
    language: 4,
    category: 'other_language',
    label: 'GOOD',
    reason: 'Französische Antwort in einem Schweizer Interview, alle drei Punkte',
    answer:
      'Le cache garde les données souvent utilisées en mémoire rapide, donc on ne relit pas la base de données. Les entrées doivent être invalidées quand la source change, et comme la mémoire est limitée, les anciennes entrées sont évincées avec LRU.',
  },
  {
    language: 4,
    category: 'partial',
    label: 'OKAY',
    reason: 'nur die Verdrängung bei vollem Speicher',
    answer: 'De Speicher isch begrenzt, drum werded die alte Iiträg verdrängt, zum Bispiel mit LRU.',
  },
  // French
  {
    language: 5,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'les trois points reformulés',
    answer:
      "On met en RAM ce qu'on demande tout le temps, ce qui évite l'aller-retour vers la base. Le piège, ce sont les copies pas à jour quand l'enregistrement change : il faut les effacer ou leur donner une durée de vie. Et comme la RAM n'est pas infinie, on jette celles qui servent le moins.",
  },
  {
    language: 5,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'mémoire rapide juste, mais affirme que la mémoire est illimitée',
    answer:
      "Le cache garde les données souvent utilisées en mémoire rapide pour éviter la base de données. La mémoire n'est jamais limitée, donc on n'a jamais besoin d'évincer des entrées.",
  },
  {
    language: 5,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'affirme avec certitude qu’il suffit de tout mettre en cache, sans risque',
    answer: "Évidemment, il suffit de tout mettre en cache, il n'y a aucun risque et les données sont toujours à jour.",
  },
  {
    language: 5,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'les trois critères en une phrase',
    answer:
      'Données fréquentes en mémoire au lieu de la base, expiration des entrées contre les données périmées, éviction LRU quand la mémoire est pleine.',
  },
  {
    language: 5,
    category: 'other_language',
    label: 'GOOD',
    reason: 'réponse en anglais, les trois critères',
    answer:
      'It keeps frequently used data in fast memory, so it is not read again from the database. Entries must be invalidated or expire when the source changes, and since memory is limited, old entries are evicted with LRU.',
  },
  // Spanish
  {
    language: 6,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'los tres puntos con otras palabras',
    answer:
      'Se guardan en RAM los resultados que se piden todo el rato y así te ahorras ir a la base de datos. El problema son las copias viejas cuando cambia el registro, así que hay que borrarlas o darles un tiempo de vida. Y como la RAM se acaba, se tiran las que menos se usan.',
  },
  {
    language: 6,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'memoria rápida correcta, pero dice que los datos nunca quedan obsoletos',
    answer:
      'La caché guarda los datos usados con frecuencia en memoria rápida para no leerlos de la base de datos. Los datos nunca quedan obsoletos porque la caché se actualiza sola.',
  },
  {
    language: 6,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'afirma con seguridad que no hay ningún riesgo',
    answer: 'Está clarísimo, la caché no tiene ningún riesgo, siempre es más rápida y nunca hay que borrar nada.',
  },
  {
    language: 6,
    category: 'partial',
    label: 'OKAY',
    reason: 'solo los datos obsoletos',
    answer: 'El riesgo es que las entradas quedan obsoletas cuando cambia la fuente, por eso hay que invalidarlas o ponerles caducidad.',
  },
  {
    language: 6,
    category: 'filler_padded',
    label: 'GOOD',
    reason: 'con muletillas pero los tres criterios',
    answer:
      'Pues, o sea, guarda los datos usados con frecuencia en memoria rápida, eh, para no volver a leerlos de la base de datos. Y, bueno, las entradas deben invalidarse cuando cambia la fuente, y, este, como la memoria es limitada, se desalojan las antiguas.',
  },
  {
    language: 6,
    category: 'other_language',
    label: 'GOOD',
    reason: 'respuesta en inglés con los tres criterios',
    answer:
      'Frequently used data is kept in fast memory so it is not read again from the database. Entries must be invalidated or expire when the source changes, and old entries are evicted with LRU because memory is limited.',
  },
  // Danish
  {
    language: 7,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'alle tre punkter med andre ord',
    answer:
      'Man lægger de resultater, der bliver spurgt efter hele tiden, i RAM, så man slipper for turen til databasen. Problemet er gamle kopier, når rækken ændrer sig, så de skal slettes eller have en levetid. Og fordi RAM ikke er uendelig, smider man dem ud, der bruges mindst.',
  },
  {
    language: 7,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'hurtig hukommelse rigtigt, men siger at data aldrig bliver forældede',
    answer:
      'Cachen holder ofte brugte data i hurtig hukommelse, så de ikke hentes fra databasen igen. Data bliver aldrig forældede, så man behøver ikke invalidere noget.',
  },
  {
    language: 7,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'alle tre kort',
    answer: 'Ofte brugte data i RAM i stedet for databasen, poster udløber mod forældede data, og LRU når hukommelsen er fuld.',
  },
  {
    language: 7,
    category: 'other_language',
    label: 'GOOD',
    reason: 'svar på svensk til et dansk interview, alle tre punkter',
    answer:
      'Cachen håller ofta använda data i snabbt minne så att de inte behöver hämtas igen från databasen. Poster måste invalideras när källan ändras, och eftersom minnet är begränsat trängs gamla poster undan med LRU.',
  },
  {
    language: 7,
    category: 'partial',
    label: 'OKAY',
    reason: 'kun hastigheden',
    answer: 'Den holder ofte brugte data i hurtig hukommelse, så man ikke skal spørge databasen hver gang.',
  },
  // Swedish
  {
    language: 8,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'alla tre punkter med andra ord',
    answer:
      'Man lägger det som efterfrågas hela tiden i RAM, så man slipper gå till databasen. Risken är gamla kopior när raden ändras, så man får radera dem eller ge dem en livslängd. Och eftersom RAM tar slut kastar man ut det som används minst.',
  },
  {
    language: 8,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'säger med säkerhet att det inte finns några risker',
    answer: 'Självklart finns det inga risker, cachen är alltid aktuell och minnet tar aldrig slut.',
  },
  {
    language: 8,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'snabbt minne rätt, men påstår att poster aldrig behöver invalideras',
    answer:
      'Cachen håller ofta använda data i snabbt minne så att databasen inte frågas igen. Poster behöver aldrig invalideras, data är alltid aktuella.',
  },
  {
    language: 8,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'alla tre kort',
    answer: 'Ofta använda data i RAM i stället för databasen, poster löper ut mot inaktuella data, LRU när minnet är fullt.',
  },
  {
    language: 8,
    category: 'filler_padded',
    label: 'GOOD',
    reason: 'utfyllnadsord men alla tre punkter',
    answer:
      'Alltså, typ, den håller ofta använda data i snabbt minne, liksom, så att de inte hämtas igen från databasen. Och, eh, poster måste invalideras när källan ändras, och alltså minnet är begränsat så gamla poster trängs undan.',
  },
  // Arabic
  {
    language: 9,
    category: 'paraphrase',
    label: 'GOOD',
    reason: 'النقاط الثلاث بكلمات أخرى',
    answer:
      'نضع النتائج التي تطلب باستمرار في الرام حتى لا نرجع إلى قاعدة البيانات كل مرة. المشكلة أن النسخة تصبح قديمة إذا تغير السجل، لذلك نحذفها أو نعطيها مدة صلاحية. ولأن الرام محدود نحذف الأقل استخداما.',
  },
  {
    language: 9,
    category: 'contains_error',
    label: 'OKAY',
    reason: 'الذاكرة السريعة صحيحة لكنه يقول إن البيانات لا تصبح قديمة أبدا',
    answer:
      'يحفظ الكاش البيانات المستخدمة كثيرا في ذاكرة سريعة حتى لا تجلب من قاعدة البيانات. البيانات لا تصبح قديمة أبدا لذلك لا نحتاج إلى إبطال المدخلات.',
  },
  {
    language: 9,
    category: 'confidently_wrong',
    label: 'SUBOPTIMAL',
    reason: 'يؤكد بثقة أنه لا توجد مخاطر',
    answer: 'بالتأكيد لا توجد أي مخاطر، الكاش دائما محدث والذاكرة لا تمتلئ أبدا.',
  },
  {
    language: 9,
    category: 'other_language',
    label: 'GOOD',
    reason: 'English answer to an Arabic interview meeting all three criteria',
    answer:
      'The cache keeps frequently used data in fast memory so it does not have to be fetched again from the database. Entries must be invalidated or expire when the source changes, and old entries are evicted with LRU since memory is limited.',
  },
  {
    language: 9,
    category: 'short_correct',
    label: 'GOOD',
    reason: 'النقاط الثلاث باختصار',
    answer:
      'البيانات المستخدمة كثيرا في ذاكرة سريعة بدل قاعدة البيانات، وإبطال المدخلات القديمة عندما يتغير المصدر، وحذف المدخلات القديمة باستخدام LRU لأن الذاكرة محدودة.',
  },
];

export const SCREENING_CASES: ScreeningCase[] = [
  // Monthly pay against a yearly range (and the other way round).
  {
    language: 1,
    category: 'salary_period',
    criterion: 'Yearly salary between 45,000 and 55,000 GBP',
    answer: 'Around 4,000 pounds a month would suit me.',
    met: true,
    reason: '48,000 a year, inside the range',
  },
  {
    language: 2,
    category: 'salary_period',
    criterion: 'Jahresgehalt bis 65.000 Euro',
    answer: 'Monatlich hätte ich gern 6.500 Euro brutto.',
    met: false,
    reason: '78.000 im Jahr, über der Obergrenze',
  },
  {
    language: 4,
    category: 'salary_period',
    criterion: 'Jahreslohn zwischen 90.000 und 100.000 CHF',
    answer: 'Ich rechne mit 7.500 Franken pro Monat.',
    met: true,
    reason: '90.000 im Jahr, am unteren Rand',
  },
  {
    language: 8,
    category: 'salary_period',
    criterion: 'Årslön mellan 500 000 och 560 000 kr',
    answer: 'Jag vill ha 45 000 kronor i månaden.',
    met: true,
    reason: '540 000 om året, inom spannet',
  },
  {
    language: 3,
    category: 'salary_period',
    criterion: 'वार्षिक वेतन 6 से 8 लाख रुपये',
    answer: 'मुझे हर महीने 90,000 रुपये चाहिए।',
    met: false,
    reason: '10.8 लाख सालाना, सीमा से ऊपर',
  },
  {
    language: 9,
    category: 'salary_period',
    criterion: 'الراتب السنوي بين 120000 و 150000 درهم',
    answer: 'أتوقع 11000 درهم شهريا.',
    met: true,
    reason: '132000 سنويا داخل النطاق',
  },
  // Plans that are not yet true.
  {
    language: 1,
    category: 'future_plan',
    criterion: 'Must hold a valid driving licence',
    answer: "I'm taking my driving test in two weeks.",
    met: false,
    reason: 'the licence is not held yet',
  },
  {
    language: 4,
    category: 'future_plan',
    criterion: 'Gültiger Führerschein Kategorie B',
    answer: 'Ich mache gerade den Führerschein, die Prüfung ist im Mai.',
    met: false,
    reason: 'noch nicht bestanden',
  },
  {
    language: 5,
    category: 'future_plan',
    criterion: 'Permis de conduire B valide',
    answer: 'Je passe le permis le mois prochain.',
    met: false,
    reason: "le permis n'est pas encore obtenu",
  },
  {
    language: 6,
    category: 'future_plan',
    criterion: 'Certificado de manipulador de alimentos',
    answer: 'Me voy a sacar el certificado la semana que viene.',
    met: false,
    reason: 'todavía no lo tiene',
  },
  {
    language: 7,
    category: 'future_plan',
    criterion: 'Gyldigt kørekort kategori B',
    answer: 'Jeg skal op til køreprøven i næste måned.',
    met: false,
    reason: 'kørekortet er ikke taget endnu',
  },
  {
    language: 2,
    category: 'future_plan',
    criterion: 'Abgeschlossene Ausbildung als Elektriker',
    answer: 'Ich schließe die Ausbildung im Sommer ab.',
    met: false,
    reason: 'noch nicht abgeschlossen',
  },
  // Work authorisation in other words.
  {
    language: 1,
    category: 'work_authorisation',
    criterion: 'Must be eligible to work in the UK',
    answer: 'Yes, I have indefinite leave to remain.',
    met: true,
    reason: 'ILR gives the right to work',
  },
  {
    language: 2,
    category: 'work_authorisation',
    criterion: 'Arbeitserlaubnis für Deutschland',
    answer: 'Ich habe eine Niederlassungserlaubnis.',
    met: true,
    reason: 'Niederlassungserlaubnis erlaubt Erwerbstätigkeit',
  },
  {
    language: 5,
    category: 'work_authorisation',
    criterion: 'Autorisation de travail en France',
    answer: 'Je suis de nationalité française.',
    met: true,
    reason: 'citoyen français',
  },
  {
    language: 6,
    category: 'work_authorisation',
    criterion: 'Permiso de trabajo en España',
    answer: 'Tengo la tarjeta de residencia y trabajo.',
    met: true,
    reason: 'la tarjeta autoriza a trabajar',
  },
  {
    language: 8,
    category: 'work_authorisation',
    criterion: 'Arbetstillstånd i Sverige krävs',
    answer: 'Jag är svensk medborgare.',
    met: true,
    reason: 'medborgare behöver inget tillstånd',
  },
  {
    language: 3,
    category: 'work_authorisation',
    criterion: 'भारत में काम करने की अनुमति',
    answer: 'मैं भारतीय नागरिक हूँ।',
    met: true,
    reason: 'भारतीय नागरिक को अनुमति की ज़रूरत नहीं',
  },
  {
    language: 7,
    category: 'work_authorisation',
    criterion: 'Arbejdstilladelse i Danmark påkrævet',
    answer: 'Jeg venter stadig på min arbejdstilladelse.',
    met: false,
    reason: 'tilladelsen er ikke givet endnu',
  },
];
