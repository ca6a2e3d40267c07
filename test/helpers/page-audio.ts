// What the candidate page plays, observed from a test: an init script that
// records every Web Audio source the page starts (its length, when it
// started, when it ended on its own) and every text the turn line showed.

import type { Page } from 'playwright-core';

/** Add with `page.addInitScript(INSTRUMENT_PAGE_AUDIO)` before the page loads. */
export const INSTRUMENT_PAGE_AUDIO = `
  window.__sources = [];
  window.__turns = [];
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when, ...rest) {
    const entry = { duration: this.buffer ? this.buffer.duration : 0, startedAt: performance.now(), endedAt: null, stopped: false };
    window.__sources.push(entry);
    this.__entry = entry;
    this.addEventListener('ended', () => { if (!entry.stopped) entry.endedAt = performance.now(); });
    return start.call(this, when, ...rest);
  };
  const stop = AudioBufferSourceNode.prototype.stop;
  AudioBufferSourceNode.prototype.stop = function (...args) {
    if (this.__entry) this.__entry.stopped = true;
    return stop.apply(this, args);
  };
  document.addEventListener('DOMContentLoaded', () => {
    const turn = document.getElementById('turn');
    new MutationObserver(() => window.__turns.push({ text: turn.textContent, at: performance.now() }))
      .observe(turn, { subtree: true, childList: true, characterData: true });
  });
`;

export interface PlayedSource {
  duration: number;
  startedAt: number;
  endedAt: number | null;
}

/** Every audio source the page started so far. */
export const playedSources = (page: Page) => page.evaluate(() => (window as unknown as { __sources: PlayedSource[] }).__sources);

/** Every text the turn line showed so far, with when. */
export const turnLines = (page: Page) => page.evaluate(() => (window as unknown as { __turns: { text: string; at: number }[] }).__turns);
