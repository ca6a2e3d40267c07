// What the scripted interviewer says, per AgentLanguages code. Written as a
// person would speak, not translated word by word. Swiss German is written as
// Swiss Standard German (no ß, Swiss vocabulary); Arabic is right-to-left.

import { AgentLanguages, type LanguageCode } from '../interviews/enums.js';

export interface PhraseTable {
  /** BCP 47 tag, for the page's lang attribute and speech. */
  tag: string;
  direction: 'ltr' | 'rtl';
  greetingJob(jobTitle: string): string;
  greetingScreening(jobTitle: string): string;
  greetingVideo(jobTitle: string): string;
  askIntro: string;
  ackIntro: string;
  askQuestion(n: number, total: number, text: string): string;
  followUp: string;
  repeat(text: string): string;
  /** Acknowledgements, varied by question so the interviewer does not sound like a loop. */
  acks: readonly [string, string, string];
  refusalNoted: string;
  abuseWarning: string;
  inviteQuestions: string;
  answerCandidateQuestion: string;
  closing(jobTitle: string): string;
  reminder: string;
  welcomeBack: string;
  farewellUserEnded: string;
  farewellInactivity: string;
  farewellUncooperative: string;
  farewellError: string;
  farewellResumes: string;
  /** What a simulated candidate says when it has nothing left (cli simulate). */
  candidateNothingMore: string;
}

const en: PhraseTable = {
  tag: 'en',
  direction: 'ltr',
  greetingJob: (job) =>
    `Hello and welcome! Thank you for taking the time to interview for the ${job} position. I'm your AI interviewer today.`,
  greetingScreening: (job) => `Hello and welcome! Thank you for joining this short screening conversation for the ${job} position.`,
  greetingVideo: (job) =>
    `Hello and welcome! This is your video introduction for the ${job} position. I'll ask you a few questions; just answer naturally.`,
  askIntro: 'To start, could you briefly introduce yourself?',
  ackIntro: "Thank you for the introduction. Let's move on to the questions.",
  askQuestion: (n, total, text) => `Question ${n} of ${total}: ${text}`,
  followUp: 'Could you go into a little more detail, ideally with a concrete example from your own experience?',
  repeat: (text) => `Of course, here is the question again: ${text}`,
  acks: ['Thank you.', 'Thank you for your answer.', 'Understood, thank you.'],
  refusalNoted: "That's all right, let's move on.",
  abuseWarning: 'Please keep our conversation respectful, otherwise I will have to end the interview.',
  inviteQuestions: 'That was my last question. Do you have any questions for us?',
  answerCandidateQuestion:
    "Thank you for your question. I've noted it, and the hiring team will get back to you on it. Is there anything else you would like to ask?",
  closing: (job) =>
    `Thank you very much for your time. This concludes the interview for the ${job} position. The team will be in touch about the next steps. Goodbye!`,
  reminder: 'Are you still there? Take your time, and type your answer whenever you are ready.',
  welcomeBack: "Welcome back! Let's continue where we left off.",
  farewellUserEnded: 'Understood, we will end the interview here. Thank you for your time.',
  farewellInactivity: "As we haven't heard from you for a while, we will end the interview here. Thank you.",
  farewellUncooperative: 'Unfortunately, we have to end the interview here. Thank you.',
  farewellError: "We're sorry, a technical problem has occurred and the interview has to end here.",
  farewellResumes: 'The interview was interrupted too many times and cannot be continued. Thank you for your understanding.',
  candidateNothingMore: 'I have nothing to add, and I have no questions. Thank you.',
};

