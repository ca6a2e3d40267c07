// Composition root: config -> database -> repositories -> services. The HTTP
// server (main.ts), the CLI and the tests all build the service graph here,
// so each piece is constructed in exactly one place.

import { Redis } from 'ioredis';
import { ApiKeyRepository } from './auth/api-key.repository.js';
import { AuthService } from './auth/auth.service.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { InMemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import { InMemoryAuthThrottle, RedisAuthThrottle, type AuthThrottle } from './http/auth-throttle.js';
import { InterviewRepository } from './interviews/interview.repository.js';
import { InterviewService } from './interviews/interview.service.js';
import { createEvaluator, isDeterministic } from './evaluation/index.js';
import { ResultsRepository } from './results/results.repository.js';
import { ResultsReports } from './results/results.reports.js';
import { createResultsPipeline, MEDIA_LANE, resetResults } from './results/results.pipeline.js';
import { systemClock, systemScheduler, type Clock, type Scheduler } from './common/clock.js';
import { randomIds, type IdGenerator } from './common/ids.js';
import { sql } from 'kysely';
import { createWebhooks, type WebhookOverrides, type Webhooks } from './webhooks/webhooks.module.js';
import { LlmInterviewer } from './conversation/llm-interviewer.js';
import type { Interviewer } from './conversation/interviewer.js';
import { ScriptedInterviewer } from './conversation/scripted-interviewer.js';
import { JobRepository } from './jobs/job.repository.js';
import { JobRunner } from './jobs/job-runner.js';
import { DatabaseLeases, RedisLeases } from './session/session-lease.js';
import { resetSession, SessionRepository } from './session/session.repository.js';
import { SessionService, type SessionLogger } from './session/session.service.js';
import type { SpeechSupport } from './session/live-session-types.js';
import { SileroVad } from './speech/vad/silero-vad.js';
import { VoiceService } from './session/voice-service.js';
import { detectorSilenceMs } from './session/channels/turn-end.js';
import { createMediaStorage, mediaRoot } from './media/create-storage.js';
import { StoredCandidateAudio } from './media/candidate-audio.js';
import { MediaRepository } from './media/media.repository.js';
import { MediaService } from './media/media.service.js';
import { MediaDeadlines } from './media/media-deadline.js';
import { RecordingAssembler } from './media/recording-assembler.js';
import { RecordingSpeech } from './media/recording-speech.js';
import { RetentionSweeper } from './media/retention.js';
import { VideoUploads } from './media/video-upload.js';
import type { TextToSpeech } from './speech/tts/text-to-speech.js';
import path from 'node:path';
import type { LocalStorage } from './media/local-storage.js';
import type { MediaStorage } from './media/media-storage.js';
import { createSpeech, type Speech } from './speech/index.js';
import { ReportLinks } from './results/report-link.js';
import { ReportPageService } from './results/report-page.service.js';
import { loadSecretKey } from './webhooks/secret-box.js';
import { DatabaseBeatStore, NodeHeartbeats, RedisBeatStore } from './cluster/node-heartbeats.js';
import { LocalWakeups, RedisWakeups, type Wakeups } from './cluster/wakeups.js';

export interface Container {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  clock: Clock;
  scheduler: Scheduler;
  auth: AuthService;
  interviews: InterviewService;
  /** The recruiter report page: its signed links and what it shows. */
  reportPage: ReportPageService;
  rateLimiter: RateLimiter;
  authThrottle: AuthThrottle;
  webhooks: Webhooks;
  sessions: SessionService;
  jobRunner: JobRunner;
  /** The configured recogniser and synthesizer (STT_PROVIDER, TTS_PROVIDER). */
  speech: Speech;
  /** Server-side voice (protocol v2): turn-taking by VAD, speech in and out. */
  voice: VoiceService;
  /** What the start-up log should say about voice (for example no voice-activity detection). */
  voiceNotes: readonly string[];
  /** The voice-activity model every voice session shares; null when it could not be loaded. */
  vad: SileroVad | null;
  media: {
    storage: MediaStorage;
    local: LocalStorage | null;
    service: MediaService;
    candidateAudio: StoredCandidateAudio;
    /** Present when RECORDING_RETENTION_DAYS is set; the server starts it on worker nodes. */
    retention: RetentionSweeper | null;
  };
  /** This node's heartbeat, and what it knows of the others'. */
  nodes: NodeHeartbeats;
  /** Cross-node "work was queued" signals (Redis pub/sub; in-process without Redis). */
  wakeups: Wakeups;
  isHealthy(): Promise<boolean>;
  /** /ready: healthy and not draining (a balancer sends new candidates elsewhere once it fails). */
  isReady(): Promise<boolean>;
  /** The first step of a graceful stop: /ready fails from now on. */
  startDraining(): void;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  /** The session timers, the gateway's ping and the job and webhook polls; tests pass a twin that moves with their clock. */
  scheduler?: Scheduler;
  ids?: IdGenerator;
  webhooks?: WebhookOverrides;
  /** The interviewer's voice on recordings (tests pass a real synthesizer of their own). */
  tts?: TextToSpeech | null;
  /** Where session and job problems are reported (the server passes its logger). */
  log?: SessionLogger;
  /** What speech the candidate page is offered per language (protocol v2 `session.speech`); tests of the page set it. */
  speech?: (languageCode: number) => SpeechSupport;
}

