// The recording and the transcript kept in step: a line (or a question's
// "play the answer") seeks the player to its `video_time` and plays; while
// it plays, the line whose span holds the current time is highlighted and
// marked aria-current, and kept in view inside the transcript's own scroll.

export interface TimedLine {
  element: HTMLElement;
  begin: number;
  end: number;
}

export class PlayerSync {
  private current: TimedLine | null = null;

  constructor(
    private readonly player: HTMLMediaElement,
    private readonly lines: readonly TimedLine[],
    private readonly scroller: HTMLElement,
  ) {
    const follow = () => this.highlight(this.player.currentTime);
    player.addEventListener('timeupdate', follow);
    player.addEventListener('seeked', follow);
  }

  /** Seek to `seconds` and play; a browser that refuses to play still shows the place. */
  playFrom(seconds: number): void {
    this.player.currentTime = seconds;
    this.highlight(seconds);
    this.player.play().catch(() => {});
  }

  private highlight(time: number): void {
    // Spans are whole seconds and neighbours may touch: the latest line that has begun and not yet ended wins.
    let found: TimedLine | null = null;
    for (const line of this.lines) if (line.begin <= time && time < line.end + 1) found = line;
    if (found === this.current) return;
    this.current?.element.classList.remove('playing');
    this.current?.element.removeAttribute('aria-current');
    this.current = found;
    if (!found) return;
    found.element.classList.add('playing');
    found.element.setAttribute('aria-current', 'true');
    this.keepInView(found.element);
  }

  /** Scrolls the transcript box only (never the page under the reader). */
  private keepInView(element: HTMLElement): void {
    const box = this.scroller;
    if (box.scrollHeight <= box.clientHeight) return;
    // The box is positioned (style.css), so offsetTop is measured from its top.
    const top = element.offsetTop;
    if (top < box.scrollTop || top + element.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }
}
