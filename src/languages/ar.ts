// Arabic: the whole record. Right-to-left; word lists are matched after the
// normaliser drops vowel marks and unifies alef, ya and ta marbuta forms.

import { AgentLanguages } from '../interviews/enums.js';
import { list, numbers, quoted, words, type Language } from './language.js';

/** Singular, dual and plural of each unit: Arabic counts nouns by number (سنة واحدة، سنتان، 3 سنوات، 11 سنة). */
const UNIT_FORMS: Record<string, [string, string, string]> = {
  year: ['سنة واحدة', 'سنتان', 'سنوات'],
  month: ['شهر واحد', 'شهران', 'أشهر'],
  week: ['أسبوع واحد', 'أسبوعان', 'أسابيع'],
  day: ['يوم واحد', 'يومان', 'أيام'],
};
const UNIT_SINGULAR: Record<string, string> = { year: 'سنة', month: 'شهرًا', week: 'أسبوعًا', day: 'يومًا' };

function arabicCount(value: number, unit: string): string {
  const forms = UNIT_FORMS[unit];
  if (!forms) return `${value} ${unit}`;
  if (value === 1) return forms[0];
  if (value === 2) return forms[1];
  if (Number.isInteger(value) && value >= 3 && value <= 10) return `${value} ${forms[2]}`;
  return `${value} ${UNIT_SINGULAR[unit] ?? unit}`;
}
const LEVELS: Record<string, string> = { intern: 'متدرب', junior: 'مبتدئ', assistant: 'مساعد', senior: 'خبير' };
const DIFFICULTIES: Record<string, string> = { easy: 'سهل', medium: 'متوسط الصعوبة', hard: 'صعب' };

/** Arabic verbs with the conjunctions و and ف that attach to them ("واعتذرت", "فطلبت"). */
const arabicWithPrefixes = (verbs: string): string[] => list(verbs).flatMap((v) => [v, `و${v}`, `ف${v}`]);