export async function createContainer(config: Config, overrides: ContainerOverrides = {}): Promise<Container> {
  const clock = overrides.clock ?? systemClock;
  const scheduler = overrides.scheduler ?? systemScheduler;
  const ids = overrides.ids ?? randomIds;
  const log: SessionLogger = overrides.log ?? (() => {});
  // Speech first: a provider that was asked for and cannot run stops the start before anything is opened.
  const speech = createSpeech(config, { scheduler });
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.close();
    throw error;
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  // Connection errors surface on commands (and are handled there); without a listener ioredis would log to stderr.
  redis?.on('error', () => {});
  // Commands are not queued while connecting: wait for the connection, so the first candidate after
  // start-up is not refused. An unreachable Redis errors at once, and the service starts without it.
  if (redis) await redisSettled(redis, 5_000);
  const nodes = new NodeHeartbeats(
    NodeHeartbeats.newNodeId(ids),
    redis ? new RedisBeatStore(redis) : new DatabaseBeatStore(database.db),
    clock,
    scheduler,
    config.cluster.heartbeatSeconds * 1000,
    (error) => log('warn', 'node heartbeat failed', error),
  );
  const wakeups: Wakeups = redis
    ? await RedisWakeups.connect(redis, (error) => log('warn', 'cross-node wake-up failed', error))
    : new LocalWakeups();
  let draining = false;
  const isHealthy = async () => {
    await sql`select 1`.execute(database.db);
    return true;
  };

  const storage = await createMediaStorage(config, clock);
  const interviewRepository = new InterviewRepository(database.db, config.session.logMaxLines);
  const results = new ResultsRepository(database.db);
  // Media: what another node may need (candidate audio, prepared speech, camera chunks) goes to the shared store;
  // DATA_DIR/media holds only this node's work folders (assembly) and the bodies of uploads being received.
  const candidateAudio = new StoredCandidateAudio(storage.storage);
  const mediaRepository = new MediaRepository(database.db);
  // The interviewer's voice on every recording: the configured synthesizer (TTS_PROVIDER), made during the session where it can be.
  const recordingSpeech = new RecordingSpeech(
    path.join(mediaRoot(config.dataDir), 'work'),
    storage.storage,
    overrides.tts === undefined ? speech.tts : overrides.tts,
    (error) => log('warn', "the interviewer's speech for a recording could not be prepared (assembly will synthesise it)", error),
  );
  // Every ffmpeg run over a recording is bounded by the recording's length (MEDIA_DEADLINE_*).
  const mediaDeadlines = new MediaDeadlines(
    { baseSeconds: config.media.deadlineBaseSeconds, perRecordingSecond: config.media.deadlinePerRecordingSecond },
    scheduler,
  );
  const mediaService = new MediaService({
    repository: mediaRepository,
    interviews: interviewRepository,
    storage: storage.storage,
    assembler: new RecordingAssembler({
      workRoot: path.join(mediaRoot(config.dataDir), 'work'),
      spool: candidateAudio,
      speech: recordingSpeech,
      deadlines: mediaDeadlines,
    }),
    videos: new VideoUploads(
      path.join(mediaRoot(config.dataDir), 'spool'),
      storage.storage,
      {
        maxChunkBytes: config.media.videoMaxChunkBytes,
        maxTotalBytes: config.media.videoMaxBytes,
      },
      clock,
      scheduler,
    ),
    urlTtlSeconds: config.media.urlTtlSeconds,
    videoEndGraceMs: config.media.videoEndGraceSeconds * 1000,
    deadlines: mediaDeadlines,
    clock,
  });
  const retention = config.media.retentionDays
    ? new RetentionSweeper({
        db: database.db,
        media: mediaService,
        repository: mediaRepository,
        interviews: interviewRepository,
        clock,
        retentionDays: config.media.retentionDays,
      })
    : null;
  const media = { ...storage, service: mediaService, candidateAudio, retention };
  const recordings = mediaService;
  const reports = new ResultsReports(results, recordings);
  const webhooks = createWebhooks({
    config,
    database,
    interviews: interviewRepository,
    clock,
    scheduler,
    ids,
    source: reports,
    overrides: overrides.webhooks,
    wakeups,
  });
  const reportPage = new ReportPageService({
    interviews: interviewRepository,
    results,
    reports,
    recordings,
    // Keyed from the webhook secret key, which every node of a deployment shares; valid as long as a recording link.
    links: new ReportLinks(
      loadSecretKey(config.webhooks.secretKey, config.dataDir),
      config.publicBaseUrl,
      config.media.urlTtlSeconds,
      clock,
    ),
  });
  const auth = new AuthService(new ApiKeyRepository(database.db), config.integrationSecrets, clock, ids);
  const interviews = new InterviewService({
    repository: interviewRepository,
    reports,
    recordings,
    resetHooks: [
      webhooks.resetHook,
      resetSession,
      (tx, interviewId) => resetResults(results, tx, interviewId),
      // Stored recordings, work folder, candidate spool and media rows ("local media wiped").
      async (tx, interviewId) => void (await mediaService.erase(tx, interviewId)),
    ],
    eraseHooks: [
      webhooks.eraseHook,
      resetSession,
      (tx, interviewId) => resetResults(results, tx, interviewId),
      async (tx, interviewId) => void (await mediaService.erase(tx, interviewId)),
    ],
    // From the commit on every candidate route refuses the link; an upload that was being written is removed.
    afterErase: (interviewId) => mediaService.discardWork(interviewId),
    // The session service is built below; a reset only happens once the server runs.
    beforeReset: (interviewId) => sessions.endForReset(interviewId),
    clock,
    ids,
    appEnv: config.appEnv,
    candidateUiUrl: config.candidateUiUrl,
  });
  const rateLimiter = redis
    ? new RedisRateLimiter(redis, config.rateLimitPerMinute, clock)
    : new InMemoryRateLimiter(config.rateLimitPerMinute, clock);
  const authThrottle = redis
    ? new RedisAuthThrottle(redis, config.authFailuresPerMinute, clock)
    : new InMemoryAuthThrottle(config.authFailuresPerMinute, clock);

  const jobRunner = new JobRunner(database.db, new JobRepository(database.db, database.dialect), clock, scheduler, ids, {
    pollMs: config.jobs.pollSeconds * 1000,
    // Longer than any step's slowest honest run (a model call with one retry), so a live worker is never overtaken.
    leaseMs: config.jobs.leaseSeconds * 1000,
    backoffBaseMs: 5_000,
    onError: (kind, error) => log('error', `job ${kind} failed`, error),
    // Media work (ffmpeg, large uploads) has slots of its own, shared out by tenant: it never holds up a hand-off or an evaluation.
    lanes: { [MEDIA_LANE]: { concurrency: config.jobs.mediaConcurrency, perTenant: config.jobs.mediaPerTenant } },
    owner: `worker:${nodes.nodeId}`,
    deadOwners: async () => (await nodes.listDead()).map((nodeId) => `worker:${nodeId}`),
  });
  // A job committed on any node (an interview ended on a session node) wakes the workers at once.
  wakeups.subscribe('jobs', () => void jobRunner.kick());
  const evaluator = createEvaluator(config.llm);
  const pipeline = createResultsPipeline({
    interviews: interviewRepository,
    results,
    evaluator,
    evaluateEveryLocale: isDeterministic(evaluator),
    webhooks: webhooks.service,
    ids,
    media: mediaService,
    db: database.db,
  });
  for (const step of pipeline) jobRunner.register(step);
  // Voice: the Silero model is loaded once for every session; without it candidates type (and still hear).
  const voiceNotes: string[] = [];
  const vad = await SileroVad.load({ silenceMs: detectorSilenceMs(config.voice), threshold: config.voice.vadThreshold }).catch(
    (error: unknown) => {
      voiceNotes.push(
        `voice-activity detection off (${error instanceof Error ? error.message : String(error)}); candidates answer by typing`,
      );
      return null;
    },
  );
  const voice = new VoiceService({
    vad,
    stt: speech.stt,
    tts: speech.tts,
    settings: config.voice,
    browserRecognitionAllowed: config.speech.browserRecognitionAllowed,
    log,
    // The candidate's microphone goes to the recording's spool, placed on the session clock.
    audioSink: candidateAudio,
    recordingSpeech,
    clock,
    scheduler,
  });

  const sessions = new SessionService({
    repository: new SessionRepository(database.db, interviewRepository),
    leases: redis ? new RedisLeases(redis) : new DatabaseLeases(database.db, clock),
    interviewer: createInterviewer(config),
    clock,
    scheduler,
    ids,
    settings: config.session,
    onInterviewEnded: () => wakeups.publish('jobs'),
    nodes,
    log,
    speech: overrides.speech ?? ((languageCode) => voice.support(languageCode)),
  });

  return {
    config,
    database,
    redis,
    clock,
    scheduler,
    auth,
    interviews,
    reportPage,
    rateLimiter,
    authThrottle,
    webhooks,
    sessions,
    jobRunner,
    speech,
    voice,
    voiceNotes,
    vad,
    media,
    nodes,
    wakeups,
    isHealthy,
    async isReady() {
      return !draining && (await isHealthy());
    },
    startDraining() {
      draining = true;
    },
    async close() {
      await webhooks.close();
      await wakeups.close();
      // The last pieces of candidate audio, flushed as the sessions closed, are stored before the connections go.
      await candidateAudio.settled();
      storage.storage.close();
      redis?.disconnect();
      await speech.close();
      await vad?.close();
      await database.close();
    },
  };
}

function createInterviewer(config: Config): Interviewer {
  if (config.llm.provider !== 'openai' || !config.llm.model) return new ScriptedInterviewer();
  return new LlmInterviewer({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    timeoutMs: config.llm.timeoutSeconds * 1000,
  });
}

/** Resolves once the client is ready, has failed to connect, or the time is up. */
function redisSettled(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
