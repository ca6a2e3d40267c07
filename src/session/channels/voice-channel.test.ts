import { describe, expect, it } from 'vitest';
import { TestClock, TestScheduler } from '../../../test/helpers/test-clock.js';
import { EnergyVad, FakeChannelSession, FakeSpeechToText, FakeTextToSpeech } from '../../../test/helpers/voice-fakes.js';
import type { TextToSpeech } from '../../speech/tts/text-to-speech.js';
import { CloseCode, type ServerEvent } from '../protocol.js';
import { VoiceChannel, type VoiceSocket } from './voice-channel.js';

class MemorySocket implements VoiceSocket {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  readonly events: ServerEvent[] = [];
  binaryFrames = 0;
  closes: { code: number; reason: string }[] = [];

  send(data: string | Uint8Array): void {
    if (typeof data === 'string') this.events.push(JSON.parse(data) as ServerEvent);
    else this.binaryFrames += 1;
  }

  close(code: number, reason: string): void {
    this.closes.push({ code, reason });
    this.readyState = 3;
  }
}

function setup(tts: TextToSpeech = new FakeTextToSpeech(300)) {
  const scheduler = new TestScheduler(new TestClock());
  const socket = new MemorySocket();
  const channel = new VoiceChannel(socket, '203.0.113.7', {
    vad: new EnergyVad(),
    stt: new FakeSpeechToText(),
    tts,
    settings: {
      vadSilenceMs: 700,
      vadAdaptive: false,
      vadSilenceShortMs: 400,
      vadSilenceLongMs: 2_000,
      vadThreshold: 0.5,
      bargeInMs: 400,
      speculativeReply: true,
      speculativeModelCalls: true,
    },
    clock: new TestClock(),
    scheduler,
  });
  const session = new FakeChannelSession();
  return { channel, socket, scheduler, session };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const farewell = { type: 'utterance', role: 'assistant', text: 'Goodbye.', control_id: 'closing', created_at: '' } as const;

describe('the voice channel', () => {
  it('renders every event as JSON and speaks the utterances of the session it was attached to', async () => {
    const { channel, socket, session, scheduler } = setup();
    expect(channel.mode).toBe('text');
    channel.attach(session);
    expect(channel.mode).toBe('voice');
    channel.send(farewell);
    channel.close(CloseCode.NORMAL, 'interview ended');
    await settle();
    expect(socket.events.map((e) => e.type)).toEqual(['utterance', 'audio_start', 'audio_end']);
    expect(socket.binaryFrames).toBe(3);
    // Closed once the farewell was sent, without waiting out the limit.
    expect(socket.closes).toEqual([{ code: CloseCode.NORMAL, reason: 'interview ended' }]);
    expect(scheduler.pending).toBe(0);
  });

  it('closes after at most 10 s when the farewell cannot be synthesized in time', async () => {
    const stuck: TextToSpeech = { name: 'stuck', supports: () => true, synthesize: () => new Promise(() => {}), close: async () => {} };
    const { channel, socket, session, scheduler } = setup(stuck);
    channel.attach(session);
    channel.send(farewell);
    channel.close(CloseCode.NORMAL, 'interview ended');
    await scheduler.advance(9_999);
    expect(socket.closes).toEqual([]);
    await scheduler.advance(1);
    expect(socket.closes).toEqual([{ code: CloseCode.NORMAL, reason: 'interview ended' }]);
  });

  it('an error close stops the interviewer at once', async () => {
    const { channel, socket, session } = setup();
    channel.attach(session);
    channel.send(farewell);
    channel.close(CloseCode.SERVER_ERROR, 'server error');
    await settle();
    expect(socket.closes).toEqual([{ code: CloseCode.SERVER_ERROR, reason: 'server error' }]);
    expect(socket.binaryFrames).toBe(0);
  });
});