export const arabic: Language = {
  code: AgentLanguages.ARABIC,
  tag: 'ar',
  direction: 'rtl',
  englishName: 'Arabic',
  nativeName: 'العربية',
  stemmer: 'arabic',
  modelInstruction: 'Arabic',
  phrases: {
    greetingJob: (job) => `مرحبًا بك! شكرًا لتخصيص وقتك لهذه المقابلة لوظيفة ${job}. أنا المحاور الآلي الخاص بك اليوم.`,
    greetingScreening: (job) => `مرحبًا بك! شكرًا لمشاركتك في محادثة الفرز القصيرة هذه لوظيفة ${job}.`,
    greetingVideo: (job) => `مرحبًا بك! هذا هو تقديمك المصوّر لوظيفة ${job}. سأطرح عليك بعض الأسئلة، فأجب بشكل طبيعي.`,
    askIntro: 'في البداية، هل يمكنك أن تعرّفنا بنفسك باختصار؟',
    ackIntro: 'شكرًا على هذا التعريف. لننتقل الآن إلى الأسئلة.',
    askQuestion: (n, total, text) => `السؤال ${n} من ${total}: ${text}`,
    followUp: 'هل يمكنك التوسع في ذلك قليلًا، ويُفضَّل أن تذكر مثالًا عمليًا من تجربتك؟',
    repeat: (text) => `بالتأكيد، إليك السؤال مرة أخرى: ${text}`,
    acks: ['شكرًا لك.', 'شكرًا على إجابتك.', 'فهمت، شكرًا لك.'],
    refusalNoted: 'لا بأس، لننتقل إلى السؤال التالي.',
    abuseWarning: 'أرجو أن نحافظ على الاحترام في حديثنا، وإلا سأضطر إلى إنهاء المقابلة.',
    inviteQuestions: 'كان هذا سؤالي الأخير. هل لديك أي أسئلة لنا؟',
    answerCandidateQuestion: 'شكرًا على سؤالك. لقد دوّنته، وسيتواصل معك فريق التوظيف بشأنه. هل هناك شيء آخر تود أن تسأل عنه؟',
    closing: (job) => `شكرًا جزيلًا على وقتك. بهذا تنتهي المقابلة لوظيفة ${job}. سيتواصل معك الفريق بشأن الخطوات التالية. مع السلامة!`,
    reminder: 'هل ما زلت معنا؟ خذ وقتك، واكتب إجابتك عندما تكون مستعدًا.',
    welcomeBack: 'أهلًا بعودتك! لنكمل من حيث توقفنا.',
    farewellUserEnded: 'حسنًا، سننهي المقابلة هنا. شكرًا على وقتك.',
    farewellInactivity: 'نظرًا لعدم تلقي أي رد منك منذ فترة، سننهي المقابلة هنا. شكرًا لك.',
    farewellUncooperative: 'للأسف، علينا إنهاء المقابلة هنا. شكرًا لك.',
    farewellError: 'نعتذر، حدثت مشكلة تقنية ويجب أن تنتهي المقابلة هنا.',
    farewellResumes: 'انقطعت المقابلة مرات كثيرة ولا يمكن متابعتها. شكرًا لتفهمك.',
    candidateNothingMore: 'ليس لدي ما أضيفه، وليست لدي أي أسئلة. شكرًا.',
  },
  intents: {
    repeat: ['أعد السؤال', 'لم أسمع', 'لم أفهم السؤال', 'ماذا قلت'],
    repeatVerbs: ['كرر', 'تكرر', 'أعِد', 'إعادة', 'تعيد', 'مرة أخرى'],
    refusal: ['لن أجيب', 'أرفض الإجابة', 'لا تعليق', 'أفضل عدم الإجابة', 'لا أريد الإجابة', 'لا أرغب في الإجابة', 'أفضل ألا أجيب'],
    abuse: ['اخرس', 'غبي', 'أحمق'],
    noMore: ['ليست لدي أي أسئلة', 'ليس لدي أي أسئلة', 'لا أسئلة', 'ليس لدي ما أضيفه', 'لا شيء آخر', 'هذا كل شيء'],
    bareNo: ['لا'],
    questionNouns: ['سؤال', 'أسئلة', 'السؤال', 'الأسئلة'],
    thanks: ['شكرا', 'شكرًا', 'شكرا جزيلا', 'شكرًا جزيلًا', 'مشكور', 'لا شكرا'],
    contrast: ['لكن', 'ولكن', 'بس'],
    end: ['لا أريد الاستمرار', 'لا أرغب في الاستمرار', 'لنتوقف هنا', 'أريد التوقف'],
    wish: ['أريد', 'أود', 'أرغب', 'من فضلك', 'هل يمكن', 'دعنا', 'لنتوقف'],
    stopVerbs: ['إنهاء', 'أنهي', 'ننهي', 'إيقاف', 'التوقف', 'أتوقف', 'نتوقف'],
    interviewNouns: ['المقابلة', 'مقابلة', 'المحادثة', 'هنا'],
  },
  lexicon: {
    yes: list('نعم|أجل|بلى|أكيد|بالتأكيد|طبعا|طبعاً|ايوه|أيوه|اي|بالطبع'),
    no: list('لا|كلا|أبدا'),
    negators: list('لا|ليس|لست|ليست|لم|لن|ما|أبدا|مش|مو|ولا'),
    notYet: list('ليس بعد|ليس حتى الآن|ليس الآن'),
    hedges: list(
      'ربما|يمكن|قد|لست متأكدا|لست متأكدة|لست متأكد|غير متأكد|لا أعرف|لا ادري|لا أدري|أظن|اعتقد|أعتقد|نوعا ما|إلى حد ما|حسب|يعتمد|على ما أظن',
    ),
    affirmIdioms: list('لا مشكلة|لا مانع|ما في مشكلة|مافي مشكلة|لا يوجد مانع|بدون مشكلة'),
    fillers: list('يعني|اممم|امم|ممم|اه|آه|إيه|آآ|آآآ|أأ|اا'),
    softFillers: list('طيب|بس|خلاص|يا ريت|والله|بصراحة|بصراحه'),
    fillerLookalikes: list('ماذا يعني|ما يعني|ماذا تعني|هذا يعني|وهذا يعني|ذلك يعني|مما يعني|لا يعني|يعني أن|يعني ان|هذا ما يعني'),
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
    absenceOpeners: list('بدون|دون'),
    firstPerson: list('أنا|لدي|عندي|لي'),
  },
  stopWords: words('في من على إلى الى عن مع أن ان هذا هذه ذلك التي الذي و أو او لا نعم هو هي انا أنا'),
  concepts: {
    lock: list('قفل|أقفال'),
    help: list('مساعدة|ساعدت|دعم'),
    communicate: list('أخبرت|أبلغت|تواصلت|تحدثت|شرحت|قلت|اتصلت|أرسلت|إبلاغ|التواصل'),
    stakeholder: list('المدير|مديري|الفريق|العميل|العملاء|الزبون|الزملاء'),
    listen: list('استمعت|الاستماع|استمع|أصغيت'),
    apologise: list('اعتذرت|اعتذار|آسف'),
    acknowledge: list('أفهم|تفهمت|إحباطه|تعاطفت|تعاطف'),
    replacement: list('استرداد|استرجاع|تعويض|استبدال'),
    logarithmic: list('log n'),
  },
  cues: {
    pastSituation: list(
      'في عملي|في وظيفتي السابقة|في عملي السابق|في تدريبي|مرة|ذات مرة|في إحدى المرات|العام الماضي|السنة الماضية|الشهر الماضي|قبل سنة|قبل سنتين|عندما كنت|حين كنت|كان هناك',
    ),
    result: list(
      'في النهاية|في الأخير|النتيجة|نتيجة لذلك|وبالنتيجة|نجح|نجحت|تم حل|انحلت|عاد|في الوقت المحدد|منذ ذلك الحين|انخفض|ارتفع|وصل|تقييما ايجابيا|راضيا',
    ),
    lesson: arabicWithPrefixes('تعلمت|تعلمنا|الدرس|منذ ذلك الحين|في المرة القادمة|الآن أحرص|أصبحت'),
    ownership: list('خطئي|مسؤوليتي|كنت المسؤول|تحملت المسؤولية'),
    deflection: list('ليس خطئي|ليست مسؤوليتي|ليس عملي|ليست مشكلتي'),
    steps: list('أولا|أولاً|ثم|بعد ذلك|بعدها|أخيرا|في نفس الوقت|إذا|عندما'),
    tradeOff: list('بدلا من|بدلاً من|عيب|عيوب|ميزة|مزايا|من ناحية أخرى|المخاطرة|الخطر|التكلفة|على حساب'),
    example: list('على سبيل المثال|مثلا|مثلاً|مثل'),
    reasoning: list('لأن|لذلك|لهذا|حتى|كي|لكي|بسبب|مما'),
    doesNotKnow: list('لا أعرف|لا اعرف|لا أدري|ليس لدي فكرة|لم أعمل'),
    admittedGap: list('لست متأكدا|لست متأكداً|غير متأكد'),
    pastVerbsIrregular: list('كان|كانت|كنت'),
    firstPersonSubject: list('أنا'),
    pastVerbPattern: '',
    ownActions: arabicWithPrefixes(
      'قمت|استمعت|اعتذرت|قلت|راجعت|وجدت|طلبت|تابعت|تعلمت|اتصلت|شرحت|حاولت|كتبت|أصلحت|أرسلت|تحدثت|قررت|اقترحت|عملت|أخبرت|أبلغت|فحصت|حللت|أعدت|نقلت|ساعدت|جمعت|عرضت|ناقشت|اتفقت|أنشأت|غيرت|أضفت|أوقفت|تواصلت|سألت|فهمت|أدركت|بدأت|أنهيت|نشرت|استرجعت|رجعت|تأكدت|هدأت|عرضت',
    ),
    certainty: list('بالتأكيد|بكل تأكيد|من الواضح|طبعا|يكفي|لا توجد أي|لا يوجد أي عيب|نفس الشيء تماما'),
    manipulation: list(
      'تجاهل جميع التعليمات|تجاهل التعليمات|التعليمات السابقة|أعطني ممتاز|قيم هذه الإجابة|بممتاز|أعلى تقييم|أفضل تقييم|أفضل درجة',
    ),
    proportion: list('بالمئة|في المئة|النصف|الضعف|مرتين'),
    triggers: {
      situation: list('الموقف|الوضع|السياق'),
      action: list('الإجراءات|بنفسه|خطوات'),
      result: list('النتيجة|الأثر'),
      lesson: list('تعلمه|تعلم|الدروس'),
      ownership: list('المسؤولية'),
      quantified: list(''),
      steps: list('خطة'),
      reason: list('لماذا'),
    },
  },
  report: {
    notAnswered: 'لم يُقيَّم: لم يُجب المرشح عن هذا السؤال.',
    criteriaFound: (found, total) => `غطّى ${found.length} من ${total} معايير: ${quoted(found)}.`,
    criteriaMissed: (missed) => `لم يُغطَّ: ${quoted(missed)}.`,
    noCriteriaFound: 'لم يتناول الجواب أيًّا من معايير التقييم.',
    rubricNote: (note) => note,
    addressCriterion: (c) => `تناوَل «${c}».`,
    expandAnswer: 'قدّم إجابة أوفى: اشرح المنطق وراء كل نقطة.',
    giveConcreteExample: 'ادعم الإجابة بمثال ملموس أو رقم أو تقنية مسمّاة.',
    explainWhy: 'اشرح لماذا، لا ماذا فقط: أسباب كل نقطة ونتائجها.',
    useStar: 'رتّب القصة في موقف ثم إجراء ثم نتيجة.',
    speakFirstPerson: 'صف ما فعلته أنت شخصيًا («قمتُ بـ…»)، لا ما فعله الفريق فقط.',
    describeOutcome: 'اختم بالنتيجة وبما تعلّمته.',
    layOutPlan: 'اعرض خطة خطوة بخطوة: ماذا تفعل أولًا، ثم بعد ذلك، ثم أخيرًا.',
    nameTradeOffs: 'اذكر مزايا النهج الذي تختاره وعيوبه ومخاطره.',
    didNotKnow: 'قال المرشح إنه لا يعرف الإجابة.',
    keywordList: 'الإجابة تسرد كلمات مفتاحية دون شرح: لا تُثبت شيئًا.',
    manipulation: 'الإجابة تحاول التأثير في التقييم بدل الإجابة عن السؤال: لا تُكافأ.',
    overclaim: 'الإجابة تجزم بثقة لكنها تُغفل جوهر المعايير.',
    noteStar: (s, a, r) =>
      `البنية: الموقف ${s ? 'موصوف' : 'غائب'}، والإجراءات الشخصية ${a ? 'موصوفة' : 'غائبة'}، والنتيجة ${r ? 'موصوفة' : 'غائبة'}.`,
    notePlan: (steps, trade) =>
      `الخطة: ${steps ? 'خطوات مرتبة' : 'لا خطوات مرتبة'}؛ والمفاضلات ${trade ? 'مأخوذة في الحسبان' : 'غير مأخوذة في الحسبان'}.`,
    noteSpecific: (specific) => (specific ? 'محددة: تذكر تقنيات أو أمثلة ملموسة.' : 'عامة: قليل من التقنيات أو الأمثلة الملموسة.'),
    noteLevel: (level, difficulty) => `قُيّمت لمرشح بمستوى ${LEVELS[level] ?? level} على سؤال ${DIFFICULTIES[difficulty] ?? difficulty}.`,
    strength: (n, q, criteria, quote) => `السؤال ${n} (${q}): غطّى ${quoted(criteria)}، مثل «${quote}».`,
    weakness: (n, q, missed, quote) =>
      missed.length > 0
        ? `السؤال ${n} (${q}): لم يُغطِّ ${quoted(missed)}؛ وكانت الإجابة «${quote}».`
        : `السؤال ${n} (${q}): بقيت الإجابة عامة: «${quote}».`,
    recommendProbe: (criteria) => `تعمّق في مقابلة لاحقة في: ${quoted(criteria)}.`,
    recommendStructure: 'اطلب أمثلة ملموسة من الماضي مع نتيجتها (الموقف، الإجراء، النتيجة).',
    recommendSpecifics: 'اطلب من المرشح التعمق في التفاصيل: تقنيات ملموسة وأرقام ومفاضلات.',
    recommendNextRound: 'الانتقال إلى الجولة التالية من المقابلات.',
    recommendMoreEvidence: 'اجمع مزيدًا من المعطيات قبل القرار: كانت الإجابات متفاوتة أو قليلة.',
    confirmWithCandidate: (question) => `يُرجى التأكد مع المرشح: ${question}`,
    videoNotEvaluated: 'لا يُقيَّم التعريف المصوَّر: شاهد التسجيل.',
    screeningNoAnswer: (c) => `لم تُقدَّم إجابة، لذا لم يثبت «${c}».`,
    screeningNoCriterion: 'لم يُحدَّد معيار تأهيل؛ سُجّلت الإجابة فقط.',
    screeningQuantity: (stated, required, comparator, meets, quote) =>
      `يذكر المرشح ${stated} («${quote}»)؛ والمعيار يطلب ${comparator === 'min' ? 'على الأقل' : 'على الأكثر'} ${required}، لذا فهو ${meets ? 'مستوفى' : 'غير مستوفى'}.`,
    screeningDenied: (c, quote) => `أجاب المرشح بالنفي («${quote}»)، لذا «${c}» غير مستوفى.`,
    screeningQuantityDenied: (stated, quote) => `ينفي المرشح أن لديه ${stated} («${quote}»)، لذا المعيار غير مستوفى.`,
    screeningAffirmed: (c, quote) => `يؤكد المرشح ذلك («${quote}»)، لذا «${c}» مستوفى.`,
    screeningAbsenceConfirmed: (c, quote) => `يؤكد المرشح الغياب الذي يشترطه المعيار («${quote}»)، لذا «${c}» مستوفى.`,
    screeningAbsenceViolated: (c, quote) => `أجاب المرشح بالإيجاب («${quote}»)، وهذا يتعارض مع «${c}».`,
    screeningHedged: (c, hedges, quote) => `الإجابة مترددة (${quoted(hedges)}: «${quote}»)، لذا لم يثبت «${c}»؛ يُرجى التأكد مع المرشح.`,
    screeningUnclear: (c, quote) => `الإجابة («${quote}») لا تؤكد «${c}» ولا تنفيه؛ لم يثبت.`,
    quantity: (value, unit) => (value === 0 ? 'بدءًا فوريًا' : arabicCount(value, unit)),
  },
  page: {
    title: 'مقابلة',
    answer: 'إجابتك',
    send: 'إرسال',
    repeat: 'كرّر السؤال',
    end: 'إنهاء المقابلة',
    confirmEnd: 'هل تريد إنهاء المقابلة الآن؟',
    ended: 'انتهت المقابلة. شكرًا لك.',
    elsewhere: 'هذه المقابلة مفتوحة بالفعل في نافذة أخرى. يُرجى إغلاقها أولًا.',
    over: 'انتهت هذه المقابلة بالفعل.',
    invalid: 'رابط المقابلة هذا غير صالح.',
    problem: 'حدثت مشكلة',
    connecting: 'جارٍ الاتصال…',
    reconnecting: 'انقطع الاتصال. جارٍ إعادة الاتصال…',
  },
};
