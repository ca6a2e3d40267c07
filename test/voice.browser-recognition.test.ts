// Browser recognition in Debian's Chromium, offline configuration (no
// Whisper server): German and Arabic have no server recogniser, so the page's
// own recogniser (Web Speech API) hears the candidate. The test installs a
// fake `SpeechRecognition` the way the voice tests fake the microphone: it
// listens to the same fake microphone and, like a real recogniser, gives an
// interim result when speech starts and the final text when it stops. The
// server's VAD still takes the turns on the streamed audio.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentLanguages } from '../src/interviews/enums.js';
import { launchChromium } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details } from './helpers/session.js';
import type { CandidatePageConfig } from '../src/http/candidate-page-config.js';

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voice-browser-recognition-'));
  // Any speech will do: the fake recogniser decides the words; the server's VAD needs voiced audio, then silence.
  browser = await launchChromium({
    fakeMicrophone: fakeMicrophoneWav(dir, 'I have six years of experience building services.', { beforeSeconds: 0.5, afterSeconds: 3 }),
    grantMedia: true,
  });
});
afterAll(() => browser?.close());

/**
 * Replaces the browser's recogniser before the page runs. Each utterance on
 * the page's microphone (by its level) becomes an interim result of `interim`, then
 * a final result of `final`; every recogniser the page starts is recorded.
 */
async function installFakeRecogniser(page: Page, words: { interim: string; final: string }): Promise<void> {
  await page.addInitScript((said) => {
    const record = { languages: [] as string[], captions: [] as string[] };
    (window as unknown as { fakeRecognition: typeof record }).fakeRecognition = record;
    // The recogniser hears the page's own microphone stream: a second capture of the fake device would play its file out of step.
    let microphone: Promise<MediaStream> | null = null;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => {
      const opened = getUserMedia(constraints);
      if (constraints?.audio) microphone = opened;
      return opened;
    };
    class FakeSpeechRecognition extends EventTarget {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      private results: { isFinal: boolean; 0: { transcript: string }; length: 1 }[] = [];
      private stopListening: (() => void) | null = null;

      start(): void {
        record.languages.push(this.lang);
        this.dispatchEvent(new Event('start'));
        void (microphone ?? getUserMedia({ audio: true })).then((stream) => {
          const context = new AudioContext();
          const analyser = context.createAnalyser();
          context.createMediaStreamSource(stream).connect(analyser);
          const samples = new Float32Array(analyser.fftSize);
          let speaking = false;
          let quietSince = 0;
          const timer = setInterval(() => {
            analyser.getFloatTimeDomainData(samples);
            let sum = 0;
            for (const sample of samples) sum += sample * sample;
            const isVoiced = Math.sqrt(sum / samples.length) > 0.01;
            const now = performance.now();
            if (isVoiced && !speaking) {
              speaking = true;
              this.emit(said.interim, false);
            } else if (isVoiced) quietSince = 0;
            else if (speaking && !quietSince) quietSince = now;
            else if (speaking && now - quietSince > 400) {
              speaking = false;
              quietSince = 0;
              this.emit(said.final, true);
            }
          }, 30);
          this.stopListening = () => {
            clearInterval(timer);
            void context.close();
          };
        });
      }

      stop(): void {
        this.abort();
      }

      abort(): void {
        this.stopListening?.();
        this.stopListening = null;
        this.dispatchEvent(new Event('end'));
      }

      /** One result per utterance: the interim one is replaced by its final text, as a browser does. */
      private emit(transcript: string, isFinal: boolean): void {
        const result = { isFinal, 0: { transcript }, length: 1 as const };
        const index = isFinal ? this.results.length - 1 : this.results.length;
        this.results[index] = result;
        const event = Object.assign(new Event('result'), { resultIndex: index, results: this.results });
        this.dispatchEvent(event);
      }
    }
    Object.assign(window, { SpeechRecognition: FakeSpeechRecognition, webkitSpeechRecognition: FakeSpeechRecognition });
    // Captions come and go; the test keeps every one shown.
    new MutationObserver(() => {
      const caption = document.getElementById('live-caption')?.textContent ?? '';
      if (caption) record.captions.push(caption);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, words);
}

const CASES = [
  {
    name: 'German',
    language: AgentLanguages.GERMAN,
    tag: 'de',
    interim: 'Ich habe sechs Jahre',
    final: 'Ich habe sechs Jahre Erfahrung mit Backend-Diensten und keine weiteren Fragen.',
  },
  {
    name: 'Arabic',
    language: AgentLanguages.ARABIC,
    tag: 'ar',
    interim: 'لدي ست سنوات',
    final: 'لدي ست سنوات من الخبرة في بناء الخدمات، وليس لدي أي أسئلة.',
  },
];

describe('browser recognition in the candidate page', () => {
  for (const c of CASES) {
    it(`a candidate completes a ${c.name} interview by voice, heard by the browser's recogniser`, { timeout: 480_000 }, async () => {
      const id = await createJobInterview(t, key, { language_code: c.language });
      const context = await browser.newContext({ permissions: ['microphone'] });
      const page = await context.newPage();
      await installFakeRecogniser(page, { interim: c.interim, final: c.final });
      await page.goto(`${t.url}/interview?iid=${id}`);

      // Offline there is no server recogniser for this language: the welcome screen says the browser's provider hears the voice.
      const words = await page.evaluate(
        () => (JSON.parse(document.getElementById('page-config')!.textContent) as CandidatePageConfig).words,
      );
      await page.locator('#screen-welcome').waitFor({ state: 'visible' });
      expect(await page.textContent('#welcome-recognition')).toBe(words.recognitionByBrowser);
      await page.getByRole('button', { name: words.startInterview }).click();
      await page.getByRole('button', { name: words.agree }).click();
      await page.locator('#screen-device').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: words.continue, exact: true }).click();
      await page.locator('#voice-controls').waitFor({ state: 'visible' });

      await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 420_000 });
      const record = await details(t, key, id);
      expect(record).toMatchObject({ state: 2, ending_reason: 1 });
      const answers = record.transcript.filter((e) => e.role === 'user').map((e) => e.content);
      // Every answer is what the browser heard (the server cannot recognise this language at all), and the
      // browser's final text is sent as the answer. On a loaded machine the server's VAD may close a turn
      // before the browser's final result or run two loops of the microphone together, so an answer can
      // also hold the interim words or two utterances.
      expect(answers.length).toBeGreaterThanOrEqual(3);
      expect(answers).toContain(c.final);
      for (const answer of answers) expect(answer.replaceAll(c.final, '').replaceAll(c.interim, '').trim()).toBe('');
      const seen = await page.evaluate(
        () => (window as unknown as { fakeRecognition: { languages: string[]; captions: string[] } }).fakeRecognition,
      );
      expect(seen.languages[0]).toBe(c.tag);
      expect(seen.captions.some((caption) => caption.includes(c.interim))).toBe(true);
      await context.close();
    });
  }
});
