// Small DOM builders: every text goes in through textContent, so nothing the
// candidate said (or a question's author wrote) is ever parsed as HTML.

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** `Question {n}` with its placeholders filled. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A list of texts, or nothing when there are none. */
export function textList(items: readonly string[], attributes: Record<string, string> = {}): HTMLUListElement | null {
  if (items.length === 0) return null;
  // The item keeps the page's direction (its bullet stays on the page's side); its text is isolated, as it may be in another script.
  return el('ul', attributes, ...items.map((item) => el('li', {}, el('bdi', {}, item))));
}

/** A section with a heading that names it for screen readers. */
export function section(id: string, heading: string, ...children: Child[]): HTMLElement {
  return el('section', { id, 'aria-labelledby': `${id}-heading` }, el('h2', { id: `${id}-heading` }, heading), ...children);
}

/** `MM:SS`, written left to right inside right-to-left text. */
export function clock(seconds: number): HTMLElement {
  const whole = Math.max(0, Math.floor(seconds));
  const text = `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
  return el('bdi', { class: 'clock', dir: 'ltr' }, text);
}

export function clockText(seconds: number): string {
  return clock(seconds).textContent ?? '';
}
