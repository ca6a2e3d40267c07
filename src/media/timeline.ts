// The recording timeline of one interview: where each transcript entry sits
// on the recording, in milliseconds from its start (the candidate's consent).
// Pure: the assembly passes in the entries' times, how long each synthesised
// utterance lasts, and when the session ended; the same numbers then fill the
// mixed MP3, every entry's video_time and the webhook's duration_secs.
//
// Placement: entries follow each other in transcript order, never
// overlapping. The interviewer speaks from the moment its entry was written,
// or when what came before it is over (a queue, as the page plays it). The
// candidate's answer runs from the end of what came before it to the moment
// it was taken (typed and sent, or heard and recognised). In a voice session
// this is wall time; in a typed one the synthesised voice can make the
// recording longer than the session was. The recording lasts until the
// session ended, or until the last sound, whichever is later.

export interface TimelineEntryInput {
  seq: number;
  role: string;
  /** When the entry was written, epoch ms. */
  atMs: number;
}

export interface TimelineInput {
  /** Epoch ms of the timeline's zero: the candidate's consent. */
  startMs: number;
  /** Epoch ms the session ended, when known. */
  sessionEndMs: number | null;
  entries: readonly TimelineEntryInput[];
  /** seq -> length of the interviewer's utterance for that entry, ms. */
  speechMs: ReadonlyMap<number, number>;
  /** The candidate's spooled audio (epoch ms start, length ms). */
  candidate: readonly { startMs: number; durationMs: number }[];
}

export interface PlacedEntry {
  seq: number;
  role: string;
  beginMs: number;
  endMs: number;
}

export interface Timeline {
  entries: PlacedEntry[];
  durationMs: number;
}

export function buildTimeline(input: TimelineInput): Timeline {
  const offset = (atMs: number) => Math.max(0, atMs - input.startMs);
  const entries: PlacedEntry[] = [];
  let previousEnd = 0;
  for (const entry of [...input.entries].sort((a, b) => a.seq - b.seq)) {
    const at = offset(entry.atMs);
    if (entry.role === 'assistant') {
      const beginMs = Math.max(at, previousEnd);
      const endMs = beginMs + (input.speechMs.get(entry.seq) ?? 0);
      entries.push({ seq: entry.seq, role: entry.role, beginMs, endMs });
      previousEnd = endMs;
    } else {
      // A typed answer can arrive while the synthesised question would still be playing: it then takes no time.
      const endMs = Math.max(previousEnd, at);
      entries.push({ seq: entry.seq, role: entry.role, beginMs: previousEnd, endMs });
      previousEnd = endMs;
    }
  }
  const lastCandidate = input.candidate.reduce((end, segment) => Math.max(end, offset(segment.startMs) + segment.durationMs), 0);
  const sessionEnd = input.sessionEndMs === null ? 0 : offset(input.sessionEndMs);
  return { entries, durationMs: Math.max(previousEnd, lastCandidate, sessionEnd) };
}

/** Whole seconds for video_time: the range always covers the sound (begin rounded down, end up), within the recording. */
export function toSecondsRange(entry: PlacedEntry, durationMs: number): { begin: number; end: number } {
  const total = Math.ceil(durationMs / 1000);
  const begin = Math.min(Math.floor(entry.beginMs / 1000), total);
  return { begin, end: Math.max(begin, Math.min(Math.ceil(entry.endMs / 1000), total)) };
}

/** How long an utterance takes when no voice could say it (about 150 words a minute), so the timeline still has room for it. */
export function estimateSpeechMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1000, words * 400);
}
