// The device check: the microphone (permission, level meter), a speaker test
// tone and an optional camera preview. Nothing here is sent anywhere: the
// check runs before the candidate starts the interview.

export type MicProblem = 'denied' | 'missing' | 'failed';

/** The constraints the interview uses: the browser's echo cancellation keeps the interviewer's voice out of the answer. */
export const MIC_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
};

export async function openMicrophone(): Promise<{ stream: MediaStream } | { problem: MicProblem }> {
  if (!navigator.mediaDevices?.getUserMedia) return { problem: 'missing' };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS) };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return { problem: 'denied' };
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return { problem: 'missing' };
    return { problem: 'failed' };
  }
}

/** Drives a <meter> from the microphone's loudness until stopped. */
export function meterFor(stream: MediaStream, meter: HTMLMeterElement): () => void {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let running = true;
  const tick = () => {
    if (!running) return;
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    // RMS on a rough loudness scale: quiet speech moves the bar, shouting fills it.
    meter.value = Math.min(1, Math.sqrt(sum / samples.length) * 4);
    meter.dataset.level = meter.value.toFixed(3);
    requestAnimationFrame(tick);
  };
  void context.resume().then(tick);
  return () => {
    running = false;
    source.disconnect();
    void context.close();
  };
}

/** A short, quiet two-note chime through the speakers. */
export async function playTestTone(): Promise<void> {
  const context = new AudioContext();
  await context.resume();
  const gain = context.createGain();
  gain.gain.value = 0.15;
  gain.connect(context.destination);
  const at = context.currentTime;
  for (const [offset, frequency] of [
    [0, 660],
    [0.35, 880],
  ] as const) {
    const tone = context.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(at + offset);
    tone.stop(at + offset + 0.3);
  }
  setTimeout(() => void context.close(), 1_000);
}

export async function openCamera(video: HTMLVideoElement): Promise<MediaStream | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240 } });
    video.srcObject = stream;
    return stream;
  } catch {
    return null;
  }
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