const de: PhraseTable = {
  tag: 'de',
  direction: 'ltr',
  greetingJob: (job) =>
    `Hallo und herzlich willkommen! Schön, dass Sie sich Zeit für das Interview für die Position ${job} nehmen. Ich bin heute Ihr KI-Interviewer.`,
  greetingScreening: (job) =>
    `Hallo und herzlich willkommen! Danke, dass Sie an diesem kurzen Vorgespräch für die Position ${job} teilnehmen.`,
  greetingVideo: (job) =>
    `Hallo und herzlich willkommen! Dies ist Ihre Videovorstellung für die Position ${job}. Ich stelle Ihnen ein paar Fragen; antworten Sie einfach ganz natürlich.`,
  askIntro: 'Zum Einstieg: Könnten Sie sich bitte kurz vorstellen?',
  ackIntro: 'Vielen Dank für die Vorstellung. Kommen wir nun zu den Fragen.',
  askQuestion: (n, total, text) => `Frage ${n} von ${total}: ${text}`,
  followUp: 'Könnten Sie das etwas ausführlicher erklären, am besten mit einem konkreten Beispiel aus Ihrer eigenen Erfahrung?',
  repeat: (text) => `Gerne, hier noch einmal die Frage: ${text}`,
  acks: ['Danke schön.', 'Vielen Dank für Ihre Antwort.', 'Verstanden, danke.'],
  refusalNoted: 'Das ist in Ordnung, machen wir weiter.',
  abuseWarning: 'Bitte bleiben Sie respektvoll, sonst muss ich das Interview beenden.',
  inviteQuestions: 'Das war meine letzte Frage. Haben Sie noch Fragen an uns?',
  answerCandidateQuestion:
    'Danke für Ihre Frage. Ich habe sie notiert, und das Recruiting-Team wird sich dazu bei Ihnen melden. Möchten Sie sonst noch etwas wissen?',
  closing: (job) =>
    `Vielen Dank für Ihre Zeit. Damit schließen wir das Interview für die Position ${job} ab. Das Team meldet sich bei Ihnen zu den nächsten Schritten. Auf Wiedersehen!`,
  reminder: 'Sind Sie noch da? Lassen Sie sich ruhig Zeit und tippen Sie Ihre Antwort, sobald Sie bereit sind.',
  welcomeBack: 'Willkommen zurück! Machen wir dort weiter, wo wir aufgehört haben.',
  farewellUserEnded: 'Verstanden, wir beenden das Interview hier. Vielen Dank für Ihre Zeit.',
  farewellInactivity: 'Da wir länger nichts von Ihnen gehört haben, beenden wir das Interview an dieser Stelle. Vielen Dank.',
  farewellUncooperative: 'Leider müssen wir das Interview an dieser Stelle beenden. Vielen Dank.',
  farewellError: 'Es tut uns leid, es ist ein technisches Problem aufgetreten, und das Interview muss hier enden.',
  farewellResumes: 'Das Interview wurde zu oft unterbrochen und kann nicht fortgesetzt werden. Vielen Dank für Ihr Verständnis.',
  candidateNothingMore: 'Ich habe nichts mehr hinzuzufügen und keine Fragen. Danke.',
};

// Swiss Standard German: "ss" instead of "ß", Swiss greetings and vocabulary.
const gsw: PhraseTable = {
  tag: 'de-CH',
  direction: 'ltr',
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
  farewellUserEnded: 'Verstanden, wir beenden das Gespräch hier. Merci vielmals für Ihre Zeit.',
  farewellInactivity: 'Da wir länger nichts von Ihnen gehört haben, beenden wir das Gespräch an dieser Stelle. Merci.',
  farewellUncooperative: 'Leider müssen wir das Gespräch an dieser Stelle beenden. Merci.',
  farewellError: 'Es tut uns leid, es ist ein technisches Problem aufgetreten, und das Gespräch muss hier enden.',
  farewellResumes: 'Das Gespräch wurde zu oft unterbrochen und kann nicht fortgesetzt werden. Merci für Ihr Verständnis.',
  candidateNothingMore: 'Ich habe nichts mehr zu ergänzen und keine Fragen. Merci.',
};

