// The candidate's voice in the page: the microphone, downsampled to 16 kHz
// PCM16 in an AudioWorklet and sent as binary frames of 40 ms. The
// interviewer's voice plays in interviewer-voice.ts.

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
