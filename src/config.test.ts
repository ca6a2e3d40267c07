import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has embedded defaults for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: null,
      redisUrl: null,
      appEnv: 'development',
      publicBaseUrl: 'http://127.0.0.1:8000',
      candidateUiUrl: 'http://127.0.0.1:8000',
      rateLimitPerMinute: 25,
      webhooks: {
        allowInsecureHttp: false,
        allowPrivateTargets: false,
        maxAttempts: 3,
        backoffBaseSeconds: 10,
        timeoutSeconds: 10,
        worker: true,
        pollSeconds: 1,
      },
      llm: { provider: 'scripted' },
      storage: 'local',
      s3: null,
      voice: {
        vadSilenceMs: 700,
        vadAdaptive: true,
        vadSilenceShortMs: 400,
        vadSilenceLongMs: 2_000,
        vadThreshold: 0.5,
        bargeInMs: 400,
        speculativeReply: true,
        speculativeModelCalls: true,
      },
    });
    expect(config.integrationSecrets.size).toBe(0);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('derives CANDIDATE_UI_URL from PUBLIC_BASE_URL and strips trailing slashes', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://api.example.com/' });
    expect(config.publicBaseUrl).toBe('https://api.example.com');
    expect(config.candidateUiUrl).toBe('https://api.example.com');
  });

  it('parses the candidate origins as browsers send them', () => {
    const config = loadConfig({ CANDIDATE_ALLOWED_ORIGINS: 'https://App.example.com, http://localhost:5173/' });
    expect(config.session.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('lets a node leave webhook delivery to others with WEBHOOKS_WORKER=false', () => {
    expect(loadConfig({ WEBHOOKS_WORKER: 'false', WEBHOOK_POLL_SECONDS: '0.5' }).webhooks).toMatchObject({
      worker: false,
      pollSeconds: 0.5,
    });
    expect(() => loadConfig({ WEBHOOK_POLL_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('allows webhook ports 80 and 443 unless WEBHOOK_ALLOWED_PORTS lists others', () => {
    expect(loadConfig({}).webhooks.allowedPorts).toEqual([80, 443]);
    expect(loadConfig({ WEBHOOK_ALLOWED_PORTS: '443, 8443' }).webhooks.allowedPorts).toEqual([443, 8443]);
  });

  it('sizes recogniser capacity to the cores (four utterances per core), half of it per owner, and keeps a warm decoding process per core unless told 0 (a process per utterance)', () => {
    const cores = availableParallelism();
    expect(loadConfig({}).speech).toMatchObject({
      sttMaxConcurrent: 4 * cores,
      sttMaxConcurrentPerOwner: 2 * cores,
      sttDecoders: cores,
    });
    expect(loadConfig({ STT_DECODERS: '3' }).speech.sttDecoders).toBe(3);
    expect(loadConfig({ STT_DECODERS: '0' }).speech.sttDecoders).toBe(0);
    expect(loadConfig({ STT_MAX_CONCURRENT: '8', STT_MAX_CONCURRENT_PER_OWNER: '3' }).speech).toMatchObject({
      sttMaxConcurrent: 8,
      sttMaxConcurrentPerOwner: 3,
    });
    // A tenant's share never exceeds the node's.
    expect(loadConfig({ STT_MAX_CONCURRENT: '2', STT_MAX_CONCURRENT_PER_OWNER: '5' }).speech.sttMaxConcurrentPerOwner).toBe(2);
  });

  it('parses TRUSTED_PROXIES as addresses and CIDR ranges; none by default', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,2001:db8::/32' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '2001:db8::/32',
    ]);
  });

  it('lets any site frame the report page unless REPORT_FRAME_ANCESTORS names none or the origins that may', () => {
    expect(loadConfig({}).reportPage.frameAncestors).toBe('any');
    expect(loadConfig({ REPORT_FRAME_ANCESTORS: '*' }).reportPage.frameAncestors).toBe('any');
    expect(loadConfig({ REPORT_FRAME_ANCESTORS: 'none' }).reportPage.frameAncestors).toBe('none');
    expect(loadConfig({ REPORT_FRAME_ANCESTORS: 'https://ATS.example.com, https://hr.example.org/' }).reportPage.frameAncestors).toEqual([
      'https://ats.example.com',
      'https://hr.example.org',
    ]);
  });

  it('parses integration secrets into named principals', () => {
    const config = loadConfig({ INTEGRATION_SECRETS: 'greenhouse=0123456789abcdef, lever=fedcba9876543210' });
    expect([...config.integrationSecrets.keys()]).toEqual(['greenhouse', 'lever']);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '80a'],
    ['APP_ENV', 'prod'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['PUBLIC_BASE_URL', 'ftp://x'],
    ['WEBHOOK_ALLOW_INSECURE_HTTP', 'maybe'],
    ['WEBHOOK_MAX_ATTEMPTS', '0'],
    ['WEBHOOK_TIMEOUT_SECONDS', 'NaN'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['INTEGRATION_SECRETS', 'noequals'],
    ['INTEGRATION_SECRETS', 'a=short'],
    ['LLM_PROVIDER', 'gpt'],
    ['STORAGE', 'ftp'],
    ['MEDIA_URL_TTL_SECONDS', '10'],
    ['RECORDING_RETENTION_DAYS', '-3'],
    ['VIDEO_MAX_CHUNK_BYTES', '12'],
    ['SESSION_MAX_MINUTES', '0'],
    ['SESSION_CLIENT_LOG_LINES_PER_MINUTE', '0'],
    ['INTERVIEW_LOG_MAX_LINES', 'lots'],
    ['SESSION_VAD_SILENCE_MS', '50'],
    ['SESSION_VAD_SILENCE_MS', 'soon'],
    ['SESSION_VAD_THRESHOLD', '1.5'],
    ['SESSION_BARGE_IN_MS', '-1'],
    ['CANDIDATE_ALLOWED_ORIGINS', 'https://ok.example, app.example.com'],
    ['CANDIDATE_ALLOWED_ORIGINS', 'https://app.example.com/page'],
    ['REPORT_FRAME_ANCESTORS', 'https://ats.example.com/embed'],
    ['REPORT_FRAME_ANCESTORS', "'self'"],
    ['CANDIDATE_PRIVACY_URL', 'javascript:alert(1)'],
    ['CANDIDATE_PRIVACY_URL', 'not a url'],
    ['STT_PROVIDER', 'whisper'],
    ['TTS_PROVIDER', 'say'],
    ['STT_BASE_URL', 'file:///tmp/x'],
    ['TTS_BASE_URL', 'not a url'],
    ['SPEECH_TIMEOUT_SECONDS', '0'],
    ['WEBHOOK_ALLOWED_PORTS', '443,ssh'],
    ['WEBHOOK_ALLOWED_PORTS', '0'],
    ['STT_MAX_CONCURRENT', '0'],
    ['STT_MAX_CONCURRENT_PER_OWNER', 'half'],
    ['STT_DECODERS', '-1'],
    ['TRUSTED_PROXIES', 'loadbalancer.internal'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', '10.0.0.1/8/1'],
    ['TRUSTED_PROXIES', '2001:db8::/129'],
    ['DRAIN_SECONDS', '-1'],
    ['NODE_HEARTBEAT_SECONDS', '0'],
    ['NODE_HEARTBEAT_SECONDS', 'often'],
    ['STT_BROWSER_ALLOWED', 'maybe'],
    ['SESSION_VAD_ADAPTIVE', 'sometimes'],
    ['SESSION_VAD_SILENCE_SHORT_MS', '900'],
    ['SESSION_VAD_SILENCE_LONG_MS', '500'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('requires what a chosen provider needs', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/LLM_MODEL/);
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'media' }).s3).toMatchObject({
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /^Invalid configuration: S3_FORCE_PATH_STYLE /,
    );
    expect(loadConfig({}).media).toEqual({
      urlTtlSeconds: 3600,
      retentionDays: null,
      videoMaxChunkBytes: 8 * 1024 * 1024,
      videoMaxBytes: 1024 * 1024 * 1024,
      videoEndGraceSeconds: 5,
      deadlineBaseSeconds: 60,
      deadlinePerRecordingSecond: 0.25,
      videoUploadsPerInterview: 2,
      videoUploadsPerAddress: 8,
    });
    expect(loadConfig({ MEDIA_DEADLINE_BASE_SECONDS: '2.5', MEDIA_DEADLINE_PER_RECORDING_SECOND: '0' }).media).toMatchObject({
      deadlineBaseSeconds: 2.5,
      deadlinePerRecordingSecond: 0,
    });
    expect(() => loadConfig({ MEDIA_DEADLINE_BASE_SECONDS: '0' })).toThrow(/^Invalid configuration: MEDIA_DEADLINE_BASE_SECONDS /);
    expect(() => loadConfig({ MEDIA_DEADLINE_PER_RECORDING_SECOND: '-1' })).toThrow(
      /^Invalid configuration: MEDIA_DEADLINE_PER_RECORDING_SECOND /,
    );
    expect(loadConfig({}).jobs).toMatchObject({ mediaConcurrency: 2, mediaPerTenant: 1 });
    expect(loadConfig({ MEDIA_JOBS_CONCURRENCY: '4', MEDIA_JOBS_PER_TENANT: '2' }).jobs).toMatchObject({
      mediaConcurrency: 4,
      mediaPerTenant: 2,
    });
    expect(() => loadConfig({ MEDIA_JOBS_CONCURRENCY: '0' })).toThrow(/^Invalid configuration: MEDIA_JOBS_CONCURRENCY /);
    expect(() => loadConfig({ MEDIA_JOBS_PER_TENANT: 'many' })).toThrow(/^Invalid configuration: MEDIA_JOBS_PER_TENANT /);
    expect(loadConfig({ VIDEO_UPLOADS_PER_INTERVIEW: '1', VIDEO_UPLOADS_PER_ADDRESS: '40' }).media).toMatchObject({
      videoUploadsPerInterview: 1,
      videoUploadsPerAddress: 40,
    });
    expect(() => loadConfig({ VIDEO_UPLOADS_PER_ADDRESS: '0' })).toThrow(/^Invalid configuration: VIDEO_UPLOADS_PER_ADDRESS /);
    expect(loadConfig({ RECORDING_RETENTION_DAYS: '30' }).media.retentionDays).toBe(30);
    expect(() => loadConfig({ VIDEO_END_GRACE_SECONDS: '-1' })).toThrow(/^Invalid configuration: VIDEO_END_GRACE_SECONDS /);
    expect(() => loadConfig({ STT_PROVIDER: 'sherpa-onnx' })).toThrow(/^Invalid configuration: STT_MODEL_DIR /);
  });

  it('reads the cluster settings: drain off and a one-second heartbeat by default', () => {
    expect(loadConfig({}).cluster).toEqual({ drainSeconds: 0, heartbeatSeconds: 1 });
    expect(loadConfig({ DRAIN_SECONDS: '3', NODE_HEARTBEAT_SECONDS: '0.5' }).cluster).toEqual({ drainSeconds: 3, heartbeatSeconds: 0.5 });
  });

  it('knows whether the recogniser was chosen or is the default', () => {
    const byDefault = loadConfig({});
    expect(byDefault.sttProvider).toBe('pocketsphinx');
    expect(byDefault.speech.sttProviderExplicit).toBe(false);
    expect(byDefault.speech.stt).toMatchObject({ baseUrl: 'https://api.openai.com/v1', model: 'whisper-1' });
    const chosen = loadConfig({ STT_PROVIDER: 'browser', TTS_BASE_URL: 'http://127.0.0.1:9000/v1/' });
    expect(chosen.sttProvider).toBe('browser');
    expect(chosen.speech.sttProviderExplicit).toBe(true);
    expect(chosen.speech.tts.baseUrl).toBe('http://127.0.0.1:9000/v1');
  });

  it('lets browsers recognise speech unless STT_BROWSER_ALLOWED=false, which STT_PROVIDER=browser contradicts', () => {
    expect(loadConfig({}).speech.browserRecognitionAllowed).toBe(true);
    expect(loadConfig({ STT_BROWSER_ALLOWED: 'false' }).speech.browserRecognitionAllowed).toBe(false);
    expect(() => loadConfig({ STT_PROVIDER: 'browser', STT_BROWSER_ALLOWED: 'false' })).toThrow(
      /^Invalid configuration: STT_BROWSER_ALLOWED /,
    );
  });
});
