// A small typed client over fetch for every operation of the service's API.
// Types come from the generated src/schema.ts, so a change of the API
// contract shows here as a type error. Each call answers an ApiResult; a 429
// is retried after the Retry-After the service sends (a bounded number of
// times), and a recording that is not ready yet can be waited for.

import { type ApiResult, readApiError } from './results.js';
import type { components, paths } from './schema.js';

export type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
/** The success body of an operation (200 or 201; `undefined` for 204). */
type Success<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? 200 extends keyof R
      ? JsonOf<R[200]>
      : 201 extends keyof R
        ? JsonOf<R[201]>
        : undefined
    : never;
type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Partial<NonNullable<Q>> : never;

export interface ClientOptions {
  /** Where the service answers, e.g. https://interviews.example.com */
  baseUrl: string;
  /** An API key (`sk_int_...`) or an integration secret, sent as x-application-secret-key. */
  apiKey: string;
  /** Retries of a 429 answer, each after its Retry-After. Default 3; 0 answers the 429. */
  rateLimitRetries?: number;
  /** A Retry-After longer than this is answered instead of waited for. Default 120. */
  maxRetryAfterSeconds?: number;
  fetch?: typeof fetch;
  /** How the client waits (tests move a clock instead). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface WaitOptions extends CallOptions {
  /** Time between polls; default 5000 ms. */
  intervalMs?: number;
  /** Polls before giving up with the last RecordingCreationException; default 120 (10 minutes at the default interval). */
  maxPolls?: number;
}

