// AudioWorklet (plain JS: it runs in the audio thread's own scope, loaded by
// voice.ts). Downsamples the microphone from the context's rate to 16 kHz by
// averaging the input samples that fall into each output sample (a box
// low-pass, enough for speech), and posts 40 ms frames of 16-bit PCM
// (640 samples, 1280 bytes) to the page, which sends them as binary frames.
/* global sampleRate, registerProcessor, AudioWorkletProcessor */

const TARGET_RATE = 16000;
const FRAME_SAMPLES = 640;

class Pcm16Capture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / TARGET_RATE;
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.position = 0;
    this.sum = 0;
    this.count = 0;
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (!input) return true;
    for (let i = 0; i < input.length; i++) {
      this.sum += input[i];
      this.count += 1;
      this.position += 1;
      if (this.position < this.step) continue;
      this.position -= this.step;
      const value = Math.max(-1, Math.min(1, this.sum / this.count));
      this.frame[this.filled++] = value < 0 ? value * 0x8000 : value * 0x7fff;
      this.sum = 0;
      this.count = 0;
      if (this.filled === FRAME_SAMPLES) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm16-capture', Pcm16Capture);
