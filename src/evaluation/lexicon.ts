// Phrase tables per AgentLanguage for screening answers and communication
// analysis. Entries are written naturally and normalised with the same
// function as the answers (text.ts), so accents and script variants match.
// Swiss German is written Swiss Standard German: German tables plus a few
// Helvetisms. Hindi covers Devanagari and romanised Hindi.

import type { LanguageCode } from '../interviews/enums.js';

export type TimeUnit = 'year' | 'month' | 'week' | 'day';

export interface LanguageLexicon {
  /** Affirmative answers; counted only at the start of a clause ("sí" is also "si", "ja" also a particle). */
  yes: string[];
  /** Negative answers at the start of a clause. */
  no: string[];
  /** Negation anywhere in a clause. */
  negators: string[];
  notYet: string[];
  /** Uncertainty; masked before negation is looked for, so "pata nahi" / "I don't know" are hedges, not negations. */
  hedges: string[];
  /** Negation words with a positive meaning ("no problem"), masked before negation is looked for. */
  affirmIdioms: string[];
  /** Always fillers. */
  fillers: string[];
  /** Fillers only when they stand alone between commas or open a clause ("like", "so", "also"). */
  softFillers: string[];
  numberWords: Record<string, number>;
  units: Record<TimeUnit, string[]>;
  /** Single words that carry their own number (Arabic duals: سنتين = two years). */
  countedUnits?: Record<string, [number, TimeUnit]>;
  immediately: string[];
  /** Before a number: the true value is a little above it ("more than ten"). */
  above: string[];
  /** Before a number: the true value is a little below it ("almost three"). */
  below: string[];
  /** In a criterion: the number is a maximum ("within 4 weeks"). */
  within: string[];
  /** In a criterion: the number is a minimum ("at least 3 years"); a number with a time unit is a minimum by default. */
  atLeast: string[];
  /** In a criterion: the requirement is an absence ("must not require sponsorship"); see also ABSENCE_OPENERS in screening. */
  mustNot: string[];
  firstPerson: string[];
}

const list = (phrases: string): string[] =>
  phrases
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
const numbers = (pairs: string): Record<string, number> =>
  Object.fromEntries(
    list(pairs).map((pair) => {
      const [word, value] = pair.split('=');
      return [(word as string).trim(), Number(value)];
    }),
  );

const ENGLISH: LanguageLexicon = {
  yes: list('yes|yeah|yep|yup|sure|absolutely|definitely|of course|certainly|correct|indeed|ok|okay|totally|i do|i am|i have|i can'),
  no: list('no|nope|nah|not really|never'),
  negators: list(
    "not|no|never|don't|doesn't|didn't|haven't|hasn't|hadn't|won't|wouldn't|can't|cannot|couldn't|isn't|aren't|wasn't|weren't|shouldn't|neither|nor|none|nothing|dont|cant|havent",
  ),
  notYet: list('not yet|not at the moment|not currently'),
  hedges: list(
    "maybe|perhaps|possibly|probably|i think|i guess|i suppose|i believe|kind of|sort of|not sure|not really sure|it depends|depends|i don't know|don't know|dont know|we'll see|more or less|somewhat|might|hopefully|not certain",
  ),
  affirmIdioms: list("no problem|not a problem|no issue|no issues|not an issue|no worries|why not|can't wait|no doubt"),
  fillers: list('um|umm|uh|uhm|uh huh|er|erm|hmm|you know|i mean|basically|literally|kind of|sort of'),
  softFillers: list('like|so|well|actually|right|okay|just'),
  numberWords: numbers(
    'one=1|a=1|an=1|two=2|three=3|four=4|five=5|six=6|seven=7|eight=8|nine=9|ten=10|eleven=11|twelve=12|fifteen=15|twenty=20|couple=2|half=0.5',
  ),
  units: { year: list('year|years|yr|yrs'), month: list('month|months'), week: list('week|weeks'), day: list('day|days') },
  immediately: list('immediately|right away|straight away|asap|right now'),
  above: list('more than|over|above|upwards of'),
  below: list('almost|nearly|just under|less than|not quite|under'),
  within: list('within|no later than|at most|at the latest|maximum|max|in less than|up to'),
  atLeast: list('at least|minimum|min|or more|at minimum'),
  mustNot: list(
    "must not|mustn't|not require|does not require|doesn't require|no need|not need|does not need|doesn't need|not be required",
  ),
  firstPerson: list("i|me|my|mine|myself|i'm|i've|i'd|i'll|im|ive"),
};

