// What a candidate's typed (or recognised) text amounts to. Deterministic
// keyword rules per language, English always included because candidates
// code-switch. The state machine acts on the result; a model never does.

import { AgentLanguages, type LanguageCode } from '../interviews/enums.js';
import type { Intent } from './state-machine.js';

interface IntentWords {
  repeat: string[];
  refusal: string[];
  abuse: string[];
  noMore: string[];
}

const EN: IntentWords = {
  repeat: ['repeat', 'say that again', 'say it again', 'pardon', "didn't catch", 'did not catch', 'come again', 'once more'],
  refusal: [
    "won't answer",
    'will not answer',
    'refuse to answer',
    'i refuse',
    'no comment',
    'not going to answer',
    'none of your business',
    'skip this',
    'pass on this',
  ],
  abuse: ['shut up', 'idiot', 'stupid bot', 'screw you', 'fuck', 'moron', 'go to hell'],
  noMore: [
    'no questions',
    'no question',
    'nothing to add',
    'nothing else',
    "that's all",
    'that is all',
    'nothing more',
    'no, thank',
    'no thanks',
    'none',
  ],
};

const WORDS: Record<LanguageCode, IntentWords> = {
  [AgentLanguages.ENGLISH]: EN,
  [AgentLanguages.GERMAN]: {
    repeat: ['wiederholen', 'noch einmal', 'nochmal', 'wie bitte'],
    refusal: ['möchte ich nicht beantworten', 'beantworte ich nicht', 'keine antwort', 'kein kommentar', 'verweigere'],
    abuse: ['halt die klappe', 'idiot', 'blöd', 'scheiss', 'scheiß'],
    noMore: ['keine fragen', 'keine weiteren fragen', 'nichts hinzuzufügen', 'nichts mehr', 'das wäre alles'],
  },
  [AgentLanguages.HINDI]: {
    repeat: ['दोहरा', 'फिर से', 'दोबारा'],
    refusal: ['जवाब नहीं दूँगा', 'जवाब नहीं दूंगा', 'जवाब नहीं दूँगी', 'मना करता', 'कोई टिप्पणी नहीं'],
    abuse: ['चुप रहो', 'बेवकूफ', 'मूर्ख'],
    noMore: ['कोई सवाल नहीं', 'और कुछ नहीं', 'कुछ नहीं जोड़ना', 'कोई प्रश्न नहीं'],
  },
  [AgentLanguages.SWISS_GERMAN]: {
    repeat: ['wiederholen', 'nochmals', 'noch einmal', 'nomal', 'widerhole', 'wie bitte'],
    refusal: ['möchte ich nicht beantworten', 'beantworte ich nicht', 'kein kommentar', 'verweigere'],
    abuse: ['halt die klappe', 'idiot', 'blöd', 'huere'],
    noMore: ['keine fragen', 'keine weiteren fragen', 'nichts zu ergänzen', 'nichts hinzuzufügen', 'nichts mehr', 'das wäre alles'],
  },
  [AgentLanguages.FRENCH]: {
    repeat: ['répéter', 'répétez', 'répète', 'pardon ?', 'redire'],
    refusal: ['je refuse', 'ne répondrai pas', 'pas de commentaire', 'sans commentaire'],
    abuse: ['ta gueule', 'idiot', 'imbécile', 'connard'],
    noMore: ['pas de question', 'aucune question', 'rien à ajouter', "c'est tout", 'rien de plus'],
  },
  [AgentLanguages.SPANISH]: {
    repeat: ['repetir', 'repite', 'repita', 'otra vez', 'cómo dice'],
    refusal: ['no voy a responder', 'me niego', 'sin comentarios', 'no responderé'],
    abuse: ['cállate', 'idiota', 'estúpido', 'imbécil'],
    noMore: ['ninguna pregunta', 'no tengo preguntas', 'nada más', 'nada que añadir', 'eso es todo'],
  },
  [AgentLanguages.DANISH]: {
    repeat: ['gentage', 'sige det igen', 'hvad siger du'],
    refusal: ['vil ikke svare', 'nægter at svare', 'ingen kommentarer'],
    abuse: ['hold kæft', 'idiot', 'dum'],
    noMore: ['ingen spørgsmål', 'ikke mere at tilføje', 'intet at tilføje', 'det var alt'],
  },
  [AgentLanguages.SWEDISH]: {
    repeat: ['upprepa', 'säga det igen', 'förlåt?'],
    refusal: ['vill inte svara', 'vägrar svara', 'inga kommentarer'],
    abuse: ['håll käften', 'idiot', 'dum i huvudet'],
    noMore: ['inga frågor', 'inget mer att tillägga', 'inget att tillägga', 'det var allt'],
  },
  [AgentLanguages.ARABIC]: {
    repeat: ['كرر', 'أعد السؤال', 'مرة أخرى', 'أعِد'],
    refusal: ['لن أجيب', 'أرفض الإجابة', 'لا تعليق'],
    abuse: ['اخرس', 'غبي', 'أحمق'],
    noMore: ['ليست لدي أي أسئلة', 'لا أسئلة', 'ليس لدي ما أضيفه', 'لا شيء آخر', 'هذا كل شيء'],
  },
};

function wordsFor(languageCode: number): IntentWords[] {
  const own = WORDS[languageCode as LanguageCode];
  return own && own !== EN ? [own, EN] : [EN];
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
}

function mentions(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => text.includes(phrase));
}

/**
 * The candidate's intent. Every rule applies to a short utterance only, so an
 * answer that merely uses a word ("we had to repeat the deployment", "the
 * customer called me an idiot") is still an answer. Abuse outranks the rest.
 */
export function classifyIntent(text: string, languageCode: number): Intent {
  const normalised = normalise(text);
  if (normalised === '') return 'no_more';
  const tables = wordsFor(languageCode);
  const isShort = normalised.split(' ').length <= 16;
  if (!isShort) return 'content';
  if (tables.some((t) => mentions(normalised, t.abuse))) return 'abuse';
  if (tables.some((t) => mentions(normalised, t.repeat))) return 'repeat';
  if (tables.some((t) => mentions(normalised, t.refusal))) return 'refusal';
  if (tables.some((t) => mentions(normalised, t.noMore)) || /^(no|nein|non|nej|nee|لا|नहीं)[.!]?$/.test(normalised)) return 'no_more';
  return 'content';
}

/** Fewer words than this is a thin answer, whatever it says. */
export const THIN_ANSWER_WORDS = 12;

/**
 * Thin: short, or touching none of the evaluation criteria. A criterion is
 * touched when one of its words of five or more letters (compared on its
 * first five, a crude stem that survives plurals and conjugation) appears.
 */
export function isThinAnswer(answer: string, criteria: readonly string[]): boolean {
  const words = normalise(answer)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length < THIN_ANSWER_WORDS) return true;
  const stems = (text: string) =>
    normalise(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 5)
      .map((w) => w.slice(0, 5));
  const criterionStems = criteria.flatMap(stems);
  if (criterionStems.length === 0) return false;
  const answerStems = new Set(words.filter((w) => w.length >= 5).map((w) => w.slice(0, 5)));
  return !criterionStems.some((stem) => answerStems.has(stem));
}
