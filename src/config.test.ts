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
      webhooks: { allowInsecureHttp: false, allowPrivateTargets: false, maxAttempts: 3, backoffBaseSeconds: 10, timeoutSeconds: 10 },
      llm: { provider: 'scripted' },
      storage: 'local',
      s3: null,
      voice: { vadSilenceMs: 700, vadThreshold: 0.5, bargeInMs: 400 },
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
    ['CANDIDATE_PRIVACY_URL', 'javascript:alert(1)'],
    ['CANDIDATE_PRIVACY_URL', 'not a url'],
    ['STT_PROVIDER', 'whisper'],
    ['TTS_PROVIDER', 'say'],
    ['STT_BASE_URL', 'file:///tmp/x'],
    ['TTS_BASE_URL', 'not a url'],
    ['SPEECH_TIMEOUT_SECONDS', '0'],
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
    });
    expect(loadConfig({ RECORDING_RETENTION_DAYS: '30' }).media.retentionDays).toBe(30);
    expect(() => loadConfig({ VIDEO_END_GRACE_SECONDS: '-1' })).toThrow(/^Invalid configuration: VIDEO_END_GRACE_SECONDS /);
    expect(() => loadConfig({ STT_PROVIDER: 'sherpa-onnx' })).toThrow(/^Invalid configuration: STT_MODEL_DIR /);
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
});
