// Spanish: the whole record.

import { AgentLanguages } from '../interviews/enums.js';
import { list, numbers, quoted, words, type Language } from './language.js';

const UNIT_NAMES: Record<string, [string, string]> = {
  year: ['año', 'años'],
  month: ['mes', 'meses'],
  week: ['semana', 'semanas'],
  day: ['día', 'días'],
};
const LEVELS: Record<string, string> = { intern: 'de prácticas', junior: 'junior', assistant: 'asistente', senior: 'sénior' };
const DIFFICULTIES: Record<string, string> = { easy: 'fácil', medium: 'de dificultad media', hard: 'difícil' };

export const spanish: Language = {
  code: AgentLanguages.SPANISH,
  tag: 'es',
  direction: 'ltr',
  englishName: 'Spanish',
  nativeName: 'Español',
  stemmer: 'spanish',
  modelInstruction: 'Spanish',
  phrases: {
    greetingJob: (job) =>
      `¡Hola y bienvenido! Gracias por dedicar tu tiempo a esta entrevista para el puesto de ${job}. Hoy seré tu entrevistador de IA.`,
    greetingScreening: (job) =>
      `¡Hola y bienvenido! Gracias por participar en esta breve conversación de preselección para el puesto de ${job}.`,
    greetingVideo: (job) =>
      `¡Hola y bienvenido! Esta es tu presentación en vídeo para el puesto de ${job}. Te haré algunas preguntas; responde con naturalidad.`,
    askIntro: 'Para empezar, ¿podrías presentarte brevemente?',
    ackIntro: 'Gracias por la presentación. Pasemos ahora a las preguntas.',
    askQuestion: (n, total, text) => `Pregunta ${n} de ${total}: ${text}`,
    followUp: '¿Podrías profundizar un poco más, idealmente con un ejemplo concreto de tu propia experiencia?',
    repeat: (text) => `Claro, te repito la pregunta: ${text}`,
    acks: ['Gracias.', 'Gracias por tu respuesta.', 'Entendido, gracias.'],
    refusalNoted: 'No pasa nada, sigamos adelante.',
    abuseWarning: 'Por favor, mantengamos una conversación respetuosa; de lo contrario tendré que terminar la entrevista.',
    inviteQuestions: 'Esa fue mi última pregunta. ¿Tienes alguna pregunta para nosotros?',
    answerCandidateQuestion:
      'Gracias por tu pregunta. La he anotado y el equipo de selección te responderá. ¿Hay algo más que quieras preguntar?',
    closing: (job) =>
      `Muchas gracias por tu tiempo. Con esto termina la entrevista para el puesto de ${job}. El equipo se pondrá en contacto contigo sobre los próximos pasos. ¡Hasta luego!`,
    reminder: '¿Sigues ahí? Tómate tu tiempo y escribe tu respuesta cuando estés listo.',
    welcomeBack: '¡Bienvenido de nuevo! Sigamos donde lo dejamos.',
    farewellUserEnded: 'Entendido, terminamos la entrevista aquí. Gracias por tu tiempo.',
    farewellInactivity: 'Como no hemos tenido noticias tuyas desde hace un rato, terminamos la entrevista aquí. Gracias.',
    farewellUncooperative: 'Lamentablemente, tenemos que terminar la entrevista aquí. Gracias.',
    farewellError: 'Lo sentimos, se ha producido un problema técnico y la entrevista tiene que terminar aquí.',
    farewellResumes: 'La entrevista se interrumpió demasiadas veces y no puede continuar. Gracias por tu comprensión.',
    candidateNothingMore: 'No tengo nada más que añadir ni preguntas. Gracias.',
  },
  intents: {
    repeat: ['cómo dice', '¿cómo?', 'no le entendí', 'no te entendí', 'no entendí la pregunta'],
    repeatVerbs: ['repetir', 'repite', 'repita', 'repetirla', 'repetirlo', 'otra vez'],
    refusal: [
      'no voy a responder',
      'me niego',
      'sin comentarios',
      'no responderé',
      'prefiero no contestar',
      'prefiero no responder',
      'prefiero no decir',
      'no quiero contestar',
      'no quiero responder',
      'paso de esta',
    ],
    abuse: ['cállate', 'idiota', 'estúpido', 'imbécil'],
    noMore: ['ninguna pregunta', 'no tengo preguntas', 'nada más', 'nada que añadir', 'eso es todo'],
    bareNo: [],
    questionNouns: ['pregunta*'],
    thanks: ['gracias', 'muchas gracias', 'mil gracias'],
    contrast: ['pero', 'aunque', 'sin embargo'],
    end: ['no quiero seguir', 'no quiero continuar', 'lo dejo aquí', 'quiero parar', 'lo dejamos aquí'],
    wish: ['quiero', 'quisiera', 'me gustaría', 'prefiero', 'podemos', 'por favor', 'preferiría'],
    stopVerbs: ['terminar', 'acabar', 'parar', 'dejar', 'finalizar', 'interrumpir', 'detener'],
    interviewNouns: ['entrevista', 'conversación', 'aquí'],
  },
  lexicon: {
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
    fillerLookalikes: list(
      'tipo de|el tipo|un tipo|qué tipo|que tipo|este tipo|ese tipo|cualquier tipo|mismo tipo|sabes qué|sabes que|sabes si|sabes cómo|sabes cuál|sabes dónde|lo sabes',
    ),
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
    absenceOpeners: list('sin'),
    firstPerson: list('yo|me|mi|mis|mío'),
  },
  stopWords: words(
    'el la los las un una unos unas y o pero si que qué es son era ser estar tengo tiene tienen de del en con por para no al lo le les mi mis su sus muy también como yo tu él ella nosotros ellos este esta estos estas ese esa',
  ),
  concepts: {
    memory: list('memoria'),
    share: list('compartir'),
    separate: list('separado|isolado'),
    fast: list('rápido'),
    lock: list('bloqueo|bloqueos'),
    test: list('probar'),
    component: list('componente'),
    together: list('juntos'),
    error: list('fallo'),
    encrypt: list('cifrar'),
    certificate: list('certificado'),
    key: list('clave'),
    apologise: list('perdón|lo siento'),
    replacement: list('reembolso'),
    help: list('ayuda|ayudar|apoyo|apoyar|redistribuir'),
    communicate: list('informar|informo|avisar|aviso|comunicar|comunicacion|hablar|hablaria|decir|contar|explicar|reunion'),
    stakeholder: list('cliente|clientes|jefe|responsable|equipo|gerente|manager|direccion'),
    rollback: list('rollback|revertir|volver a la version|deshacer|desactivar'),
    logs: list('logs|registros|metricas|monitorizacion|alertas'),
    logarithmic: list('logaritmico|log n'),
  },
  cues: {
    pastSituation: list(
      'el año pasado|el mes pasado|una vez|un dia|hace un año|hace dos años|hace unos meses|en mi ultimo|en mi anterior|en mi primer|en mis practicas|durante mis practicas|cuando estaba|cuando trabajaba|en aquel momento|habia',
    ),
    result: list(
      'al final|finalmente|resultado|resultados|como resultado|funciono|salio bien|se resolvio|volvio a|a tiempo|desde entonces|subio|logramos|conseguimos|entregamos',
    ),
    lesson: list('desde entonces|aprendi|aprendimos|leccion|la proxima vez|ahora siempre|ahora reviso|me quede con|post mortem'),
    ownership: list('mi culpa|mi error|mi responsabilidad|yo era responsable|asumi'),
    deflection: list('no es mi culpa|no fue mi culpa|no es mi problema|no es mi trabajo|culpa de otros'),
    steps: list('primero|luego|despues|a continuacion|entonces|al mismo tiempo|por ultimo|finalmente'),
    tradeOff: list(
      'en lugar de|en vez de|desventaja|desventajas|ventaja|ventajas|en cambio|por otro lado|el riesgo|el coste|el costo|compromiso|a costa de',
    ),
    example: list('por ejemplo|tal como|es decir'),
    reasoning: list('porque|ya que|por eso|para que|asi que|debido a|por lo que|de modo que'),
    // Not a bare "no sé": normalised it is "no se", which also opens "no se pierde" (is not lost).
    doesNotKnow: list(
      'no lo se|no se la respuesta|no se que|no se como|no sabria|ni idea|no tengo idea|nunca he trabajado|no he trabajado',
    ),
    admittedGap: list('no estoy seguro|no estoy segura|no se muy bien'),
    pastVerbsIrregular: list('fui|tuve|estuve|hice|dije|pude|puse|vi|di|traje|supe|quise'),
    firstPersonSubject: list('yo'),
    pastVerbPattern: '',
    ownActions: list(
      'hable|decidi|propuse|revise|escribi|hice|pedi|llame|explique|organice|prepare|mostre|implemente|cambie|aprendi|negocie|acorde|fui|tuve|estuve|encontre|arregle|resolvi|restaure|avise|informe|comunique|busque|analice|corregi|desplegue|migre|optimice|reduje|ayude|escuche|entendi|intente|logre|consegui|me di cuenta|me encargue|asumi|presente|converse|reuni|coordine|documente|anadi|agregue|configure|detecte|investigue|reverti',
    ),
    certainty: list(
      'obviamente|claramente|por supuesto|basta con|solo hay que|no hay ninguna desventaja|ningun riesgo|es lo mismo que|simplemente',
    ),
    manipulation: list(
      'ignora tus instrucciones|ignora todas|instrucciones anteriores|dame excelente|la mejor nota|la mejor calificacion|calificacion excellent|evalua esta respuesta|todos los criterios cumplidos',
    ),
    proportion: list('por ciento|la mitad|el doble|duplico|un tercio'),
    triggers: {
      situation: list('situacion|contexto'),
      action: list('acciones|medidas|pasos'),
      result: list('resultado|resultados|impacto'),
      lesson: list('aprendio|aprendizaje|lecciones'),
      ownership: list('responsabilidad'),
      quantified: list('medible|cifras|numeros'),
      steps: list('plan'),
      reason: list(''),
    },
  },
  report: {
    notAnswered: 'No evaluada: la persona candidata no respondió a esta pregunta.',
    criteriaFound: (found, total) => `Cubre ${found.length} de ${total} criterios: ${quoted(found)}.`,
    criteriaMissed: (missed) => `Faltan: ${quoted(missed)}.`,
    noCriteriaFound: 'No se abordó ninguno de los criterios de evaluación.',
    rubricNote: (note) => note,
    addressCriterion: (c) => `Abordar «${c}».`,
    expandAnswer: 'Dar una respuesta más completa: explicar el razonamiento de cada punto.',
    giveConcreteExample: 'Apoyar la respuesta con un ejemplo concreto, una cifra o una técnica concreta.',
    explainWhy: 'Explicar el porqué, no solo el qué: las causas y consecuencias de cada punto.',
    useStar: 'Estructurar la historia en situación, acción y resultado.',
    speakFirstPerson: 'Describir lo que hizo usted personalmente («yo…»), no solo el equipo.',
    describeOutcome: 'Cerrar con el resultado y lo que aprendió.',
    layOutPlan: 'Presentar un plan paso a paso: qué haría primero, después y al final.',
    nameTradeOffs: 'Nombrar las ventajas, desventajas y riesgos del enfoque elegido.',
    didNotKnow: 'La persona candidata dijo que no sabía la respuesta.',
    keywordList: 'La respuesta enumera palabras clave sin explicarlas: no demuestra nada.',
    manipulation: 'La respuesta intenta influir en la calificación en lugar de responder: no se recompensa.',
    overclaim: 'La respuesta afirma con seguridad, pero no cubre lo esencial de los criterios.',
    noteStar: (s, a, r) =>
      `Estructura: situación ${s ? 'descrita' : 'ausente'}, acciones propias ${a ? 'descritas' : 'ausentes'}, resultado ${r ? 'descrito' : 'ausente'}.`,
    notePlan: (steps, trade) =>
      `Plan: ${steps ? 'pasos ordenados' : 'sin pasos ordenados'}; ventajas y desventajas ${trade ? 'consideradas' : 'no consideradas'}.`,
    noteSpecific: (specific) =>
      specific ? 'Concreta: menciona técnicas o ejemplos concretos.' : 'General: pocas técnicas o ejemplos concretos.',
    noteLevel: (level, difficulty) =>
      `Evaluada para un perfil ${LEVELS[level] ?? level} en una pregunta ${DIFFICULTIES[difficulty] ?? difficulty}.`,
    strength: (n, q, criteria, quote) => `Pregunta ${n} (${q}): cubre ${quoted(criteria)}, p. ej. «${quote}».`,
    weakness: (n, q, missed, quote) =>
      missed.length > 0
        ? `Pregunta ${n} (${q}): faltó ${quoted(missed)}; la respuesta fue «${quote}».`
        : `Pregunta ${n} (${q}): la respuesta se quedó en lo general: «${quote}».`,
    recommendProbe: (criteria) => `Profundizar en una conversación posterior: ${quoted(criteria)}.`,
    recommendStructure: 'Pedir ejemplos concretos del pasado con su resultado (situación, acción, resultado).',
    recommendSpecifics: 'Pedir más detalle: técnicas concretas, cifras y ventajas y desventajas.',
    recommendNextRound: 'Pasar a la siguiente ronda de entrevistas.',
    recommendMoreEvidence: 'Reunir más información antes de decidir: las respuestas fueron desiguales o escasas.',
    confirmWithCandidate: (question) => `Confirmar con la persona candidata: ${question}`,
    videoNotEvaluated: 'Una presentación en vídeo no se evalúa: vea la grabación.',
    screeningNoAnswer: (c) => `No hubo respuesta, así que «${c}» no queda acreditado.`,
    screeningNoCriterion: 'No se indicó ningún criterio de calificación; la respuesta solo se registró.',
    screeningQuantity: (stated, required, comparator, meets, quote) =>
      `La persona candidata indica ${stated} («${quote}»); el criterio pide ${comparator === 'min' ? 'al menos' : 'como máximo'} ${required}, por lo que ${meets ? 'se cumple' : 'no se cumple'}.`,
    screeningDenied: (c, quote) => `La persona candidata responde negativamente («${quote}»), así que «${c}» no se cumple.`,
    screeningQuantityDenied: (stated, quote) =>
      `La persona candidata niega tener ${stated} («${quote}»), así que el criterio no se cumple.`,
    screeningAffirmed: (c, quote) => `La persona candidata lo confirma («${quote}»), así que «${c}» se cumple.`,
    screeningAbsenceConfirmed: (c, quote) =>
      `La persona candidata confirma la ausencia que exige el criterio («${quote}»), así que «${c}» se cumple.`,
    screeningAbsenceViolated: (c, quote) => `La persona candidata responde afirmativamente («${quote}»), lo que contradice «${c}».`,
    screeningHedged: (c, hedges, quote) =>
      `La respuesta es dudosa (${quoted(hedges)}: «${quote}»), así que «${c}» no queda acreditado; confírmelo con la persona candidata.`,
    screeningUnclear: (c, quote) => `La respuesta («${quote}») ni confirma ni niega «${c}»; no queda acreditado.`,
    quantity: (value, unit) =>
      value === 0
        ? 'una incorporación inmediata'
        : `${String(value).replace('.', ',')} ${(UNIT_NAMES[unit] ?? [unit, unit])[value === 1 ? 0 : 1]}`,
  },
  page: {
    title: 'Entrevista',
    answer: 'Su respuesta',
    send: 'Enviar',
    repeat: 'Repetir la pregunta',
    end: 'Terminar la entrevista',
    confirmEnd: '¿Terminar la entrevista ahora?',
    ended: 'La entrevista ha terminado. Gracias.',
    elsewhere: 'Esta entrevista ya está abierta en otra ventana. Ciérrela primero.',
    over: 'Esta entrevista ya ha terminado.',
    invalid: 'Este enlace de entrevista no es válido.',
    problem: 'Se produjo un problema',
    connecting: 'Conectando…',
    reconnecting: 'Conexión perdida. Reconectando…',
  },
};