const hi: PhraseTable = {
  tag: 'hi',
  direction: 'ltr',
  greetingJob: (job) => `नमस्ते और आपका स्वागत है! ${job} पद के इंटरव्यू के लिए समय निकालने के लिए धन्यवाद। आज मैं आपका AI इंटरव्यूअर हूँ।`,
  greetingScreening: (job) => `नमस्ते और आपका स्वागत है! ${job} पद की इस छोटी स्क्रीनिंग बातचीत में शामिल होने के लिए धन्यवाद।`,
  greetingVideo: (job) => `नमस्ते और आपका स्वागत है! यह ${job} पद के लिए आपका वीडियो परिचय है। मैं आपसे कुछ सवाल पूछूँगा; बस सहज होकर जवाब दीजिए।`,
  askIntro: 'शुरुआत में, क्या आप अपना संक्षिप्त परिचय दे सकते हैं?',
  ackIntro: 'परिचय के लिए धन्यवाद। अब सवालों की ओर बढ़ते हैं।',
  askQuestion: (n, total, text) => `सवाल ${n} / ${total}: ${text}`,
  followUp: 'क्या आप इसे थोड़ा और विस्तार से बता सकते हैं, हो सके तो अपने अनुभव से किसी ठोस उदाहरण के साथ?',
  repeat: (text) => `ज़रूर, सवाल फिर से: ${text}`,
  acks: ['धन्यवाद।', 'आपके जवाब के लिए धन्यवाद।', 'समझ गया, धन्यवाद।'],
  refusalNoted: 'कोई बात नहीं, आगे बढ़ते हैं।',
  abuseWarning: 'कृपया बातचीत में सम्मान बनाए रखें, वरना मुझे इंटरव्यू समाप्त करना पड़ेगा।',
  inviteQuestions: 'यह मेरा आखिरी सवाल था। क्या आप हमसे कुछ पूछना चाहेंगे?',
  answerCandidateQuestion: 'आपके सवाल के लिए धन्यवाद। मैंने इसे नोट कर लिया है, और भर्ती टीम इस बारे में आपसे संपर्क करेगी। क्या आप कुछ और पूछना चाहेंगे?',
  closing: (job) => `आपके समय के लिए बहुत-बहुत धन्यवाद। ${job} पद का इंटरव्यू यहीं समाप्त होता है। अगले कदमों के बारे में टीम आपसे संपर्क करेगी। नमस्ते!`,
  reminder: 'क्या आप अभी भी यहाँ हैं? आराम से समय लीजिए, और तैयार होने पर अपना जवाब लिखिए।',
  welcomeBack: 'वापसी पर स्वागत है! जहाँ रुके थे, वहीं से आगे बढ़ते हैं।',
  farewellUserEnded: 'ठीक है, हम इंटरव्यू यहीं समाप्त करते हैं। आपके समय के लिए धन्यवाद।',
  farewellInactivity: 'काफ़ी देर से आपकी ओर से कोई जवाब नहीं आया, इसलिए हम इंटरव्यू यहीं समाप्त कर रहे हैं। धन्यवाद।',
  farewellUncooperative: 'खेद है, हमें इंटरव्यू यहीं समाप्त करना होगा। धन्यवाद।',
  farewellError: 'क्षमा करें, एक तकनीकी समस्या आ गई है और इंटरव्यू को यहीं समाप्त करना होगा।',
  farewellResumes: 'इंटरव्यू बहुत बार बाधित हुआ, इसलिए इसे जारी नहीं रखा जा सकता। समझने के लिए धन्यवाद।',
  candidateNothingMore: 'मुझे और कुछ नहीं जोड़ना है, और मेरे कोई सवाल नहीं हैं। धन्यवाद।',
};

