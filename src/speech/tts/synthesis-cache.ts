// The interviewer's sentences repeat: every candidate of an interview hears
// the same questions, and the acknowledgements and transitions come from a
// short list per language. A reply's first sentence is synthesised while the
// candidate waits in silence, and when many sessions answer at once their
// syntheses queue for the same cores (bench:voice at 50 sessions: a tenth of
// the turns waited 0.3 to 1 s for it). So the audio of recent sentences is
// kept, by language and text, up to TTS_CACHE_MB (least recently used out
// first), and a sentence already being synthesised for one session is shared
// with another that asks for it meanwhile.
//
// A shared synthesis stops only when every session waiting for it has given
// up (a barge-in aborts one listener, not the others). It is joined only by a
// request no more urgent than its own: a candidate in silence does not wait
// behind the recording's background copy of the same words.

import type { Language } from '../../languages/language.js';
import { abortError } from '../speech-error.js';
import type { PcmAudio } from '../audio.js';
import { URGENCY_RANK, type SynthUrgency, type TextToSpeech } from './text-to-speech.js';

/** How a synthesis was served: from the cache, by joining one under way, or by the synthesizer. */
export type SynthesisSource = 'cached' | 'shared' | 'synthesised';

interface InFlight {
  key: string;
  audio: Promise<PcmAudio>;
  urgency: SynthUrgency;
  stop: AbortController;
  /** Sessions waiting for it that may give up (a barge-in). */
  waiting: number;
  /** Someone waits for it who cannot give up (no signal): it is never stopped. */
  unstoppable: boolean;
}

export class CachedTextToSpeech implements TextToSpeech {
  readonly name: string;
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly kept = new Map<string, PcmAudio>();
  private keptBytes = 0;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly listeners: ((source: SynthesisSource) => void)[] = [];

  constructor(
    private readonly inner: TextToSpeech,
    private readonly maxBytes: number,
  ) {
    this.name = inner.name;
  }

  /** Calls `listener` for every synthesis asked for (metrics). */
  observe(listener: (source: SynthesisSource) => void): void {
    this.listeners.push(listener);
  }

  supports(language: Language): boolean {
    return this.inner.supports(language);
  }

  async synthesize(text: string, language: Language, signal?: AbortSignal, urgency: SynthUrgency = 'now'): Promise<PcmAudio> {
    if (signal?.aborted) throw abortError(signal);
    const key = `${language.tag}\n${text}`;
    const cached = this.kept.get(key);
    if (cached) {
      this.kept.delete(key);
      this.kept.set(key, cached);
      this.tell('cached');
      return copyOf(cached);
    }
    const running = this.inFlight.get(key);
    const joinable = running && URGENCY_RANK[running.urgency] <= URGENCY_RANK[urgency];
    this.tell(joinable ? 'shared' : 'synthesised');
    return copyOf(await this.wait(joinable ? running : this.start(key, text, language, urgency), signal));
  }

  warmUp(): Promise<void> {
    return this.inner.warmUp?.() ?? Promise.resolve();
  }

  close(): Promise<void> {
    this.kept.clear();
    this.keptBytes = 0;
    return this.inner.close();
  }

  private start(key: string, text: string, language: Language, urgency: SynthUrgency): InFlight {
    const stop = new AbortController();
    const flight: InFlight = {
      key,
      audio: this.inner.synthesize(text, language, stop.signal, urgency),
      urgency,
      stop,
      waiting: 0,
      unstoppable: false,
    };
    this.inFlight.set(key, flight);
    flight.audio.then(
      (audio) => {
        this.forget(flight);
        this.keep(key, audio);
      },
      () => this.forget(flight),
    );
    return flight;
  }

  /** The synthesis's audio for one session; its abort leaves the others waiting, and the last one's stops it. */
  private async wait(flight: InFlight, signal?: AbortSignal): Promise<PcmAudio> {
    if (!signal) {
      flight.unstoppable = true;
      return flight.audio;
    }
    flight.waiting++;
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([flight.audio, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
      flight.waiting--;
      if (signal.aborted && flight.waiting === 0 && !flight.unstoppable) {
        // Nobody wants it any more: a later request starts afresh rather than join a stopped one.
        this.forget(flight);
        flight.stop.abort();
      }
    }
  }

  private forget(flight: InFlight): void {
    if (this.inFlight.get(flight.key) === flight) this.inFlight.delete(flight.key);
  }

  private keep(key: string, audio: PcmAudio): void {
    const bytes = audio.samples.byteLength;
    if (bytes > this.maxBytes) return;
    const previous = this.kept.get(key);
    if (previous) this.keptBytes -= previous.samples.byteLength;
    this.kept.delete(key);
    this.kept.set(key, audio);
    this.keptBytes += bytes;
    for (const [oldest, old] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= old.samples.byteLength;
    }
  }

  private tell(source: SynthesisSource): void {
    for (const listener of this.listeners) listener(source);
  }
}

/** Each caller gets its own samples: a caller that changed them in place must not change what the next one hears. */
function copyOf(audio: PcmAudio): PcmAudio {
  return { sampleRate: audio.sampleRate, samples: audio.samples.slice() };
}
