// The candidate page's own words (buttons, labels, status lines) per
// AgentLanguages code; the interviewer's words come from the conversation's
// phrase tables. The server puts them into the page it serves (see
// http/candidate-page.ts), so the page holds no language table of its own.
// Swiss German is written as Swiss Standard German (no ß).

import { AgentLanguages, type LanguageCode } from '../interviews/enums.js';

export interface PageWords {
  title: string;
  answer: string;
  send: string;
  repeat: string;
  end: string;
  confirmEnd: string;
  ended: string;
  /** The interview is open in another window (INTERVIEW_NOT_ALLOWED, session_active). */
  elsewhere: string;
  /** The interview has already ended (INTERVIEW_NOT_ALLOWED, interview_ended). */
  over: string;
  /** The link names no interview (INTERVIEW_NOT_FOUND). */
  invalid: string;
  problem: string;
  /** Shown until the session answers. */
  connecting: string;
  reconnecting: string;
}

const GERMAN: PageWords = {
  title: 'Interview',
  answer: 'Ihre Antwort',
  send: 'Senden',
  repeat: 'Frage wiederholen',
  end: 'Interview beenden',
  confirmEnd: 'Das Interview jetzt beenden?',
  ended: 'Das Interview ist beendet. Vielen Dank.',
  elsewhere: 'Dieses Interview ist bereits in einem anderen Fenster geöffnet. Bitte schließen Sie es zuerst.',
  over: 'Dieses Interview ist bereits beendet.',
  invalid: 'Dieser Interview-Link ist ungültig.',
  problem: 'Ein Problem ist aufgetreten',
  connecting: 'Verbindung wird aufgebaut…',
  reconnecting: 'Verbindung unterbrochen. Neue Verbindung wird aufgebaut…',
};

const WORDS: Readonly<Record<LanguageCode, PageWords>> = {
  1: {
    title: 'Interview',
    answer: 'Your answer',
    send: 'Send',
    repeat: 'Repeat the question',
    end: 'End the interview',
    confirmEnd: 'End the interview now?',
    ended: 'The interview has ended. Thank you.',
    elsewhere: 'This interview is already open in another window. Close it first.',
    over: 'This interview has already ended.',
    invalid: 'This interview link is not valid.',
    problem: 'A problem occurred',
    connecting: 'Connecting…',
    reconnecting: 'Connection lost. Reconnecting…',
  },
  2: GERMAN,
  // Swiss Standard German writes ss for ß.
  4: {
    ...GERMAN,
    elsewhere: 'Dieses Interview ist bereits in einem anderen Fenster geöffnet. Bitte schliessen Sie es zuerst.',
  },
  3: {
    title: 'साक्षात्कार',
    answer: 'आपका उत्तर',
    send: 'भेजें',
    repeat: 'प्रश्न दोहराएँ',
    end: 'साक्षात्कार समाप्त करें',
    confirmEnd: 'क्या आप साक्षात्कार अभी समाप्त करना चाहते हैं?',
    ended: 'साक्षात्कार समाप्त हो गया है। धन्यवाद।',
    elsewhere: 'यह साक्षात्कार पहले से किसी दूसरी विंडो में खुला है। कृपया पहले उसे बंद करें।',
    over: 'यह साक्षात्कार पहले ही समाप्त हो चुका है।',
    invalid: 'यह साक्षात्कार लिंक मान्य नहीं है।',
    problem: 'एक समस्या आई',
    connecting: 'कनेक्ट हो रहा है…',
    reconnecting: 'कनेक्शन टूट गया। दोबारा जोड़ा जा रहा है…',
  },
  5: {
    title: 'Entretien',
    answer: 'Votre réponse',
    send: 'Envoyer',
    repeat: 'Répéter la question',
    end: "Terminer l'entretien",
    confirmEnd: "Terminer l'entretien maintenant ?",
    ended: "L'entretien est terminé. Merci.",
    elsewhere: 'Cet entretien est déjà ouvert dans une autre fenêtre. Fermez-la d’abord.',
    over: 'Cet entretien est déjà terminé.',
    invalid: "Ce lien d'entretien n'est pas valide.",
    problem: 'Un problème est survenu',
    connecting: 'Connexion…',
    reconnecting: 'Connexion perdue. Reconnexion…',
  },
  6: {
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
  7: {
    title: 'Samtale',
    answer: 'Dit svar',
    send: 'Send',
    repeat: 'Gentag spørgsmålet',
    end: 'Afslut samtalen',
    confirmEnd: 'Vil du afslutte samtalen nu?',
    ended: 'Samtalen er slut. Tak.',
    elsewhere: 'Samtalen er allerede åben i et andet vindue. Luk det først.',
    over: 'Samtalen er allerede afsluttet.',
    invalid: 'Linket til samtalen er ikke gyldigt.',
    problem: 'Der opstod et problem',
    connecting: 'Forbinder…',
    reconnecting: 'Forbindelsen blev afbrudt. Forbinder igen…',
  },
  8: {
    title: 'Intervju',
    answer: 'Ditt svar',
    send: 'Skicka',
    repeat: 'Upprepa frågan',
    end: 'Avsluta intervjun',
    confirmEnd: 'Vill du avsluta intervjun nu?',
    ended: 'Intervjun är slut. Tack.',
    elsewhere: 'Intervjun är redan öppen i ett annat fönster. Stäng det först.',
    over: 'Intervjun är redan avslutad.',
    invalid: 'Länken till intervjun är inte giltig.',
    problem: 'Ett problem uppstod',
    connecting: 'Ansluter…',
    reconnecting: 'Anslutningen bröts. Ansluter igen…',
  },
  9: {
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

/** The page words for an interview language; English for a code outside AgentLanguages. */
export function pageWordsFor(languageCode: number): PageWords {
  return WORDS[languageCode as LanguageCode] ?? WORDS[AgentLanguages.ENGLISH];
}