const fr: PhraseTable = {
  tag: 'fr',
  direction: 'ltr',
  greetingJob: (job) =>
    `Bonjour et bienvenue ! Merci de prendre le temps de passer cet entretien pour le poste de ${job}. Je suis votre intervieweur IA aujourd'hui.`,
  greetingScreening: (job) => `Bonjour et bienvenue ! Merci de participer à ce court échange de présélection pour le poste de ${job}.`,
  greetingVideo: (job) =>
    `Bonjour et bienvenue ! Voici votre présentation vidéo pour le poste de ${job}. Je vais vous poser quelques questions ; répondez simplement, naturellement.`,
  askIntro: 'Pour commencer, pourriez-vous vous présenter brièvement ?',
  ackIntro: 'Merci pour cette présentation. Passons maintenant aux questions.',
  askQuestion: (n, total, text) => `Question ${n} sur ${total} : ${text}`,
  followUp: 'Pourriez-vous développer un peu, idéalement avec un exemple concret tiré de votre propre expérience ?',
  repeat: (text) => `Bien sûr, je répète la question : ${text}`,
  acks: ['Merci.', 'Merci pour votre réponse.', 'Entendu, merci.'],
  refusalNoted: "Ce n'est pas grave, passons à la suite.",
  abuseWarning: "Merci de rester courtois, sinon je devrai mettre fin à l'entretien.",
  inviteQuestions: 'C’était ma dernière question. Avez-vous des questions à nous poser ?',
  answerCandidateQuestion:
    "Merci pour votre question. Je l'ai notée, et l'équipe de recrutement reviendra vers vous à ce sujet. Souhaitez-vous demander autre chose ?",
  closing: (job) =>
    `Merci beaucoup pour votre temps. L'entretien pour le poste de ${job} est maintenant terminé. L'équipe vous recontactera pour la suite. Au revoir !`,
  reminder: 'Êtes-vous toujours là ? Prenez votre temps et écrivez votre réponse dès que vous êtes prêt.',
  welcomeBack: 'Bon retour ! Reprenons là où nous nous étions arrêtés.',
  farewellUserEnded: "Entendu, nous arrêtons l'entretien ici. Merci pour votre temps.",
  farewellInactivity: "Comme nous n'avons plus de nouvelles de votre part depuis un moment, nous mettons fin à l'entretien. Merci.",
  farewellUncooperative: "Malheureusement, nous devons mettre fin à l'entretien ici. Merci.",
  farewellError: "Nous sommes désolés, un problème technique est survenu et l'entretien doit s'arrêter ici.",
  farewellResumes: "L'entretien a été interrompu trop souvent et ne peut pas être poursuivi. Merci de votre compréhension.",
  candidateNothingMore: "Je n'ai rien à ajouter et je n'ai pas de questions. Merci.",
};

const es: PhraseTable = {
  tag: 'es',
  direction: 'ltr',
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
};

const da: PhraseTable = {
  tag: 'da',
  direction: 'ltr',
  greetingJob: (job) =>
    `Hej og velkommen! Tak fordi du tager dig tid til samtalen om stillingen som ${job}. Jeg er din AI-interviewer i dag.`,
  greetingScreening: (job) => `Hej og velkommen! Tak fordi du deltager i denne korte screeningsamtale om stillingen som ${job}.`,
  greetingVideo: (job) =>
    `Hej og velkommen! Dette er din videopræsentation til stillingen som ${job}. Jeg stiller dig et par spørgsmål; svar bare helt naturligt.`,
  askIntro: 'Vil du starte med kort at præsentere dig selv?',
  ackIntro: 'Tak for præsentationen. Lad os gå videre til spørgsmålene.',
  askQuestion: (n, total, text) => `Spørgsmål ${n} af ${total}: ${text}`,
  followUp: 'Kan du uddybe det lidt mere, gerne med et konkret eksempel fra din egen erfaring?',
  repeat: (text) => `Selvfølgelig, her er spørgsmålet igen: ${text}`,
  acks: ['Tak.', 'Tak for dit svar.', 'Forstået, tak.'],
  refusalNoted: 'Det er helt i orden, lad os gå videre.',
  abuseWarning: 'Lad os holde en respektfuld tone, ellers bliver jeg nødt til at afslutte samtalen.',
  inviteQuestions: 'Det var mit sidste spørgsmål. Har du nogen spørgsmål til os?',
  answerCandidateQuestion:
    'Tak for dit spørgsmål. Jeg har noteret det, og rekrutteringsteamet vender tilbage til dig om det. Er der andet, du gerne vil spørge om?',
  closing: (job) =>
    `Mange tak for din tid. Dermed er samtalen om stillingen som ${job} slut. Teamet kontakter dig om de næste skridt. Farvel!`,
  reminder: 'Er du der stadig? Tag dig god tid, og skriv dit svar, når du er klar.',
  welcomeBack: 'Velkommen tilbage! Lad os fortsætte, hvor vi slap.',
  farewellUserEnded: 'Forstået, vi afslutter samtalen her. Tak for din tid.',
  farewellInactivity: 'Da vi ikke har hørt fra dig i et stykke tid, afslutter vi samtalen her. Tak.',
  farewellUncooperative: 'Desværre må vi afslutte samtalen her. Tak.',
  farewellError: 'Vi beklager, der er opstået et teknisk problem, og samtalen må slutte her.',
  farewellResumes: 'Samtalen blev afbrudt for mange gange og kan ikke fortsætte. Tak for forståelsen.',
  candidateNothingMore: 'Jeg har ikke mere at tilføje og ingen spørgsmål. Tak.',
};