const GERMAN: LanguageLexicon = {
  yes: list('ja|jawohl|genau|klar|natürlich|selbstverständlich|sicher|gerne|auf jeden fall|absolut|doch|sehr gerne'),
  no: list('nein|nö|leider nicht|keineswegs|nie'),
  negators: list('nicht|kein|keine|keinen|keiner|keinem|keines|nie|niemals|nirgends|weder'),
  notYet: list('noch nicht|noch kein|noch keine|noch keinen|bisher nicht'),
  hedges: list(
    'vielleicht|eventuell|möglicherweise|ich glaube|glaube ich|ich denke|denke ich|ich weiss nicht|weiss nicht|ich bin mir nicht sicher|nicht sicher|kommt darauf an|kommt drauf an|je nachdem|wahrscheinlich|eher|mal sehen|unter umständen|irgendwie|vermutlich',
  ),
  affirmIdioms: list('kein problem|kein thema|keine frage|nicht schlimm|ohne weiteres|ohne probleme|ohne problem|kein ding'),
  fillers: list('äh|ähm|öhm|hm|hmm|sozusagen|quasi|halt|na ja|weisst du|gell|oder so'),
  softFillers: list('also|eben|eigentlich|ja|genau|oder|irgendwie|so'),
  numberWords: numbers(
    'ein=1|eine=1|einen=1|einem=1|einer=1|eins=1|zwei=2|zwo=2|drei=3|vier=4|fünf=5|sechs=6|sieben=7|acht=8|neun=9|zehn=10|elf=11|zwölf=12|fünfzehn=15|zwanzig=20|anderthalb=1.5|eineinhalb=1.5|halbes=0.5',
  ),
  units: {
    year: list('jahr|jahre|jahren|jahres|jahrs'),
    month: list('monat|monate|monaten|monats'),
    week: list('woche|wochen'),
    day: list('tag|tage|tagen'),
  },
  immediately: list('sofort|ab sofort|umgehend|per sofort|gleich'),
  above: list('mehr als|über|seit über|länger als'),
  below: list('fast|knapp|beinahe|weniger als|noch nicht ganz'),
  within: list('innerhalb|binnen|spätestens|höchstens|maximal|in weniger als|bis zu'),
  atLeast: list('mindestens|minimum|wenigstens|oder mehr'),
  mustNot: list('darf nicht|nicht erforderlich|nicht benötigt|nicht benötigen|nicht brauchen'),
  firstPerson: list('ich|mich|mir|mein|meine|meinen|meinem|meiner'),
};

const SWISS_GERMAN: LanguageLexicon = {
  ...GERMAN,
  yes: [...GERMAN.yes, ...list('jawoll|gewiss|sicher doch')],
  fillers: [...GERMAN.fillers, ...list('gäll|odr|oder nicht')],
  immediately: [...GERMAN.immediately, ...list('per sofort|ab sofort')],
};

