// The recruiter report page: built from the data block the server wrote
// (src/http/report-page.ts). Without one the server wrote a refusal into
// <main> instead, and there is nothing to do.

import './style.css';
import type { ReportPageData } from '../../../src/results/report-page.types.js';
import { clock, clockText, el, fill, section } from './dom.js';
import { PlayerSync, type TimedLine } from './player.js';
import { communicationSection, overallSection, questionsSection } from './sections.js';

function readData(): ReportPageData | null {
  const block = document.getElementById('report-data');
  return block?.textContent ? (JSON.parse(block.textContent) as ReportPageData) : null;
}

function header(data: ReportPageData): HTMLElement {
  const w = data.words;
  const kind = { job_interview: w.kindJob, screening_interview: w.kindScreening, video_introduction: w.kindVideo }[data.interview.kind];
  const date = new Intl.DateTimeFormat(data.language_tag, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(data.interview.created_at),
  );
  const fact = (term: string, value: string) => el('div', {}, el('dt', {}, term), el('dd', { dir: 'auto' }, value));
  const print = el('button', { type: 'button', class: 'print-button no-print' }, w.print);
  print.addEventListener('click', () => window.print());
  return el(
    'header',
    { class: 'report-header' },
    el('div', { class: 'title-row' }, el('h1', {}, w.title), print),
    el('p', { class: 'kind' }, kind),
    el(
      'dl',
      { class: 'facts' },
      fact(w.candidate, data.interview.candidate_id),
      fact(w.position, data.interview.job_title),
      fact(w.date, date),
    ),
  );
}

/** The player (video when there is one: it carries the mixed audio too) and the transcript that follows it. */
function mediaSection(data: ReportPageData): { element: HTMLElement; sync: PlayerSync | null } {
  const w = data.words;
  const source = data.media.video_url ?? data.media.audio_url;
  let player: HTMLMediaElement | null = null;
  if (source) {
    player = data.media.video_url
      ? el('video', { controls: '', preload: 'metadata', playsinline: '', 'aria-label': w.videoLabel, id: 'player' })
      : el('audio', { controls: '', preload: 'metadata', 'aria-label': w.audioLabel, id: 'player' });
    player.src = source;
  }
  const lines: TimedLine[] = [];
  const list = el('ol', { class: 'transcript' });
  for (const line of data.transcript) {
    const who = line.role === 'user' ? w.speakerCandidate : w.speakerInterviewer;
    const text = el('span', { class: 'text', dir: 'auto' }, line.content);
    const speaker = el('span', { class: 'who' }, who);
    const item = el('li', { class: `line ${line.role === 'user' ? 'candidate' : 'interviewer'}` });
    if (player && line.video_time) {
      const { begin, end } = line.video_time;
      const button = el(
        'button',
        { type: 'button', class: 'seek', 'data-begin': String(begin) },
        speaker,
        ' ',
        el('span', { class: 'visually-hidden' }, fill(w.playFrom, { time: clockText(begin) })),
        el('span', { class: 'time', 'aria-hidden': 'true' }, clock(begin)),
        ' ',
        text,
      );
      item.append(button);
      lines.push({ element: item, begin, end });
    } else {
      item.append(speaker, ' ', text);
    }
    list.append(item);
  }
  const box = el('div', { class: 'transcript-box' }, list);
  const sync = player ? new PlayerSync(player, lines, box) : null;
  if (sync) {
    list.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLElement>('button.seek');
      if (button) sync.playFrom(Number(button.dataset.begin));
    });
  }
  const recording = section(
    'recording',
    w.recordingHeading,
    player ? el('div', { class: 'player' }, player) : el('p', { class: 'notice' }, w.noRecording),
  );
  const transcript = section(
    'transcript',
    w.transcriptHeading,
    player ? el('p', { class: 'muted no-print' }, w.transcriptHint) : null,
    box,
  );
  return { element: el('div', { class: 'media-column' }, recording, transcript), sync };
}

function render(data: ReportPageData): void {
  const main = document.getElementById('report');
  if (!main) return;
  const media = mediaSection(data);
  const findings = el(
    'div',
    { class: 'findings-column' },
    overallSection(data),
    questionsSection(data, media.sync),
    communicationSection(data),
  );
  main.replaceChildren(header(data), el('div', { class: 'report-grid' }, findings, media.element));
}

const data = readData();
if (data) render(data);
