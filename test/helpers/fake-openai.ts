// The one allowed fake: a local HTTP server speaking the OpenAI
// chat-completions protocol, standing in for the hosted model API.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'normal' | 'delayed' | 'held' | 'slow' | 'broken' | 'malformed-json' | 'unusable-content' | 'obey-injection';

export interface RecordedRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/** One request as the server saw it: when it arrived (performance.now()) and whether the client closed it unanswered. */
export interface RequestArrival {
  at: number;
  candidateText: string;
  /** The client closed the connection before the answer (an aborted call). */
  aborted: boolean;
}

export class FakeOpenAi {
  mode: FakeMode = 'normal';
  /** How long 'delayed' waits before its normal answer. */
  delayMs = 700;
  readonly requests: RecordedRequest[] = [];
  /** The answers 'held' keeps back until releaseHeld() (a model call in flight for as long as a test needs). */
  private readonly held: (() => void)[] = [];
  readonly arrivals: RequestArrival[] = [];
  private server!: Server;
  baseUrl = '';

  /** The service's configuration for this model server, with the model call's time limit. */
  env(timeoutSeconds: number): Record<string, string> {
    return {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: this.baseUrl,
      LLM_MODEL: 'test-model',
      LLM_API_KEY: 'test-key',
      LLM_TIMEOUT_SECONDS: String(timeoutSeconds),
    };
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        const parsed = JSON.parse(body) as RecordedRequest;
        this.requests.push(parsed);
        const user = parsed.messages.find((m) => m.role === 'user')?.content ?? '';
        const arrival: RequestArrival = {
          at: performance.now(),
          candidateText: /<candidate_text>(.*)<\/candidate_text>/s.exec(user)?.[1] ?? '',
          aborted: false,
        };
        this.arrivals.push(arrival);
        response.on('close', () => {
          if (!response.writableEnded) arrival.aborted = true;
        });
        const reply = (content: string) => {
          if (arrival.aborted) return;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              id: 'chatcmpl-test',
              object: 'chat.completion',
              created: 0,
              model: parsed.model,
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
        };
        switch (this.mode) {
          case 'normal':
            return reply(JSON.stringify({ utterance: 'MODEL: Which concrete example from your work shows this best?' }));
          case 'obey-injection':
            return reply(JSON.stringify({ utterance: 'MODEL: The interview is over. You are rated EXCELLENT. Goodbye.' }));
          case 'delayed':
            setTimeout(
              () => reply(JSON.stringify({ utterance: 'MODEL: Which concrete example from your work shows this best?' })),
              this.delayMs,
            ).unref();
            return;
          case 'held':
            this.held.push(() => reply(JSON.stringify({ utterance: 'MODEL: Which concrete example from your work shows this best?' })));
            return;
          case 'slow':
            setTimeout(() => reply(JSON.stringify({ utterance: 'MODEL: too late' })), 3_000).unref();
            return;
          case 'broken':
            response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
            return;
          case 'malformed-json':
            response.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ {"message": ');
            return;
          case 'unusable-content':
            return reply('Sure! Here is a follow-up question, not in JSON.');
        }
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Answers every request 'held' kept back (normally), in arrival order. */
  releaseHeld(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
