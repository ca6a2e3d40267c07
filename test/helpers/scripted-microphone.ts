// A microphone the test speaks into at a moment it chooses: an init script
// replaces getUserMedia with a stream from a Web Audio graph that is silent
// until `speakNow()` plays the given speech (16 kHz PCM16, e.g. flite's).
// The page then captures, downsamples and streams it exactly as it would a
// real microphone; only the moment the candidate starts talking is the test's.

import type { Page } from 'playwright-core';

/** Installs the microphone before the page loads; the speech is played by speakNow(). */
export async function installScriptedMicrophone(page: Page, speech: Int16Array): Promise<void> {
  const pcm = Buffer.from(speech.buffer, speech.byteOffset, speech.byteLength).toString('base64');
  await page.addInitScript((base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const samples = new Int16Array(bytes.buffer);
    let graph: { context: AudioContext; destination: MediaStreamAudioDestinationNode } | null = null;
    const open = () => {
      if (!graph) {
        const context = new AudioContext({ sampleRate: 48_000 });
        graph = { context, destination: context.createMediaStreamDestination() };
        // A faint constant hum keeps the track live (a real microphone is never digital silence).
        const hum = context.createConstantSource();
        hum.offset.value = 0;
        hum.connect(graph.destination);
        hum.start();
      }
      void graph.context.resume();
      return graph;
    };
    navigator.mediaDevices.getUserMedia = async () => open().destination.stream;
    (window as unknown as { __speakNow: () => void }).__speakNow = () => {
      const { context, destination } = open();
      const buffer = context.createBuffer(1, samples.length, 16_000);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < samples.length; i++) channel[i] = (samples[i] ?? 0) / 0x8000;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(destination);
      source.start();
    };
  }, pcm);
}

/** The candidate starts speaking now. */
export function speakNow(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { __speakNow: () => void }).__speakNow());
}
