// Any server that speaks OpenAI's `/audio/transcriptions` (hosted Whisper,
// self-hosted Whisper servers such as faster-whisper or whisper.cpp's server).
// The protocol takes a whole file, so the utterance is buffered while the
// candidate speaks and sent as one 16 kHz WAV when the turn ends.

import type { Language } from '../../languages/language.js';
import { CANDIDATE_SAMPLE_RATE, encodeWav } from '../audio.js';
import { callSpeechServer } from '../remote.js';
import { abortError, SpeechError } from '../speech-error.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

/** Audio past this in one utterance is not sent (OpenAI's own limit is 25 MB, about 13 minutes at 16 kHz). */
const MAX_UTTERANCE_SECONDS = 300;
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface OpenAiSttOptions {
  /** Base URL ending before `/audio/transcriptions`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export class OpenAiSpeechToText implements SpeechToText {
  readonly name = 'openai';
  /** The utterance is only buffered until finish(): a node's capacity is the requests in flight. */
  readonly decodesAtFinish = true;

  constructor(private readonly options: OpenAiSttOptions) {}

  /** Whisper-class models cover all interview languages; the server answers an error for one it lacks. */
  supports(_language: Language): boolean {
    return true;
  }

  open(language: Language): RecognitionStream {
    return new BufferedUtterance(this.options, language);
  }

  async close(): Promise<void> {}
}

class BufferedUtterance implements RecognitionStream {
  private chunks: Int16Array[] = [];
  private length = 0;
  private readonly controller = new AbortController();
  private finishing: Promise<string> | null = null;

  constructor(
    private readonly options: OpenAiSttOptions,
    private readonly language: Language,
  ) {}

  write(samples: Int16Array): void {
    if (this.finishing || this.controller.signal.aborted) return;
    if (this.length + samples.length > MAX_UTTERANCE_SECONDS * CANDIDATE_SAMPLE_RATE) return;
    this.chunks.push(samples.slice());
    this.length += samples.length;
  }

  finish(): Promise<string> {
    this.finishing ??= this.send();
    return this.finishing;
  }

  abort(): void {
    this.chunks = [];
    this.controller.abort();
  }

  private async send(): Promise<string> {
    if (this.controller.signal.aborted) throw abortError(this.controller.signal);
    if (this.length === 0) return '';
    const samples = new Int16Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [];
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(encodeWav({ sampleRate: CANDIDATE_SAMPLE_RATE, samples }))], { type: 'audio/wav' }),
      'utterance.wav',
    );
    form.append('model', this.options.model);
    // ISO-639-1: Swiss Standard German is recognised as German.
    form.append('language', this.language.tag.split('-')[0]!.toLowerCase());
    form.append('response_format', 'json');
    const answer = await callSpeechServer({
      provider: 'openai-stt',
      url: `${this.options.baseUrl}/audio/transcriptions`,
      apiKey: this.options.apiKey,
      body: form,
      timeoutMs: this.options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      signal: this.controller.signal,
    });
    let text: unknown;
    try {
      text = (JSON.parse(answer.body.toString('utf8')) as { text?: unknown }).text;
    } catch {
      throw new SpeechError('openai-stt', 'the transcription answer is not JSON');
    }
    if (typeof text !== 'string') throw new SpeechError('openai-stt', 'the transcription answer has no "text"');
    return text.trim();
  }
}
