// Every environment variable the service reads is parsed here, once, into a
// frozen typed Config. Nothing else reads process.env. The names are a
// contract (README.md, "Configuration"): do not rename them.

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';

export const APP_ENVS = ['development', 'staging', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export const LLM_PROVIDERS = ['scripted', 'openai'] as const;
export const STT_PROVIDERS = ['pocketsphinx', 'openai', 'browser', 'sherpa-onnx', 'none'] as const;
export const TTS_PROVIDERS = ['espeak', 'flite', 'openai', 'none'] as const;
export const STORAGE_KINDS = ['local', 's3'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addressing (bucket in the path): MinIO and most self-hosted services need it. */
  forcePathStyle: boolean;
}

/** Recordings and their storage (src/media/). */
export interface MediaConfig {
  /** How long a handed-out recording URL stays valid. */
  urlTtlSeconds: number;
  /** Recordings and logs are deleted this many days after the interview ended; null: kept. */
  retentionDays: number | null;
  /** Camera upload from the candidate page: bytes per chunk, and per interview. */
  videoMaxChunkBytes: number;
  videoMaxBytes: number;
  /** After the session's end, how long the remux waits for the page's last camera chunk (unless the page says it is sent). */
  videoEndGraceSeconds: number;
  /** Each ffmpeg run over a recording is killed past base + perRecordingSecond x the recording's seconds. */
  deadlineBaseSeconds: number;
  deadlinePerRecordingSecond: number;
  /** Camera uploads in flight on one node, per interview and per client address. */
  videoUploadsPerInterview: number;
  videoUploadsPerAddress: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  appEnv: AppEnv;
  publicBaseUrl: string;
  candidateUiUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  rateLimitPerMinute: number;
  /** Failed authentications per client address (IPv6: per /64) per minute before further failing attempts answer 429. */
  authFailuresPerMinute: number;
  /** Peers (addresses or CIDRs) whose X-Forwarded-For names the client; empty: the TCP peer is the client. */
  trustedProxies: readonly string[];
  /** Bearer token for GET /metrics; null: open outside production, not served in production. */
  metricsToken: string | null;
  http: HttpLimits;
  /** name -> secret; each integration is a principal of its own. */
  integrationSecrets: ReadonlyMap<string, string>;
  webhooks: {
    allowInsecureHttp: boolean;
    allowPrivateTargets: boolean;
    /** Ports a webhook URL may use while private targets are refused. */
    allowedPorts: readonly number[];
    maxAttempts: number;
    backoffBaseSeconds: number;
    timeoutSeconds: number;
    /** Base64 of the 32-byte key that encrypts signing secrets at rest; null: generated into DATA_DIR. */
    secretKey: string | null;
    /** Endpoints one owner may register. */
    maxEndpointsPerOwner: number;
    /** Attempts one owner may have in flight at once across all workers (counted in the database), so one tenant cannot take every worker. */
    maxInFlightPerOwner: number;
    /** Consecutive failed attempts after which an endpoint is paused (circuit open). */
    circuitFailureThreshold: number;
    /** How long a paused endpoint waits before one trial attempt. */
    circuitPauseSeconds: number;
    /** false: this node queues deliveries but never sends them (worker nodes do); true: it runs a delivery worker. */
    worker: boolean;
    /** How often an idle delivery worker looks at the queue (a wake-up brings new deliveries at once). */
    pollSeconds: number;
  };
  llm: {
    provider: (typeof LLM_PROVIDERS)[number];
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    /** Per model call; past it the scripted interviewer answers instead. */
    timeoutSeconds: number;
  };
  session: SessionConfig;
  /** `worker: false` makes an API/session-only node that leaves durable jobs to other nodes. */
  jobs: {
    pollSeconds: number;
    leaseSeconds: number;
    worker: boolean;
    /** The media lane (recording assembly and archive): slots per worker node, and how many one tenant may hold. */
    mediaConcurrency: number;
    mediaPerTenant: number;
  };
  /** Many nodes behind a balancer (docs/deployment.md). */
  cluster: {
    /** On SIGTERM, how long /ready fails before live sessions are moved, so the balancer stops sending new ones first. */
    drainSeconds: number;
    /** How often the node says it is alive; silent for three beats, it is dead and what it held is taken over. */
    heartbeatSeconds: number;
  };
  /** The candidate page (issue 9). */
  candidatePage: {
    /** The operator's privacy notice, linked from the welcome screen; null: the page says to ask the inviting organisation. */
    privacyUrl: string | null;
  };
  /** The recruiter report page (docs/report-page.md). */
  reportPage: {
    /** Who may show the page in a frame (CSP frame-ancestors): any site, none, or these origins. */
    frameAncestors: 'any' | 'none' | readonly string[];
  };
  sttProvider: (typeof STT_PROVIDERS)[number];
  ttsProvider: (typeof TTS_PROVIDERS)[number];
  speech: SpeechConfig;
  storage: (typeof STORAGE_KINDS)[number];
  s3: S3Config | null;
  voice: VoiceConfig;
  media: MediaConfig;
}

/** Server-side voice: turn-taking on the candidate's audio (src/session/channels/voice-pipeline.ts). */
export interface VoiceConfig {
  /**
   * Silence after the candidate's speech before the turn is over (VAD hang-over); with the adaptive end of turn,
   * the silence while nothing has been recognised yet.
   */
  vadSilenceMs: number;
  /** Whether the silence that ends a turn depends on the words so far (src/session/channels/turn-end.ts). */
  vadAdaptive: boolean;
  /** Adaptive: the silence that ends a turn whose words read as complete. */
  vadSilenceShortMs: number;
  /** Adaptive: the silence that ends a turn trailing off ("... and", "um"), and the cap on any wait. */
  vadSilenceLongMs: number;
  /** Speech probability (Silero) that counts as voiced. */
  vadThreshold: number;
  /** While the interviewer's audio plays, candidate speech must last this long to interrupt it (echo gating). */
  bargeInMs: number;
  /** Prepare the reply (words and first audio) while the end of turn still waits; send it if the candidate stays silent. */
  speculativeReply: boolean;
  /**
   * The speculative reply also when its words take a model call (LLM_PROVIDER=openai): the call starts
   * with the early result and is aborted if the candidate goes on (false: such replies wait for the turn).
   */
  speculativeModelCalls: boolean;
}

/** How long a client may take to send a request, and to keep an idle connection (slow-client defence). */
export interface HttpLimits {
  /** From connection (or the previous request) to the end of the request headers. */
  headersTimeoutSeconds: number;
  /** From connection to the end of the request body. */
  requestTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutSeconds: number;
}

/** What the speech providers need besides STT_PROVIDER and TTS_PROVIDER (src/speech/). */
export interface SpeechConfig {
  /** STT_PROVIDER was set: a missing recogniser then stops the start instead of falling back to typed answers. */
  sttProviderExplicit: boolean;
  /** STT_BROWSER_ALLOWED: the candidate's browser may recognise speech (the audio then goes to the browser's vendor). */
  browserRecognitionAllowed: boolean;
  /** OpenAI-compatible transcription (STT_PROVIDER=openai) and the sherpa-onnx model folder. */
  stt: { baseUrl: string; apiKey: string | null; model: string; modelDir: string | null };
  /** OpenAI-compatible speech (TTS_PROVIDER=openai). */
  tts: { baseUrl: string; apiKey: string | null; model: string; voice: string };
  /** Per remote speech call. */
  timeoutSeconds: number;
  /** Recognitions at once on this node, and for one owner (tenant) on this node (src/speech/stt/tenant-limited.ts). */
  sttMaxConcurrent: number;
  sttMaxConcurrentPerOwner: number;
  /** STT_DECODERS: PocketSphinx decoding processes kept warm at most (src/speech/stt/pocketsphinx-warm.ts), by default the cores; 0, a process per utterance. */
  sttDecoders: number;
}

/** The live candidate session (src/session/). */
export interface SessionConfig {
  /** How long a dropped session keeps its state (the spec's 15 minutes). */
  reconnectGraceSeconds: number;
  /** Reconnections allowed; one more ends the interview with reason 7. */
  maxResumes: number;
  /** Silence before each reminder, and after the last one before the end (reason 3). */
  inactivitySeconds: number;
  inactivityReminders: number;
  /** "I need more time": quiet granted before the reminders start again, and how often a session may ask. */
  moreTimeSeconds: number;
  moreTimeRequests: number;
  /** Refusals or abuse before the interview ends as uncooperative (reason 4). */
  uncooperativeLimit: number;
  /** The one-session-per-interview lease; renewed every third of it while connected. */
  leaseSeconds: number;
  /** How often every node looks for dropped sessions past their grace period. */
  sweepSeconds: number;
  /** Inbound frames per connection per second before frames are refused. */
  maxMessagesPerSecond: number;
  /** WebSocket ping interval; a connection that misses a pong is dropped (half-open networks). */
  pingSeconds: number;
  /** A session this long after its start ends (reason 3), however active the page keeps it. */
  maxMinutes: number;
  /** Page error reports stored per session, and per minute (repeats fold into one line with a count). */
  clientLogLines: number;
  clientLogLinesPerMinute: number;
  /** Log lines stored per interview, the final "log truncated" line included. */
  logMaxLines: number;
  /** Origins besides the candidate page's own allowed to open the candidate WebSocket. */
  allowedOrigins: readonly string[];
}

/** Thrown for the first bad variable; its message is the one line printed at start-up. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadConfig(env: Env = process.env): Config {
  const read = new EnvReader(env);
  const port = read.integer('PORT', 8000, { min: 0, max: 65535 });
  const host = read.string('HOST', '127.0.0.1');
  const publicBaseUrl = read.httpUrl('PUBLIC_BASE_URL', `http://${formatHost(host)}:${port}`);
  const llmProvider = read.oneOf('LLM_PROVIDER', LLM_PROVIDERS, 'scripted');
  const storage = read.oneOf('STORAGE', STORAGE_KINDS, 'local');

  const config: Config = {
    port,
    host,
    dataDir: read.string('DATA_DIR', './data'),
    databaseUrl: read.optionalUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: read.optionalUrl('REDIS_URL', ['redis:', 'rediss:']),
    appEnv: read.oneOf('APP_ENV', APP_ENVS, 'development'),
    publicBaseUrl,
    candidateUiUrl: read.httpUrl('CANDIDATE_UI_URL', publicBaseUrl),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 25, { min: 1, max: 1_000_000_000 }),
    authFailuresPerMinute: read.integer('AUTH_FAILURES_PER_MINUTE', 20, { min: 1, max: 1_000_000_000 }),
    trustedProxies: read.addressList('TRUSTED_PROXIES'),
    metricsToken: read.optionalString('METRICS_TOKEN'),
    http: readHttpLimits(read),
    integrationSecrets: parseIntegrationSecrets(env.INTEGRATION_SECRETS),
    webhooks: {
      allowInsecureHttp: read.boolean('WEBHOOK_ALLOW_INSECURE_HTTP', false),
      allowPrivateTargets: read.boolean('WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
      allowedPorts: read.portList('WEBHOOK_ALLOWED_PORTS', [80, 443]),
      maxAttempts: read.integer('WEBHOOK_MAX_ATTEMPTS', 3, { min: 1, max: 100 }),
      backoffBaseSeconds: read.number('WEBHOOK_BACKOFF_BASE_SECONDS', 10, { min: 0, max: 86_400 }),
      timeoutSeconds: read.number('WEBHOOK_TIMEOUT_SECONDS', 10, { min: 0.05, max: 300 }),
      secretKey: read.base64Key('WEBHOOK_SECRET_KEY', 32),
      maxEndpointsPerOwner: read.integer('WEBHOOK_MAX_ENDPOINTS_PER_OWNER', 20, { min: 1, max: 100_000 }),
      maxInFlightPerOwner: read.integer('WEBHOOK_MAX_IN_FLIGHT_PER_OWNER', 16, { min: 1, max: 1_000 }),
      circuitFailureThreshold: read.integer('WEBHOOK_CIRCUIT_FAILURES', 5, { min: 1, max: 1_000 }),
      circuitPauseSeconds: read.number('WEBHOOK_CIRCUIT_PAUSE_SECONDS', 300, { min: 0, max: 86_400 }),
      worker: read.boolean('WEBHOOKS_WORKER', true),
      pollSeconds: read.number('WEBHOOK_POLL_SECONDS', 1, { min: 0.02, max: 3_600 }),
    },
    llm: {
      provider: llmProvider,
      baseUrl: read.optionalUrl('LLM_BASE_URL', ['http:', 'https:']),
      apiKey: read.optionalString('LLM_API_KEY'),
      model: read.optionalString('LLM_MODEL'),
      timeoutSeconds: read.number('LLM_TIMEOUT_SECONDS', 8, { min: 0.05, max: 300 }),
    },
    session: {
      reconnectGraceSeconds: read.number('SESSION_RECONNECT_GRACE_SECONDS', 900, { min: 0.1, max: 7 * 86_400 }),
      maxResumes: read.integer('SESSION_MAX_RESUMES', 5, { min: 0, max: 1_000 }),
      inactivitySeconds: read.number('SESSION_INACTIVITY_SECONDS', 120, { min: 0.1, max: 86_400 }),
      inactivityReminders: read.integer('SESSION_INACTIVITY_REMINDERS', 2, { min: 0, max: 20 }),
      moreTimeSeconds: read.number('SESSION_MORE_TIME_SECONDS', 300, { min: 1, max: 3_600 }),
      moreTimeRequests: read.integer('SESSION_MORE_TIME_REQUESTS', 2, { min: 0, max: 10 }),
      uncooperativeLimit: read.integer('SESSION_UNCOOPERATIVE_LIMIT', 3, { min: 1, max: 100 }),
      leaseSeconds: read.number('SESSION_LEASE_SECONDS', 20, { min: 0.3, max: 3_600 }),
      sweepSeconds: read.number('SESSION_SWEEP_SECONDS', 30, { min: 0.1, max: 86_400 }),
      maxMessagesPerSecond: read.integer('SESSION_MAX_MESSAGES_PER_SECOND', 20, { min: 1, max: 10_000 }),
      pingSeconds: read.number('SESSION_PING_SECONDS', 15, { min: 0.1, max: 3_600 }),
      maxMinutes: read.number('SESSION_MAX_MINUTES', 120, { min: 0.1, max: 7 * 24 * 60 }),
      clientLogLines: read.integer('SESSION_CLIENT_LOG_LINES', 100, { min: 0, max: 100_000 }),
      clientLogLinesPerMinute: read.integer('SESSION_CLIENT_LOG_LINES_PER_MINUTE', 10, { min: 1, max: 10_000 }),
      logMaxLines: read.integer('INTERVIEW_LOG_MAX_LINES', 2_000, { min: 10, max: 1_000_000 }),
      allowedOrigins: read.originList('CANDIDATE_ALLOWED_ORIGINS'),
    },
    jobs: {
      pollSeconds: read.number('JOBS_POLL_SECONDS', 2, { min: 0.05, max: 3_600 }),
      leaseSeconds: read.number('JOBS_LEASE_SECONDS', 120, { min: 0.5, max: 86_400 }),
      worker: read.boolean('JOBS_WORKER', true),
      mediaConcurrency: read.integer('MEDIA_JOBS_CONCURRENCY', 2, { min: 1, max: 64 }),
      mediaPerTenant: read.integer('MEDIA_JOBS_PER_TENANT', 1, { min: 1, max: 64 }),
    },
    cluster: {
      drainSeconds: read.number('DRAIN_SECONDS', 0, { min: 0, max: 600 }),
      heartbeatSeconds: read.number('NODE_HEARTBEAT_SECONDS', 1, { min: 0.1, max: 60 }),
    },
    candidatePage: {
      privacyUrl: read.optionalUrl('CANDIDATE_PRIVACY_URL', ['http:', 'https:']),
    },
    reportPage: { frameAncestors: readFrameAncestors(read) },
    sttProvider: read.oneOf('STT_PROVIDER', STT_PROVIDERS, 'pocketsphinx'),
    ttsProvider: read.oneOf('TTS_PROVIDER', TTS_PROVIDERS, 'espeak'),
    speech: readSpeech(read),
    storage,
    s3: storage === 's3' ? readS3(read) : null,
    voice: readVoice(read),
    media: readMedia(read),
  };
  if (config.llm.provider === 'openai' && !config.llm.model) {
    throw new ConfigError('LLM_MODEL', 'is required when LLM_PROVIDER=openai');
  }
  return deepFreeze(config);
}

function readVoice(read: EnvReader): VoiceConfig {
  const vadSilenceMs = read.integer('SESSION_VAD_SILENCE_MS', 700, { min: 100, max: 10_000 });
  const vadSilenceShortMs = read.integer('SESSION_VAD_SILENCE_SHORT_MS', Math.min(400, vadSilenceMs), { min: 100, max: 10_000 });
  const vadSilenceLongMs = read.integer('SESSION_VAD_SILENCE_LONG_MS', Math.max(2_000, vadSilenceMs), { min: 100, max: 30_000 });
  if (vadSilenceShortMs > vadSilenceMs) throw new ConfigError('SESSION_VAD_SILENCE_SHORT_MS', 'must not exceed SESSION_VAD_SILENCE_MS');
  if (vadSilenceLongMs < vadSilenceMs) throw new ConfigError('SESSION_VAD_SILENCE_LONG_MS', 'must not be below SESSION_VAD_SILENCE_MS');
  return {
    vadSilenceMs,
    vadAdaptive: read.boolean('SESSION_VAD_ADAPTIVE', true),
    vadSilenceShortMs,
    vadSilenceLongMs,
    vadThreshold: read.number('SESSION_VAD_THRESHOLD', 0.5, { min: 0.2, max: 0.95 }),
    bargeInMs: read.integer('SESSION_BARGE_IN_MS', 400, { min: 0, max: 10_000 }),
    speculativeReply: read.boolean('SESSION_SPECULATIVE_REPLY', true),
    speculativeModelCalls: read.boolean('SESSION_SPECULATIVE_MODEL_CALLS', true),
  };
}

function readHttpLimits(read: EnvReader): HttpLimits {
  const headersTimeoutSeconds = read.number('HTTP_HEADERS_TIMEOUT_SECONDS', 10, { min: 0.1, max: 3_600 });
  const requestTimeoutSeconds = read.number('HTTP_REQUEST_TIMEOUT_SECONDS', 30, { min: 0.1, max: 3_600 });
  // Node refuses a headers timeout longer than the whole-request timeout.
  if (headersTimeoutSeconds > requestTimeoutSeconds) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_SECONDS', `must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds})`);
  }
  return {
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    keepAliveTimeoutSeconds: read.number('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 72, { min: 0.1, max: 3_600 }),
  };
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

function readSpeech(read: EnvReader): SpeechConfig {
  const chosen = read.optionalString('STT_PROVIDER');
  const speech: SpeechConfig = {
    sttProviderExplicit: chosen !== null,
    browserRecognitionAllowed: read.boolean('STT_BROWSER_ALLOWED', true),
    stt: {
      baseUrl: read.httpUrl('STT_BASE_URL', OPENAI_BASE_URL),
      apiKey: read.optionalString('STT_API_KEY'),
      model: read.string('STT_MODEL', 'whisper-1'),
      modelDir: read.optionalString('STT_MODEL_DIR'),
    },
    tts: {
      baseUrl: read.httpUrl('TTS_BASE_URL', OPENAI_BASE_URL),
      apiKey: read.optionalString('TTS_API_KEY'),
      model: read.string('TTS_MODEL', 'tts-1'),
      voice: read.string('TTS_VOICE', 'alloy'),
    },
    timeoutSeconds: read.number('SPEECH_TIMEOUT_SECONDS', 15, { min: 0.05, max: 600 }),
    ...readRecogniserCapacity(read),
  };
  if (chosen === 'sherpa-onnx' && !speech.stt.modelDir) {
    throw new ConfigError('STT_MODEL_DIR', 'is required when STT_PROVIDER=sherpa-onnx (the folder of a downloaded sherpa-onnx model)');
  }
  if (chosen === 'browser' && !speech.browserRecognitionAllowed) {
    throw new ConfigError('STT_BROWSER_ALLOWED', 'is false, but STT_PROVIDER=browser leaves recognition to the browser alone');
  }
  return speech;
}

/**
 * Sized to the cores by default: a warm PocketSphinx decoder following live
 * speech uses about a sixth of a core (docs/speech.md), so four utterances per
 * core leave room for the rest of the session; a decoding process for each.
 */
function readRecogniserCapacity(read: EnvReader): Pick<SpeechConfig, 'sttMaxConcurrent' | 'sttMaxConcurrentPerOwner' | 'sttDecoders'> {
  const cores = availableParallelism();
  const sttMaxConcurrent = read.integer('STT_MAX_CONCURRENT', 4 * cores, { min: 1, max: 10_000 });
  // Half the node by default: one owner's links can never take every recogniser.
  const perOwner = read.integer('STT_MAX_CONCURRENT_PER_OWNER', Math.ceil(sttMaxConcurrent / 2), { min: 1, max: 10_000 });
  // Warm decoders by default, one process per core: they hear each utterance word for word as a
  // process of its own would, several times faster (docs/speech.md); 0 opts out.
  const sttDecoders = read.integer('STT_DECODERS', cores, { min: 0, max: 10_000 });
  return { sttMaxConcurrent, sttMaxConcurrentPerOwner: Math.min(perOwner, sttMaxConcurrent), sttDecoders };
}

function readS3(read: EnvReader): S3Config {
  const bucket = read.optionalString('S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET', 'is required when STORAGE=s3');
  return {
    bucket,
    region: read.string('S3_REGION', 'us-east-1'),
    endpoint: read.optionalUrl('S3_ENDPOINT', ['http:', 'https:']),
    accessKeyId: read.optionalString('S3_ACCESS_KEY_ID'),
    secretAccessKey: read.optionalString('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', false),
  };
}

/** `*` (the default: the link is the credential and the page only reads), `none`, or a comma-separated origin list. */
function readFrameAncestors(read: EnvReader): Config['reportPage']['frameAncestors'] {
  const raw = read.optionalString('REPORT_FRAME_ANCESTORS')?.trim();
  if (raw === undefined || raw === '' || raw === '*') return 'any';
  if (raw.toLowerCase() === 'none') return 'none';
  return read.originList('REPORT_FRAME_ANCESTORS');
}

function readMedia(read: EnvReader): MediaConfig {
  const retention = read.integer('RECORDING_RETENTION_DAYS', 0, { min: 0, max: 36_500 });
  return {
    urlTtlSeconds: read.integer('MEDIA_URL_TTL_SECONDS', 3_600, { min: 60, max: 7 * 86_400 }),
    retentionDays: retention === 0 ? null : retention,
    videoMaxChunkBytes: read.integer('VIDEO_MAX_CHUNK_BYTES', 8 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }),
    videoMaxBytes: read.integer('VIDEO_MAX_BYTES', 1024 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 * 1024 }),
    videoEndGraceSeconds: read.number('VIDEO_END_GRACE_SECONDS', 5, { min: 0, max: 120 }),
    deadlineBaseSeconds: read.number('MEDIA_DEADLINE_BASE_SECONDS', 60, { min: 0.1, max: 86_400 }),
    deadlinePerRecordingSecond: read.number('MEDIA_DEADLINE_PER_RECORDING_SECOND', 0.25, { min: 0, max: 100 }),
    videoUploadsPerInterview: read.integer('VIDEO_UPLOADS_PER_INTERVIEW', 2, { min: 1, max: 100 }),
    videoUploadsPerAddress: read.integer('VIDEO_UPLOADS_PER_ADDRESS', 8, { min: 1, max: 10_000 }),
  };
}