const FRENCH: LanguageLexicon = {
  yes: list("oui|ouais|bien sûr|évidemment|absolument|tout à fait|certainement|d'accord|volontiers|exactement|bien entendu"),
  no: list('non|pas du tout|absolument pas|jamais'),
  negators: list('pas|jamais|aucun|aucune|rien|ni|guère'),
  notYet: list('pas encore|pas pour le moment|pas pour l instant'),
  hedges: list(
    'peut-être|peut être|je pense|je crois|je ne sais pas|sais pas|pas sûr|pas sûre|ça dépend|cela dépend|dépend|probablement|on verra|plus ou moins|en quelque sorte|éventuellement|il me semble|je suppose',
  ),
  affirmIdioms: list('pas de problème|pas de souci|pas de soucis|sans problème|aucun problème|aucun souci|pourquoi pas'),
  fillers: list('euh|heu|hum|bah|ben|en fait|du coup|tu vois|vous voyez|bref|disons|genre'),
  softFillers: list('voilà|quoi|enfin|alors|donc|bon'),
  numberWords: numbers(
    'un=1|une=1|deux=2|trois=3|quatre=4|cinq=5|six=6|sept=7|huit=8|neuf=9|dix=10|onze=11|douze=12|quinze=15|vingt=20|demi=0.5',
  ),
  units: { year: list('an|ans|année|années'), month: list('mois'), week: list('semaine|semaines'), day: list('jour|jours') },
  immediately: list('immédiatement|tout de suite|dès maintenant|de suite|dès que possible'),
  above: list('plus de|au-delà de|au dela de'),
  below: list('presque|près de|moins de|pas tout à fait'),
  within: list("dans les|d'ici|au plus tard|au maximum|maximum|en moins de|sous"),
  atLeast: list('au moins|minimum|au minimum|ou plus'),
  mustNot: list('ne doit pas|pas besoin|ne pas nécessiter|ne nécessite pas'),
  firstPerson: list('je|j|moi|mon|ma|mes'),
};

const SPANISH: LanguageLexicon = {
  yes: list('sí|si|claro|por supuesto|desde luego|efectivamente|correcto|vale|exacto|sin duda|claro que sí'),
  no: list('no|para nada|en absoluto|nunca'),
  negators: list('no|nunca|jamás|ningún|ninguna|ninguno|nada|tampoco|ni'),
  notYet: list('todavía no|aún no|aun no|de momento no'),
  hedges: list(
    'quizás|quizá|tal vez|a lo mejor|creo que|creo|no sé|no lo sé|no estoy seguro|no estoy segura|depende|puede ser|más o menos|supongo|probablemente',
  ),
  affirmIdioms: list('sin problema|sin problemas|ningún problema|no hay problema|sin ningún problema|por qué no'),
  fillers: list('eh|em|ehm|mmm|o sea|en plan|digamos|tipo|sabes'),
  softFillers: list('este|pues|bueno|como|vale|entonces'),
  numberWords: numbers(
    'un=1|uno=1|una=1|dos=2|tres=3|cuatro=4|cinco=5|seis=6|siete=7|ocho=8|nueve=9|diez=10|once=11|doce=12|quince=15|veinte=20|medio=0.5',
  ),
  units: { year: list('año|años'), month: list('mes|meses'), week: list('semana|semanas'), day: list('día|días') },
  immediately: list('inmediatamente|de inmediato|enseguida|ahora mismo|ya mismo'),
  above: list('más de'),
  below: list('casi|menos de'),
  within: list('en menos de|dentro de|como máximo|máximo|antes de'),
  atLeast: list('al menos|mínimo|como mínimo|por lo menos|o más'),
  mustNot: list('no requiere|no necesita|no debe|no necesitar|no requerir'),
  firstPerson: list('yo|me|mi|mis|mío'),
};

const DANISH: LanguageLexicon = {
  yes: list('ja|jo|jep|selvfølgelig|klart|absolut|gerne|bestemt|helt sikkert|sagtens'),
  no: list('nej|nix|aldrig'),
  negators: list('ikke|ingen|intet|aldrig|hverken'),
  notYet: list('ikke endnu|endnu ikke|ikke lige nu'),
  hedges: list(
    'måske|muligvis|tror jeg|jeg tror|jeg ved ikke|ved ikke|ikke sikker|det kommer an på|kommer an på|nok|sandsynligvis|på en måde|sådan lidt',
  ),
  affirmIdioms: list('intet problem|ikke noget problem|ingen problemer|ingen problem|helt fint'),
  fillers: list('øh|øhm|æh|hmm|du ved'),
  softFillers: list('altså|ligesom|jo|sådan|nå|ikke'),
  numberWords: numbers(
    'en=1|et=1|to=2|tre=3|fire=4|fem=5|seks=6|syv=7|otte=8|ni=9|ti=10|elleve=11|tolv=12|femten=15|tyve=20|halvandet=1.5|halvt=0.5',
  ),
  units: { year: list('år|års|året'), month: list('måned|måneder|måneds'), week: list('uge|uger'), day: list('dag|dage') },
  immediately: list('med det samme|straks|omgående|med kort varsel'),
  above: list('mere end|over|længere end'),
  below: list('næsten|knap|mindre end'),
  within: list('inden for|indenfor|senest|højst|maksimalt'),
  atLeast: list('mindst|minimum|eller mere'),
  mustNot: list('ikke kræve|kræver ikke|ikke behov'),
  firstPerson: list('jeg|mig|min|mit|mine'),
};

