// The one allowed fake, at the internet edge: a local server that speaks
// OpenAI's speech protocol and really does the work. /v1/audio/transcriptions
// decodes the uploaded WAV and runs PocketSphinx on it; /v1/audio/speech
// synthesizes with eSpeak NG and answers a WAV. Modes make it misbehave the
// ways remote servers do.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageByTag, LANGUAGES } from '../../src/languages/index.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, encodeWav, resample } from '../../src/speech/audio.js';
import { PocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx.js';
import { transcribe } from '../../src/speech/stt/speech-to-text.js';
import { EspeakTextToSpeech } from '../../src/speech/tts/espeak.js';

export type SpeechServerMode = 'normal' | 'slow' | 'error' | 'malformed';

export interface TranscriptionRequest {
  authorization: string | undefined;
  model: string;
  language: string;
  fileType: string;
  seconds: number;
}

export interface SpeechRequest {
  authorization: string | undefined;
  model: string;
  voice: string;
  input: string;
  responseFormat: string;
}

export class OpenAiSpeechServer {
  mode: SpeechServerMode = 'normal';
  /** How long 'slow' waits before answering. */
  delayMs = 3_000;
  readonly transcriptions: TranscriptionRequest[] = [];
  readonly speeches: SpeechRequest[] = [];
  baseUrl = '';
  private server!: Server;
  private readonly recogniser = new PocketsphinxSpeechToText();
  private readonly synthesizer = new EspeakTextToSpeech({ workers: 1 });

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.synthesizer.close();
    await this.recogniser.close();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.mode === 'error') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') return this.transcribe(request, body, response);
    if (request.method === 'POST' && request.url === '/v1/audio/speech') return this.speak(request, body, response);
    response.writeHead(404).end();
  }

  private async transcribe(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'file is required' } }));
      return;
    }
    const audio = resample(decodeWav(new Uint8Array(await file.arrayBuffer())), CANDIDATE_SAMPLE_RATE);
    const language = formText(form, 'language');
    this.transcriptions.push({
      authorization: request.headers.authorization,
      model: formText(form, 'model'),
      language,
      fileType: file.type,
      seconds: audio.samples.length / audio.sampleRate,
    });
    if (this.mode === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"transcript": 42}');
      return;
    }
    // PocketSphinx is English only; this server, like a real one, answers 400 for what it cannot hear.
    const english = languageByTag('en')!;
    if (language !== 'en') {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `unsupported language ${language}` } }));
      return;
    }
    const text = await transcribe(this.recogniser, english, audio);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text }));
  }

  private async speak(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    const parsed = JSON.parse(body.toString('utf8')) as { model: string; voice: string; input: string; response_format?: string };
    this.speeches.push({
      authorization: request.headers.authorization,
      model: parsed.model,
      voice: parsed.voice,
      input: parsed.input,
      responseFormat: parsed.response_format ?? 'mp3',
    });
    if (this.mode === 'malformed') {
      response.writeHead(200, { 'content-type': 'audio/wav' }).end('this is not audio');
      return;
    }
    const audio = await this.synthesizer.synthesize(parsed.input, LANGUAGES[0]!);
    response.writeHead(200, { 'content-type': 'audio/wav' }).end(encodeWav(audio));
  }
}

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