/** `INTEGRATION_SECRETS="name=secret,name2=secret2"`. */
function parseIntegrationSecrets(raw: string | undefined): ReadonlyMap<string, string> {
  const secrets = new Map<string, string>();
  if (!raw || raw.trim() === '') return secrets;
  for (const pair of raw.split(',')) {
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const secret = pair.slice(separator + 1).trim();
    if (separator < 1 || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
      throw new ConfigError('INTEGRATION_SECRETS', 'must be "name=secret,..." with names of letters, digits, "_", "." or "-"');
    }
    if (secret.length < 16) {
      throw new ConfigError('INTEGRATION_SECRETS', `secret for "${name}" must be at least 16 characters`);
    }
    if (secrets.has(name)) throw new ConfigError('INTEGRATION_SECRETS', `names "${name}" twice`);
    secrets.set(name, secret);
  }
  return secrets;
}

class EnvReader {
  constructor(private readonly env: Env) {}

  /** The comma-separated items of a variable, trimmed, empty ones dropped; none when unset. */
  private items(name: string): string[] {
    return (this.raw(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | null {
    return this.raw(name) ?? null;
  }

  integer(name: string, fallback: number, range: { min: number; max: number }): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < range.min || value > range.max) {
      throw new ConfigError(name, `must be an integer from ${range.min} to ${range.max} (got "${raw}")`);
    }
    return value;
  }

  number(name: string, fallback: number, range: { min: number; max: number }): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < range.min || value > range.max) {
      throw new ConfigError(name, `must be a number from ${range.min} to ${range.max} (got "${raw}")`);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    throw new ConfigError(name, `must be true or false (got "${raw}")`);
  }

