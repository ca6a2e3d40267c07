// The page's elements and what can be done to them; no protocol here.

import type { PageWords } from './page-config.js';

export function element<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`#${id} is missing from the page`);
  return found;
}

export const SCREENS = ['loading', 'welcome', 'consent', 'device', 'interview', 'end', 'notice'] as const;
export type Screen = (typeof SCREENS)[number];

/** Fills "{name}" placeholders of a phrase. */
export function fill(phrase: string, values: Record<string, string | number>): string {
  return phrase.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 75 -> "1:15", 3600 -> "1:00:00". */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export class PageView {
  readonly form = element('answer', HTMLFormElement);
  readonly text = element('text', HTMLTextAreaElement);
  private readonly transcript = element('transcript', HTMLOListElement);
  private readonly liveCaption = element('live-caption', HTMLParagraphElement);
  private current: Screen = 'loading';

  constructor(private readonly words: PageWords) {}

  /** Every element marked data-w="key" gets the word; the title too. */
  localise(): void {
    document.title = this.words.title;
    for (const node of document.querySelectorAll<HTMLElement>('[data-w]')) {
      const key = node.dataset.w as keyof PageWords;
      if (key in this.words) node.textContent = this.words[key];
    }
  }

  get screen(): Screen {
    return this.current;
  }

  /** Shows one screen and moves focus to its heading, so a screen reader announces it. */
  show(screen: Screen): void {
    if (screen === this.current) return;
    this.current = screen;
    for (const name of SCREENS) element(`screen-${name}`, HTMLElement).hidden = name !== screen;
    const heading = document.querySelector<HTMLElement>(`#screen-${screen} h1`);
    heading?.focus({ preventScroll: false });
    this.titleFor(heading);
  }

  /** Each screen its own title ("Consent – Interview"), so the tab and a screen reader say where the candidate is. */
  private titleFor(heading: HTMLElement | null): void {
    const name = heading?.textContent?.trim();
    document.title = name && name !== this.words.title ? `${name} – ${this.words.title}` : this.words.title;
  }

  setStatus(message: string): void {
    element('status', HTMLParagraphElement).textContent = message;
  }

  /** A refusal or a problem on its own screen, with an optional button. */
  notice(heading: string, text: string, action?: { label: string; run: () => void }, extra = ''): void {
    element('notice-heading', HTMLHeadingElement).textContent = heading;
    element('notice-text', HTMLParagraphElement).textContent = text;
    const extraLine = element('notice-extra', HTMLParagraphElement);
    extraLine.textContent = extra;
    extraLine.hidden = !extra;
    const button = element('notice-action', HTMLButtonElement);
    button.hidden = !action;
    button.onclick = action ? () => action.run() : null;
    if (action) button.textContent = action.label;
    this.show('notice');
    this.titleFor(element('notice-heading', HTMLHeadingElement));
  }

  clearTranscript(): void {
    this.transcript.textContent = '';
  }

  /** One line of the conversation, with a speaker label read out by screen readers and shown to everyone. */
  add(role: 'user' | 'assistant', content: string): void {
    const item = document.createElement('li');
    item.className = role;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = `${role === 'user' ? this.words.speakerYou : this.words.speakerInterviewer}: `;
    const said = document.createElement('span');
    // Either side may write in another script than the interview's (an English question or answer in an
    // Arabic interview): the line takes the direction of its first letter, each sentence its own.
    said.dir = firstStrongDirection(content) ?? 'auto';
    said.append(...isolatedSentences(content));
    item.append(who, said);
    this.transcript.appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }

  /** The caption of the candidate's speech while it is being recognised (`heard`, not final). */
  caption(text: string): void {
    this.liveCaption.hidden = !text;
    this.liveCaption.textContent = text ? `${this.words.speakerYou}: ` : '';
    if (!text) return;
    const said = document.createElement('bdi');
    said.textContent = text;
    this.liveCaption.append(said);
  }

  /** Shows or hides the answer form; focus follows it so a keyboard user can type at once. */
  showAnswerBox(isShown: boolean, focus = true): void {
    this.form.hidden = !isShown;
    if (isShown && focus) this.text.focus();
  }

  /** Takes the answer out of the box; empty when there is nothing to send. */
  takeAnswer(): string {
    const answer = this.text.value.trim();
    if (answer) this.text.value = '';
    return answer;
  }
}

/**
 * Each sentence (or label ending in ":") in a `<bdi>` of its own, so "السؤال 1 من 2: What is a race condition?"
 * shows the English question left-to-right, its "?" where an English reader expects it, beside the Arabic label.
 */
function isolatedSentences(text: string): HTMLElement[] {
  return text.split(/(?<=[:.!?؟]\s)(?=\S)/).map((sentence) => {
    const part = document.createElement('bdi');
    part.textContent = sentence;
    return part;
  });
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const STRONG_LETTER = /[\p{L}]/u;

/** What `dir="auto"` would compute, done here because `auto` skips the `<bdi>` sentences inside the line. */
function firstStrongDirection(text: string): 'rtl' | 'ltr' | undefined {
  for (const character of text) {
    if (RTL_LETTER.test(character)) return 'rtl';
    if (STRONG_LETTER.test(character)) return 'ltr';
  }
  return undefined;
}
