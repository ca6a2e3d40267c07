// Any server that speaks OpenAI's `/audio/speech`. WAV is asked for, so the
// answer states its own sample rate (OpenAI's "pcm" is a bare 24 kHz stream
// that other servers do not all share).

import type { Language } from '../../languages/language.js';
import { decodeWav, type PcmAudio } from '../audio.js';
import { callSpeechServer } from '../remote.js';
import { SpeechError } from '../speech-error.js';
import { MAX_TTS_CHARS } from './espeak.js';
import type { TextToSpeech } from './text-to-speech.js';

/** Ten minutes of 48 kHz 16-bit stereo: more than any interviewer turn. */
const MAX_ANSWER_BYTES = 120 * 1024 * 1024;
/** OpenAI's own limit on `input`. */
const MAX_INPUT_CHARS = Math.min(4096, MAX_TTS_CHARS);

export interface OpenAiTtsOptions {
  /** Base URL ending before `/audio/speech`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voice: string;
  timeoutMs: number;
}

export class OpenAiTextToSpeech implements TextToSpeech {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiTtsOptions) {}

  supports(_language: Language): boolean {
    return true;
  }

  async synthesize(text: string, _language: Language, signal?: AbortSignal): Promise<PcmAudio> {
    if (text.length > MAX_INPUT_CHARS)
      throw new SpeechError('openai-tts', `text is too long (${text.length} characters, at most ${MAX_INPUT_CHARS})`);
    if (text.trim() === '') return { sampleRate: 24_000, samples: new Int16Array(0) };
    const answer = await callSpeechServer({
      provider: 'openai-tts',
      url: `${this.options.baseUrl}/audio/speech`,
      apiKey: this.options.apiKey,
      body: JSON.stringify({ model: this.options.model, voice: this.options.voice, input: text, response_format: 'wav' }),
      timeoutMs: this.options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      signal,
    });
    try {
      return decodeWav(answer.body);
    } catch (error) {
      throw new SpeechError('openai-tts', `the speech answer is not a usable WAV (${(error as Error).message})`, { cause: error });
    }
  }

  async close(): Promise<void> {}
}