  /** A key given as base64 that must decode to exactly `bytes` bytes. */
  base64Key(name: string, bytes: number): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64').length !== bytes) {
      throw new ConfigError(name, `must be ${bytes} bytes in base64 (e.g. openssl rand -base64 ${bytes})`);
    }
    return raw;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
    }
    return raw as T;
  }

  optionalUrl(name: string, protocols: string[]): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(name, 'must be an absolute URL');
    }
    if (!protocols.includes(url.protocol)) {
      throw new ConfigError(name, `must use ${protocols.map((p) => p.replace(':', '://')).join(' or ')}`);
    }
    return raw;
  }

  /** Comma-separated TCP ports (1-65535). */
  portList(name: string, fallback: number[]): number[] {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    return raw.split(',').map((item) => {
      const port = Number(item.trim());
      if (!/^\d{1,5}$/.test(item.trim()) || port < 1 || port > 65535) {
        throw new ConfigError(name, `must be a comma-separated list of ports from 1 to 65535 (got "${item.trim()}")`);
      }
      return port;
    });
  }

  /** Comma-separated IP addresses or CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`), as given. */
  addressList(name: string): string[] {
    return this.items(name).map((item) => {
      const [address = '', prefix, ...rest] = item.split('/');
      const family = isIP(address);
      const maxPrefix = family === 4 ? 32 : 128;
      const isValidPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
      if (family === 0 || rest.length > 0 || !isValidPrefix) {
        throw new ConfigError(name, `must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.0/8 (got "${item}")`);
      }
      return item;
    });
  }

  /** Comma-separated http(s) origins (scheme, host and port, nothing else), normalised as browsers send them. */
  originList(name: string): string[] {
    return this.items(name).map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {
        // reported below
      }
      if (
        !url ||
        !['http:', 'https:'].includes(url.protocol) ||
        url.pathname !== '/' ||
        url.search !== '' ||
        url.hash !== '' ||
        url.username !== ''
      ) {
        throw new ConfigError(name, `must be a comma-separated list of origins such as https://app.example.com (got "${item}")`);
      }
      return url.origin;
    });
  }

  /** An http(s) base URL without a trailing slash, so paths can be appended. */
  httpUrl(name: string, fallback: string): string {
    const value = this.optionalUrl(name, ['http:', 'https:']) ?? fallback;
    return value.replace(/\/+$/, '');
  }
}

function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Map)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
