// Voice both ways in the page: the microphone, downsampled to 16 kHz PCM16 in
// an AudioWorklet and sent as binary frames of 40 ms, and the interviewer's
// speech (audio_start, binary PCM16 frames, audio_end) played through Web
// Audio, with `playback` reports so the server can gate echo and hear barge-in.

const workletUrl = new URL('./capture-worklet.js', import.meta.url);

export class MicCapture {
  muted = false;

  private constructor(
    private readonly context: AudioContext,
    private readonly source: MediaStreamAudioSourceNode,
    private readonly node: AudioWorkletNode,
  ) {}

  static async start(stream: MediaStream, onFrame: (frame: ArrayBuffer) => void): Promise<MicCapture> {
    const context = new AudioContext();
    await context.audioWorklet.addModule(workletUrl.href);
    const source = context.createMediaStreamSource(stream);
    // No outputs: a sink node is processed without being connected to the speakers.
    const node = new AudioWorkletNode(context, 'pcm16-capture', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: 1 });
    const capture = new MicCapture(context, source, node);
    node.port.onmessage = (message: MessageEvent<ArrayBuffer>) => {
      if (!capture.muted) onFrame(message.data);
    };
    source.connect(node);
    await context.resume();
    return capture;
  }

  stop(): void {
    this.node.port.onmessage = null;
    this.source.disconnect();
    void this.context.close();
  }
}

export interface PlaybackReports {
  report(id: string, event: 'started' | 'ended' | 'interrupted'): void;
  /** Whether the interviewer is audible now (the "who is speaking" line). */
  speaking(isSpeaking: boolean): void;
}

/** Plays one utterance at a time, as its frames arrive. */
export class Playback {
  private context: AudioContext | null = null;
  private current: { id: string; rate: number; ended: boolean; started: boolean } | null = null;
  private sources = new Set<AudioBufferSourceNode>();
  private nextTime = 0;
  private mix: MediaStreamAudioDestinationNode | null = null;

  constructor(private readonly reports: PlaybackReports) {}

  /**
   * The audio for the camera recording: the interviewer's voice as played
   * plus the candidate's microphone, mixed in this context (not sent to the
   * speakers, so the candidate does not hear themselves). Call after unlock().
   */
  recordingAudio(mic: MediaStream | null): MediaStreamTrack[] {
    this.unlock();
    const context = this.context!;
    this.mix ??= context.createMediaStreamDestination();
    if (mic && mic.getAudioTracks().length > 0) context.createMediaStreamSource(mic).connect(this.mix);
    return this.mix.stream.getAudioTracks();
  }

  /** Call from a click: browsers only let a page start audio after a gesture. */
  unlock(): void {
    this.context ??= new AudioContext();
    void this.context.resume();
  }

  begin(id: string, sampleRate: number): void {
    if (this.current) this.stop(this.current.id);
    this.unlock();
    this.current = { id, rate: sampleRate, ended: false, started: false };
    this.nextTime = 0;
  }

  push(frame: ArrayBuffer): void {
    const current = this.current;
    const context = this.context;
    if (!current || !context || frame.byteLength < 2) return;
    const samples = new Int16Array(frame, 0, Math.floor(frame.byteLength / 2));
    const buffer = context.createBuffer(1, samples.length, current.rate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = (samples[i] ?? 0) / 0x8000;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    if (this.mix) source.connect(this.mix);
    const at = Math.max(context.currentTime + 0.05, this.nextTime);
    source.start(at);
    this.nextTime = at + buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      this.sources.delete(source);
      this.finishIfDone();
    };
    if (!current.started) {
      current.started = true;
      this.reports.report(current.id, 'started');
      this.reports.speaking(true);
    }
  }

  end(id: string): void {
    if (this.current?.id !== id) return;
    this.current.ended = true;
    this.finishIfDone();
  }

  /** stop_audio, or the page leaves the interview: silence now. */
  stop(id: string): void {
    if (this.current?.id !== id) return;
    for (const source of this.sources) {
      source.onended = null;
      source.stop();
    }
    this.sources.clear();
    const { started } = this.current;
    this.current = null;
    if (started) this.reports.report(id, 'interrupted');
    this.reports.speaking(false);
  }

  stopAll(): void {
    if (this.current) this.stop(this.current.id);
  }

  private finishIfDone(): void {
    const current = this.current;
    if (!current?.ended || this.sources.size > 0) return;
    this.current = null;
    if (current.started) this.reports.report(current.id, 'ended');
    this.reports.speaking(false);
  }
}
