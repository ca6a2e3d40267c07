// sherpa-onnx (`sherpa-onnx-node`, a prebuilt, self-contained ONNX runtime)
// with models the operator downloads into STT_MODEL_DIR. No model can be
// fetched on the machines this was built on, so the loading and decoding path
// follows sherpa-onnx's documented Node API and is not exercised by the tests;
// the folder layout and the start-up checks are. docs/speech.md names models.
//
// Layout: STT_MODEL_DIR/<language tag>/ holds the model for that language
// (`en/`, `de/`, `de-ch/`, ...; Swiss German falls back to `de/`), and
// STT_MODEL_DIR/multilingual/ a multilingual Whisper for every language
// without its own folder. Each folder is a sherpa-onnx release as unpacked:
// Whisper (*encoder*.onnx, *decoder*.onnx, *tokens.txt), Moonshine
// (preprocess*.onnx, encode*.onnx, uncached_decode*.onnx, cached_decode*.onnx,
// tokens.txt) or a transducer such as Zipformer (encoder, decoder, joiner,
// tokens.txt). int8 files are preferred where both are present.
//
// These are whole-utterance models: the turn is buffered while the candidate
// speaks and decoded on finish(), off the event loop (decodeAsync).

import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Language } from '../../languages/language.js';
import { CANDIDATE_SAMPLE_RATE } from '../audio.js';
import { abortError, SpeechError } from '../speech-error.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

const MAX_UTTERANCE_SECONDS = 120;
export const MULTILINGUAL_FOLDER = 'multilingual';

export type SherpaModel =
  | { kind: 'whisper'; dir: string; encoder: string; decoder: string; tokens: string }
  | {
      kind: 'moonshine';
      dir: string;
      preprocessor: string;
      encoder: string;
      uncachedDecoder: string;
      cachedDecoder: string;
      tokens: string;
    }
  | { kind: 'transducer'; dir: string; encoder: string; decoder: string; joiner: string; tokens: string };

/** The model in one folder, or null when its files are not a layout this provider knows. */
export function detectModel(dir: string): SherpaModel | null {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  } catch {
    return null;
  }
  // int8 first: several times faster on a CPU, at little cost in accuracy.
  const pick = (pattern: RegExp): string | null => {
    const matches = files.filter((name) => pattern.test(name)).sort((a, b) => Number(b.includes('int8')) - Number(a.includes('int8')));
    return matches[0] ? join(dir, matches[0]) : null;
  };
  const tokens = pick(/tokens\.txt$/);
  if (!tokens) return null;
  const preprocessor = pick(/^preprocess.*\.onnx$/);
  const uncachedDecoder = pick(/^uncached_decode.*\.onnx$/);
  const cachedDecoder = pick(/^cached_decode.*\.onnx$/);
  const moonshineEncoder = pick(/^encode(?!r).*\.onnx$/);
  if (preprocessor && uncachedDecoder && cachedDecoder && moonshineEncoder) {
    return { kind: 'moonshine', dir, preprocessor, encoder: moonshineEncoder, uncachedDecoder, cachedDecoder, tokens };
  }
  const encoder = pick(/encoder.*\.onnx$/);
  const decoder = pick(/(?<!cached_)decoder.*\.onnx$/);
  const joiner = pick(/joiner.*\.onnx$/);
  if (encoder && decoder && joiner) return { kind: 'transducer', dir, encoder, decoder, joiner, tokens };
  if (encoder && decoder) return { kind: 'whisper', dir, encoder, decoder, tokens };
  return null;
}

/** Folder name -> model, for every folder of STT_MODEL_DIR that holds one. */
export function scanModelDir(root: string): Map<string, SherpaModel> {
  const models = new Map<string, SherpaModel>();
  for (const name of readdirSync(root)) {
    const model = detectModel(join(root, name));
    if (model) models.set(name.toLowerCase(), model);
  }
  return models;
}

/** Why STT_MODEL_DIR cannot serve, or null; one line for the start-up. */
export function modelDirProblem(root: string): string | null {
  try {
    createRequire(import.meta.url).resolve('sherpa-onnx-node');
  } catch {
    return 'the optional package sherpa-onnx-node is not installed (npm install sherpa-onnx-node)';
  }
  try {
    if (!statSync(root).isDirectory()) return `STT_MODEL_DIR ${root} is not a folder`;
  } catch {
    return `STT_MODEL_DIR ${root} does not exist`;
  }
  if (scanModelDir(root).size === 0) {
    return `STT_MODEL_DIR ${root} has no model folder (expected <language tag>/ or ${MULTILINGUAL_FOLDER}/ with a sherpa-onnx Whisper, Moonshine or transducer model; see docs/speech.md)`;
  }
  return null;
}