const SWEDISH: LanguageLexicon = {
  yes: list('ja|jo|japp|absolut|självklart|visst|javisst|gärna|definitivt|precis|såklart'),
  no: list('nej|nä|nej tack|aldrig'),
  negators: list('inte|ej|ingen|inget|inga|aldrig|varken'),
  notYet: list('inte än|inte ännu|ännu inte|inte just nu'),
  hedges: list(
    'kanske|eventuellt|möjligen|jag tror|tror jag|jag vet inte|vet inte|inte säker|inte riktigt|det beror på|beror på|antagligen|troligen|på sätt och vis|typ',
  ),
  affirmIdioms: list('inga problem|inget problem|inte något problem|helt okej'),
  fillers: list('eh|öh|ehm|hmm|liksom|asså|du vet|så här'),
  softFillers: list('typ|alltså|ju|ba|nämen|så'),
  numberWords: numbers('en=1|ett=1|två=2|tre=3|fyra=4|fem=5|sex=6|sju=7|åtta=8|nio=9|tio=10|elva=11|tolv=12|femton=15|tjugo=20|halvt=0.5'),
  units: { year: list('år|års|året'), month: list('månad|månader|månads'), week: list('vecka|veckor|veckors'), day: list('dag|dagar') },
  immediately: list('omedelbart|direkt|genast|med en gång'),
  above: list('mer än|över|längre än'),
  below: list('nästan|knappt|mindre än'),
  within: list('inom|senast|högst|max'),
  atLeast: list('minst|minimum|eller mer'),
  mustNot: list('inte kräva|kräver inte|inte behöva'),
  firstPerson: list('jag|mig|min|mitt|mina'),
};

const HINDI: LanguageLexicon = {
  yes: list('हाँ|हां|जी हाँ|जी|बिल्कुल|ज़रूर|जरूर|हाँ जी|haan|han|haa|ha|ji|ji haan|haanji|bilkul|zaroor|jaroor|yes|sure'),
  no: list('नहीं|नही|ना|जी नहीं|nahi|nahin|nahii|nai|na|ji nahi|no'),
  negators: list('नहीं|नही|कभी नहीं|न|मत|nahi|nahin|nai|kabhi nahi|mat|not|never'),
  notYet: list('अभी नहीं|अभी तक नहीं|abhi nahi|abhi tak nahi|not yet'),
  hedges: list(
    'शायद|पता नहीं|मुझे नहीं पता|मुझे लगता है|लगता है|हो सकता है|देखना पड़ेगा|पक्का नहीं|थोड़ा बहुत|shayad|pata nahi|pata nahin|mujhe nahi pata|mujhe lagta hai|lagta hai|ho sakta hai|dekhna padega|pakka nahi|thoda bahut|maybe|not sure',
  ),
  affirmIdioms: list('कोई बात नहीं|कोई दिक्कत नहीं|कोई समस्या नहीं|कोई प्रॉब्लम नहीं|koi baat nahi|koi dikkat nahi|koi problem nahi|no problem'),
  fillers: list('मतलब|यानी|अम्म|हम्म|matlab|yaani|yani|umm|um|uh|basically'),
  softFillers: list('वो|तो|अच्छा|woh|toh|accha|acha|like|actually|na'),
  numberWords: numbers(
    'एक=1|दो=2|तीन=3|चार=4|पांच=5|पाँच=5|छह=6|छः=6|सात=7|आठ=8|नौ=9|दस=10|ग्यारह=11|बारह=12|पंद्रह=15|बीस=20|डेढ़=1.5|ढाई=2.5|ek=1|do=2|teen=3|tin=3|char=4|chaar=4|paanch=5|panch=5|chhe=6|chhah=6|che=6|saat=7|aath=8|nau=9|das=10|gyarah=11|barah=12|pandrah=15|bees=20|dedh=1.5|dhai=2.5',
  ),
  units: {
    year: list('साल|वर्ष|बरस|saal|sal|varsh|baras|year|years'),
    month: list('महीने|महीना|माह|mahine|mahina|month|months'),
    week: list('हफ्ते|हफ़्ते|हफ्ता|सप्ताह|hafte|hafta|week|weeks'),
    day: list('दिन|din|day|days'),
  },
  immediately: list('तुरंत|फौरन|turant|fauran|immediately'),
  above: list('से ज्यादा|से अधिक|se zyada|se jyada|more than'),
  below: list('लगभग नहीं|almost'),
  within: list('के भीतर|के अंदर|ke andar|ke bheetar|within'),
  atLeast: list('कम से कम|kam se kam|at least'),
  mustNot: list('नहीं चाहिए|zarurat nahi|nahi chahiye'),
  firstPerson: list('मैं|मैंने|मेरा|मेरे|मेरी|main|maine|mera|mere|meri'),
};