export class InterviewServiceClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? wait;
  }

  // Interviews

  createInterview(body: Schemas['CreateInterviewFromQuestionsRequest'], options?: CallOptions) {
    return this.call<Success<'/interview/create-from-questions', 'post'>>('POST', '/interview/create-from-questions', { body, ...options });
  }

  createScreeningInterview(body: Schemas['ScreeningInterviewATSCreateRequest'], options?: CallOptions) {
    return this.call<Success<'/interview/screening/create-from-questions', 'post'>>('POST', '/interview/screening/create-from-questions', {
      body,
      ...options,
    });
  }

  /** `withTranscript` asks for the transcript inside the details (the `x-frontend: talentui` header). */
  getInterviewDetails(interviewId: string, options: CallOptions & { withTranscript?: boolean } = {}) {
    const headers = options.withTranscript ? { 'x-frontend': 'talentui' } : undefined;
    return this.call<Success<'/interview/details/{interview_id}', 'get'>>('GET', `/interview/details/${id(interviewId)}`, {
      headers,
      ...options,
    });
  }

  resetInterview(interviewId: string, options?: CallOptions) {
    return this.call<Success<'/interview/reset/{interview_id}', 'post'>>('POST', `/interview/reset/${id(interviewId)}`, options);
  }

  getTranscript(interviewId: string, options?: CallOptions) {
    return this.call<Success<'/interview/transcript/{interview_id}', 'get'>>('GET', `/interview/transcript/${id(interviewId)}`, options);
  }

  /** The report in `locale` (an interview language tag; default English). */
  getEvaluationReport(interviewId: string, options: CallOptions & { locale?: string } = {}) {
    return this.call<Success<'/interview/evaluation-report/{interview_id}', 'get'>>(
      'GET',
      `/interview/evaluation-report/${id(interviewId)}`,
      { headers: locale(options.locale), ...options },
    );
  }

  getOverallEvaluationReport(interviewId: string, options: CallOptions & { locale?: string } = {}) {
    return this.call<Success<'/interview/overall-evaluation-report/{interview_id}', 'get'>>(
      'GET',
      `/interview/overall-evaluation-report/${id(interviewId)}`,
      { headers: locale(options.locale), ...options },
    );
  }

  /** A signed, expiring link to the recruiter report page of an ended interview, in `locale` (docs/report-page.md). */
  createReportLink(interviewId: string, options: CallOptions & { locale?: string } = {}) {
    return this.call<Success<'/interview/report-link/{interview_id}', 'post'>>('POST', `/interview/report-link/${id(interviewId)}`, {
      headers: locale(options.locale),
      ...options,
    });
  }

  /** The mixed MP3's short-lived URL; RecordingCreationException while it is being made (see waitForRecording). */
  getRecording(interviewId: string, options?: CallOptions) {
    return this.call<Success<'/interview/get-recording/{interview_id}', 'get'>>(
      'GET',
      `/interview/get-recording/${id(interviewId)}`,
      options,
    );
  }

  getVideoRecording(interviewId: string, options?: CallOptions) {
    return this.call<Success<'/interview/get-video-recording/{interview_id}', 'get'>>(
      'GET',
      `/interview/get-video-recording/${id(interviewId)}`,
      options,
    );
  }

  getLogs(interviewId: string, options?: CallOptions) {
    return this.call<Success<'/interview/get-logs/{interview_id}', 'get'>>('GET', `/interview/get-logs/${id(interviewId)}`, options);
  }

  /**
   * Polls get-recording while the service answers RecordingCreationException
   * ("not ready yet": the interview just ended or its archival is under way),
   * at most `maxPolls` times; any other answer, success or error, ends the wait.
   */
  waitForRecording(interviewId: string, options: WaitOptions = {}) {
    return this.poll(() => this.getRecording(interviewId, options), options);
  }

  /** waitForRecording for the video (get-video-recording). */
  waitForVideoRecording(interviewId: string, options: WaitOptions = {}) {
    return this.poll(() => this.getVideoRecording(interviewId, options), options);
  }

  private async poll<T>(read: () => Promise<ApiResult<T>>, options: WaitOptions): Promise<ApiResult<T>> {
    const intervalMs = options.intervalMs ?? 5_000;
    const maxPolls = Math.max(1, options.maxPolls ?? 120);
    for (let poll = 1; ; poll++) {
      const result = await read();
      const isNotReady = !result.ok && result.error.kind === 'error' && result.error.code === 'RecordingCreationException';
      if (!isNotReady || poll >= maxPolls) return result;
      await this.sleep(intervalMs, options.signal);
    }
  }

  // Webhooks

  getWebhookCatalog(options?: CallOptions) {
    return this.call<Success<'/webhooks/catalog', 'get'>>('GET', '/webhooks/catalog', options);
  }

  /** The answer carries the signing `secret`, shown this once (and on rotation). */
  createWebhookEndpoint(body: BodyOf<'/webhooks/endpoints', 'post'>, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints', 'post'>>('POST', '/webhooks/endpoints', { body, ...options });
  }

  listWebhookEndpoints(query: QueryOf<'/webhooks/endpoints', 'get'> = {}, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints', 'get'>>('GET', `/webhooks/endpoints${search(query)}`, options);
  }

  getWebhookEndpoint(endpointId: string, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints/{endpoint_id}', 'get'>>('GET', `/webhooks/endpoints/${id(endpointId)}`, options);
  }

  updateWebhookEndpoint(endpointId: string, body: BodyOf<'/webhooks/endpoints/{endpoint_id}', 'patch'>, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints/{endpoint_id}', 'patch'>>('PATCH', `/webhooks/endpoints/${id(endpointId)}`, {
      body,
      ...options,
    });
  }

  deleteWebhookEndpoint(endpointId: string, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints/{endpoint_id}', 'delete'>>('DELETE', `/webhooks/endpoints/${id(endpointId)}`, options);
  }

  rotateWebhookSecret(endpointId: string, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints/{endpoint_id}/rotate-secret', 'post'>>(
      'POST',
      `/webhooks/endpoints/${id(endpointId)}/rotate-secret`,
      options,
    );
  }

  /** Sends `webhook.test` to the endpoint now and answers with the first attempt's outcome. */
  testWebhookEndpoint(endpointId: string, options?: CallOptions) {
    return this.call<Success<'/webhooks/endpoints/{endpoint_id}/test', 'post'>>(
      'POST',
      `/webhooks/endpoints/${id(endpointId)}/test`,
      options,
    );
  }

  listWebhookDeliveries(query: QueryOf<'/webhooks/deliveries', 'get'> = {}, options?: CallOptions) {
    return this.call<Success<'/webhooks/deliveries', 'get'>>('GET', `/webhooks/deliveries${search(query)}`, options);
  }

  redeliverWebhookDelivery(deliveryId: string, options?: CallOptions) {
    return this.call<Success<'/webhooks/deliveries/{delivery_id}/redeliver', 'post'>>(
      'POST',
      `/webhooks/deliveries/${id(deliveryId)}/redeliver`,
      options,
    );
  }

  private async call<T>(
    method: string,
    path: string,
    options: CallOptions & { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> {
    const retries = Math.max(0, this.options.rateLimitRetries ?? 3);
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(this.baseUrl + path, {
        method,
        signal: options.signal,
        headers: {
          accept: 'application/json',
          'x-application-secret-key': this.options.apiKey,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      if (response.ok) {
        const text = await response.text();
        return { ok: true, status: response.status, data: (text === '' ? undefined : JSON.parse(text)) as T };
      }
      const error = await readApiError(response);
      const waitSeconds = error.kind === 'error' && error.status === 429 ? (error.retryAfterSeconds ?? 60) : null;
      if (waitSeconds === null || attempt >= retries || waitSeconds > (this.options.maxRetryAfterSeconds ?? 120)) {
        return { ok: false, status: response.status, error };
      }
      await this.sleep(waitSeconds * 1000, options.signal);
    }
  }
}

function id(value: string): string {
  return encodeURIComponent(value);
}

function locale(tag: string | undefined): Record<string, string> | undefined {
  return tag === undefined ? undefined : { locale: tag };
}

function search(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