const sv: PhraseTable = {
  tag: 'sv',
  direction: 'ltr',
  greetingJob: (job) =>
    `Hej och välkommen! Tack för att du tar dig tid till intervjun för tjänsten som ${job}. Jag är din AI-intervjuare i dag.`,
  greetingScreening: (job) => `Hej och välkommen! Tack för att du är med på det här korta urvalssamtalet för tjänsten som ${job}.`,
  greetingVideo: (job) =>
    `Hej och välkommen! Det här är din videopresentation för tjänsten som ${job}. Jag ställer några frågor; svara bara helt naturligt.`,
  askIntro: 'Vill du börja med att kort presentera dig själv?',
  ackIntro: 'Tack för presentationen. Nu går vi vidare till frågorna.',
  askQuestion: (n, total, text) => `Fråga ${n} av ${total}: ${text}`,
  followUp: 'Kan du utveckla det lite mer, gärna med ett konkret exempel från din egen erfarenhet?',
  repeat: (text) => `Självklart, här är frågan igen: ${text}`,
  acks: ['Tack.', 'Tack för ditt svar.', 'Jag förstår, tack.'],
  refusalNoted: 'Det går bra, vi går vidare.',
  abuseWarning: 'Låt oss hålla en respektfull ton, annars måste jag avsluta intervjun.',
  inviteQuestions: 'Det var min sista fråga. Har du några frågor till oss?',
  answerCandidateQuestion:
    'Tack för din fråga. Jag har noterat den, och rekryteringsteamet återkommer till dig om den. Är det något mer du vill fråga?',
  closing: (job) =>
    `Tack så mycket för din tid. Därmed är intervjun för tjänsten som ${job} avslutad. Teamet hör av sig om nästa steg. Hej då!`,
  reminder: 'Är du kvar? Ta den tid du behöver och skriv ditt svar när du är redo.',
  welcomeBack: 'Välkommen tillbaka! Vi fortsätter där vi slutade.',
  farewellUserEnded: 'Jag förstår, vi avslutar intervjun här. Tack för din tid.',
  farewellInactivity: 'Eftersom vi inte har hört något från dig på ett tag avslutar vi intervjun här. Tack.',
  farewellUncooperative: 'Tyvärr måste vi avsluta intervjun här. Tack.',
  farewellError: 'Vi beklagar, ett tekniskt problem har uppstått och intervjun måste avslutas här.',
  farewellResumes: 'Intervjun avbröts för många gånger och kan inte fortsätta. Tack för din förståelse.',
  candidateNothingMore: 'Jag har inget mer att tillägga och inga frågor. Tack.',
};

const ar: PhraseTable = {
  tag: 'ar',
  direction: 'rtl',
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
};

const TABLES: Record<LanguageCode, PhraseTable> = {
  [AgentLanguages.ENGLISH]: en,
  [AgentLanguages.GERMAN]: de,
  [AgentLanguages.HINDI]: hi,
  [AgentLanguages.SWISS_GERMAN]: gsw,
  [AgentLanguages.FRENCH]: fr,
  [AgentLanguages.SPANISH]: es,
  [AgentLanguages.DANISH]: da,
  [AgentLanguages.SWEDISH]: sv,
  [AgentLanguages.ARABIC]: ar,
};

/** The table for a language code; English for a code the enum does not know (never stored by the API). */
export function phrasesFor(languageCode: number): PhraseTable {
  return TABLES[languageCode as LanguageCode] ?? en;
}