// The parts of sherpa-onnx-node used here (the package ships no types).
interface SherpaStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}
interface SherpaRecognizer {
  createStream(): SherpaStream;
  decodeAsync(stream: SherpaStream): Promise<unknown>;
  getResult(stream: SherpaStream): { text?: string };
}
interface SherpaModule {
  OfflineRecognizer: { createAsync(config: unknown): Promise<SherpaRecognizer> };
}

export class SherpaOnnxSpeechToText implements SpeechToText {
  readonly name = 'sherpa-onnx';
  /** The turn is buffered and decoded at finish(). */
  readonly decodesAtFinish = true;
  private readonly models: Map<string, SherpaModel>;
  private readonly recognizers = new Map<string, Promise<SherpaRecognizer>>();
  private sherpa: SherpaModule | null = null;

  constructor(root: string) {
    this.models = scanModelDir(root);
  }

  /** The model that hears this language: its own folder, its base language's, or the multilingual one. */
  modelFor(language: Language): SherpaModel | null {
    const tag = language.tag.toLowerCase();
    return this.models.get(tag) ?? this.models.get(tag.split('-')[0]!) ?? this.models.get(MULTILINGUAL_FOLDER) ?? null;
  }

  supports(language: Language): boolean {
    return this.modelFor(language) !== null;
  }

  open(language: Language): RecognitionStream {
    const model = this.modelFor(language);
    if (!model) throw new SpeechError(this.name, `no model for ${language.englishName} in STT_MODEL_DIR`);
    const recognizer = this.recognizerFor(model, language);
    return new BufferedSherpaUtterance(recognizer);
  }

  async close(): Promise<void> {
    this.recognizers.clear();
  }

  private recognizerFor(model: SherpaModel, language: Language): Promise<SherpaRecognizer> {
    // A Whisper model is told the language: one recognizer per model and language.
    const key = model.kind === 'whisper' ? `${model.dir}|${language.tag.split('-')[0]!.toLowerCase()}` : model.dir;
    let recognizer = this.recognizers.get(key);
    if (!recognizer) {
      this.sherpa ??= createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
      recognizer = this.sherpa.OfflineRecognizer.createAsync(recognizerConfig(model, language));
      // A model that fails to load is reported on every utterance, not cached as broken forever.
      recognizer.catch(() => this.recognizers.delete(key));
      this.recognizers.set(key, recognizer);
    }
    return recognizer;
  }
}

function recognizerConfig(model: SherpaModel, language: Language): unknown {
  const modelConfig: Record<string, unknown> = { tokens: model.tokens, numThreads: 1, provider: 'cpu', debug: 0 };
  if (model.kind === 'whisper') {
    const isEnglishOnly = /\.en[-.]/.test(model.encoder);
    modelConfig.whisper = {
      encoder: model.encoder,
      decoder: model.decoder,
      language: isEnglishOnly ? '' : language.tag.split('-')[0]!.toLowerCase(),
      task: 'transcribe',
    };
  } else if (model.kind === 'moonshine') {
    modelConfig.moonshine = {
      preprocessor: model.preprocessor,
      encoder: model.encoder,
      uncachedDecoder: model.uncachedDecoder,
      cachedDecoder: model.cachedDecoder,
    };
  } else {
    modelConfig.transducer = { encoder: model.encoder, decoder: model.decoder, joiner: model.joiner };
  }
  return { featConfig: { sampleRate: CANDIDATE_SAMPLE_RATE, featureDim: 80 }, modelConfig, decodingMethod: 'greedy_search' };
}

class BufferedSherpaUtterance implements RecognitionStream {
  private chunks: Int16Array[] = [];
  private length = 0;
  private aborted = false;
  private finishing: Promise<string> | null = null;

  constructor(private readonly recognizer: Promise<SherpaRecognizer>) {
    // Loading starts now, while the candidate speaks; a failure is reported by finish().
    recognizer.catch(() => {});
  }

  write(samples: Int16Array): void {
    if (this.aborted || this.finishing) return;
    if (this.length + samples.length > MAX_UTTERANCE_SECONDS * CANDIDATE_SAMPLE_RATE) return;
    this.chunks.push(samples.slice());
    this.length += samples.length;
  }

  finish(): Promise<string> {
    this.finishing ??= this.decode();
    return this.finishing;
  }

  abort(): void {
    this.aborted = true;
    this.chunks = [];
  }

  private async decode(): Promise<string> {
    if (this.aborted) throw abortError();
    if (this.length === 0) return '';
    const samples = new Float32Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      for (let i = 0; i < chunk.length; i++) samples[offset + i] = chunk[i]! / 32768;
      offset += chunk.length;
    }
    this.chunks = [];
    try {
      const recognizer = await this.recognizer;
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples, sampleRate: CANDIDATE_SAMPLE_RATE });
      await recognizer.decodeAsync(stream);
      if (this.aborted) throw abortError();
      return (recognizer.getResult(stream).text ?? '').trim();
    } catch (error) {
      if (this.aborted) throw abortError();
      throw new SpeechError('sherpa-onnx', `recognition failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