const ARABIC: LanguageLexicon = {
  yes: list('نعم|أجل|بلى|أكيد|بالتأكيد|طبعا|طبعاً|ايوه|أيوه|اي|بالطبع'),
  no: list('لا|كلا|أبدا'),
  negators: list('لا|ليس|لست|ليست|لم|لن|ما|أبدا|مش|مو|ولا'),
  notYet: list('ليس بعد|ليس حتى الآن|ليس الآن'),
  hedges: list(
    'ربما|يمكن|قد|لست متأكدا|لست متأكدة|لست متأكد|غير متأكد|لا أعرف|لا ادري|لا أدري|أظن|اعتقد|أعتقد|نوعا ما|إلى حد ما|حسب|يعتمد|على ما أظن',
  ),
  affirmIdioms: list('لا مشكلة|لا مانع|ما في مشكلة|مافي مشكلة|لا يوجد مانع|بدون مشكلة'),
  fillers: list('يعني|اممم|امم|ممم|اه|آه|إيه'),
  softFillers: list('طيب|بس|خلاص|يا ريت|والله'),
  numberWords: numbers(
    'واحد=1|واحدة=1|اثنان=2|اثنين=2|ثلاث=3|ثلاثة=3|أربع=4|أربعة=4|خمس=5|خمسة=5|ست=6|ستة=6|سبع=7|سبعة=7|ثمان=8|ثماني=8|ثمانية=8|تسع=9|تسعة=9|عشر=10|عشرة=10|نصف=0.5',
  ),
  units: {
    year: list('سنة|سنوات|سنين|عام|أعوام|سنه'),
    month: list('شهر|أشهر|شهور'),
    week: list('أسبوع|أسابيع'),
    day: list('يوم|أيام'),
  },
  countedUnits: {
    سنتين: [2, 'year'],
    سنتان: [2, 'year'],
    عامين: [2, 'year'],
    عامان: [2, 'year'],
    شهرين: [2, 'month'],
    شهران: [2, 'month'],
    أسبوعين: [2, 'week'],
    يومين: [2, 'day'],
  },
  immediately: list('فورا|فوراً|حالا|على الفور|مباشرة'),
  above: list('أكثر من|اكثر من'),
  below: list('تقريبا لا|أقل من|اقل من'),
  within: list('خلال|في غضون|كحد أقصى'),
  atLeast: list('على الأقل|كحد أدنى'),
  mustNot: list('لا يتطلب|لا يحتاج'),
  firstPerson: list('أنا|لدي|عندي|لي'),
};

export const LEXICONS: Record<LanguageCode, LanguageLexicon> = {
  1: ENGLISH,
  2: GERMAN,
  3: HINDI,
  4: SWISS_GERMAN,
  5: FRENCH,
  6: SPANISH,
  7: DANISH,
  8: SWEDISH,
  9: ARABIC,
};

/** The interview language's table, with English added for code-switching (common in Hindi, Swiss and Nordic answers). */
export function lexiconsFor(language: LanguageCode): LanguageLexicon[] {
  return language === 1 ? [ENGLISH] : [LEXICONS[language], ENGLISH];
}

export const ALL_LEXICONS: LanguageLexicon[] = Object.values(LEXICONS);
