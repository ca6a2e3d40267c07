// The page's elements and what can be done to them; no protocol here.

import type { PageWords } from './page-config.js';

function element<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`#${id} is missing from the page`);
  return found;
}

export class PageView {
  readonly form = element('answer', HTMLFormElement);
  readonly text = element('text', HTMLTextAreaElement);
  readonly repeatButton = element('repeat', HTMLButtonElement);
  readonly endButton = element('end', HTMLButtonElement);
  private readonly transcript = element('transcript', HTMLOListElement);
  private readonly status = element('status', HTMLParagraphElement);

  localise(words: PageWords): void {
    document.title = words.title;
    element('title', HTMLHeadingElement).textContent = words.title;
    element('answer-label', HTMLLabelElement).textContent = words.answer;
    element('send', HTMLButtonElement).textContent = words.send;
    this.repeatButton.textContent = words.repeat;
    this.endButton.textContent = words.end;
  }

  setStatus(message: string): void {
    this.status.textContent = message;
  }

  clearTranscript(): void {
    this.transcript.textContent = '';
  }

  add(role: 'user' | 'assistant', content: string): void {
    const item = document.createElement('li');
    item.className = role;
    // The candidate may write in another script than the interview's (English in an Arabic interview).
    if (role === 'user') item.dir = 'auto';
    item.textContent = content;
    this.transcript.appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }

  /** Shows or hides the answer form; focus follows it so a keyboard user can type at once. */
  awaitAnswer(isAwaiting: boolean): void {
    this.form.hidden = !isAwaiting;
    if (isAwaiting) this.text.focus();
  }

  /** Takes the answer out of the box; empty when there is nothing to send. */
  takeAnswer(): string {
    const answer = this.text.value.trim();
    if (answer) this.text.value = '';
    return answer;
  }
}
