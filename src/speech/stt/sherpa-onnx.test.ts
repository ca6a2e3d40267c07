import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { languageByTag } from '../../languages/index.js';
import { createSpeech } from '../index.js';
import { SpeechError } from '../speech-error.js';
import { detectModel, SherpaOnnxSpeechToText } from './sherpa-onnx.js';

// Model folders laid out as sherpa-onnx releases unpack (file names only: no model can be downloaded here).
const root = mkdtempSync(join(tmpdir(), 'sherpa-models-'));
function folder(name: string, files: string[]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) writeFileSync(join(dir, file), '');
  return dir;
}
const whisper = folder('multilingual', [
  'tiny-encoder.onnx',
  'tiny-encoder.int8.onnx',
  'tiny-decoder.onnx',
  'tiny-decoder.int8.onnx',
  'tiny-tokens.txt',
]);
const moonshine = folder('en', [
  'preprocess.onnx',
  'encode.int8.onnx',
  'uncached_decode.int8.onnx',
  'cached_decode.int8.onnx',
  'tokens.txt',
  'README.md',
]);
const zipformer = folder('de', ['encoder-epoch-99-avg-1.onnx', 'decoder-epoch-99-avg-1.onnx', 'joiner-epoch-99-avg-1.onnx', 'tokens.txt']);
const empty = mkdtempSync(join(tmpdir(), 'sherpa-empty-'));
mkdirSync(join(empty, 'notes'));
writeFileSync(join(empty, 'notes', 'readme.txt'), 'models go in folders named by language');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

describe('sherpa-onnx model folders', () => {
  it('recognises Whisper, Moonshine and transducer releases, preferring int8 files', () => {
    expect(detectModel(whisper)).toEqual({
      kind: 'whisper',
      dir: whisper,
      encoder: join(whisper, 'tiny-encoder.int8.onnx'),
      decoder: join(whisper, 'tiny-decoder.int8.onnx'),
      tokens: join(whisper, 'tiny-tokens.txt'),
    });
    expect(detectModel(moonshine)).toMatchObject({ kind: 'moonshine', encoder: join(moonshine, 'encode.int8.onnx') });
    expect(detectModel(zipformer)).toMatchObject({ kind: 'transducer', joiner: join(zipformer, 'joiner-epoch-99-avg-1.onnx') });
    expect(detectModel(join(empty, 'notes'))).toBeNull();
  });

  it('hears a language through its own folder, its base language, or the multilingual model', () => {
    const stt = new SherpaOnnxSpeechToText(root);
    expect(stt.modelFor(languageByTag('en')!)?.kind).toBe('moonshine');
    expect(stt.modelFor(languageByTag('de-CH')!)?.kind).toBe('transducer');
    expect(stt.modelFor(languageByTag('ar')!)?.kind).toBe('whisper');
    const englishOnly = mkdtempSync(join(tmpdir(), 'sherpa-en-'));
    try {
      mkdirSync(join(englishOnly, 'en'));
      for (const file of ['preprocess.onnx', 'encode.onnx', 'uncached_decode.onnx', 'cached_decode.onnx', 'tokens.txt'])
        writeFileSync(join(englishOnly, 'en', file), '');
      const speech = createSpeech(loadConfig({ STT_PROVIDER: 'sherpa-onnx', STT_MODEL_DIR: englishOnly, TTS_PROVIDER: 'none' }));
      expect(speech.stt.supports(languageByTag('en')!)).toBe(true);
      expect(speech.stt.supports(languageByTag('fr')!)).toBe(false);
      expect(() => speech.stt.open(languageByTag('fr')!)).toThrow(SpeechError);
      expect(speech.notes).toEqual(['speech recognition: sherpa-onnx models for en; the other languages answer by typing']);
    } finally {
      rmSync(englishOnly, { recursive: true, force: true });
    }
  });

  it('refuses to start, in one line, without a usable STT_MODEL_DIR', () => {
    const start = (dir: string) => () =>
      createSpeech(loadConfig({ STT_PROVIDER: 'sherpa-onnx', STT_MODEL_DIR: dir, TTS_PROVIDER: 'none' }));
    expect(start('/nonexistent/models')).toThrow(/^STT_PROVIDER=sherpa-onnx: STT_MODEL_DIR \/nonexistent\/models does not exist$/);
    expect(start(empty)).toThrow(/^STT_PROVIDER=sherpa-onnx: STT_MODEL_DIR .* has no model folder \(expected [^\n]*\)$/);
  });

  it('reports a model file sherpa-onnx cannot load as a SpeechError on the utterance, without crashing', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'sherpa-broken-'));
    try {
      mkdirSync(join(broken, 'en'));
      for (const file of ['preprocess.onnx', 'encode.onnx', 'uncached_decode.onnx', 'cached_decode.onnx'])
        writeFileSync(join(broken, 'en', file), 'not a model');
      writeFileSync(join(broken, 'en', 'tokens.txt'), 'a 1\n');
      const stream = new SherpaOnnxSpeechToText(broken).open(languageByTag('en')!);
      stream.write(new Int16Array(16_000));
      await expect(stream.finish()).rejects.toThrow(/^sherpa-onnx: recognition failed: Load model from .*preprocess\.onnx failed/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
