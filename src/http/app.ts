import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AuthService } from '../auth/auth.service.js';
import type { InterviewService } from '../interviews/interview.service.js';
import { requireApiKey } from './authentication.js';
import { frameworkErrorOptions, installErrorHandling } from './error-handler.js';
import { installMetrics, observeDatabaseQueries, observeSessionTurns, observeSynthesis, observeVoiceTurns } from './metrics.js';
import { installOpenApi } from './openapi.js';
import type { RateLimiter } from './rate-limiter.js';
import { loadCandidatePageBuild } from './candidate-page.js';
import type { AuthThrottle } from './auth-throttle.js';
import { registerCandidatePage } from './routes/candidate-page.routes.js';
import { registerInterviewRoutes } from './routes/interview.routes.js';
import { registerWebhookRoutes } from './routes/webhook.routes.js';
import type { WebhookService } from '../webhooks/webhook.service.js';
import type { SessionService } from '../session/session.service.js';
import type { VoiceService } from '../session/voice-service.js';
import type { Speech } from '../speech/index.js';
import type { Scheduler } from '../common/clock.js';
import { registerCandidateGateway } from './candidate-gateway.js';
import { collectRoutes } from './route-table.js';
import { createValidatorCompiler } from './validation.js';
import { trustProxyOption } from './client-address.js';
import { MAX_URL_CHARS } from '../common/schema.js';
import { closeAfterEarlyResponse, connectionLimitOptions, DEFAULT_HTTP_LIMITS } from './connection-limits.js';
import type { HttpLimits } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { MetricsAccess } from './metrics.js';
import { CandidateOrigins, type CandidateOriginSettings } from './candidate-origins.js';
import type { LocalStorage } from '../media/local-storage.js';
import { registerMediaRoutes } from './routes/media.routes.js';
import { registerVideoUploadRoutes } from './routes/video-upload.routes.js';
import type { MediaService } from '../media/media.service.js';
import type { ReportPageService } from '../results/report-page.service.js';
import { loadReportPageTemplate, type FrameAncestors } from './report-page.js';
import { registerReportLinkRoute, registerReportPage } from './routes/report-page.routes.js';
import type { UploadSlotLimits } from './upload-slots.js';
import { requestLogSerializers } from './request-log.js';

export interface HttpDeps {
  auth: AuthService;
  rateLimiter: RateLimiter;
  authThrottle: AuthThrottle;
  interviews: InterviewService;
  /** The recruiter report page: the API hands out its link, the page route checks it. */
  reportPage: ReportPageService;
  webhooks: { service: WebhookService };
  sessions: SessionService;
  /** Timers of the candidate gateway (the WebSocket ping). */
  scheduler: Scheduler;
  /** Server-side voice for protocol v2 sessions; absent: v2 sessions are text-only. */
  voice?: VoiceService | null;
  /** Counted for /metrics (tts_syntheses_total); absent in tests that build the app alone. */
  speech?: Pick<Speech, 'observeSynthesis'>;
  /** Counted for /metrics (db_queries_total); absent in tests that build the app alone. */
  database?: Pick<DatabaseHandle, 'observeQueries'>;
  /** Checked by /health: the database answers. */
  isHealthy: () => Promise<boolean>;
  /** Checked by /ready: healthy and not draining (SIGTERM makes it fail first, while /health stays up). */
  isReady: () => Promise<boolean>;
  /** STORAGE=local: the files the media route serves through signed links (null with S3); the camera upload. */
  media: { local: LocalStorage | null; service: MediaService };
}

export interface HttpOptions {
  logger: FastifyServerOptions['logger'];
  bodyLimit?: number;
  limits?: HttpLimits;
  metrics?: MetricsAccess;
  /** TRUSTED_PROXIES: peers whose X-Forwarded-For names the client (src/http/client-address.ts). */
  trustedProxies?: readonly string[];
  /** Origins allowed to open the candidate WebSocket. */
  candidateOrigins: CandidateOriginSettings;
  /** The operator's privacy notice, linked from the candidate page (CANDIDATE_PRIVACY_URL). */
  candidatePrivacyUrl?: string | null;
  /** Who may frame the recruiter report page (REPORT_FRAME_ANCESTORS); any site by default. */
  reportFrameAncestors?: FrameAncestors;
  /** Camera uploads in flight per interview and per client address (VIDEO_UPLOADS_PER_INTERVIEW, VIDEO_UPLOADS_PER_ADDRESS). */
  videoUploadSlots?: UploadSlotLimits;
}

const DEFAULT_UPLOAD_SLOTS: UploadSlotLimits = { perInterview: 2, perAddress: 8 };

/** The running HTTP application, for code outside http/ that must hold it without importing Fastify. */
export type HttpApp = FastifyInstance;

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildHttpApp(deps: HttpDeps, options: HttpOptions): Promise<HttpApp> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({
    // Signed media links are logged without their signature.
    logger:
      options.logger && typeof options.logger === 'object' ? { ...options.logger, serializers: requestLogSerializers } : options.logger,
    bodyLimit,
    // A caller's own request id is kept when it is sane, so logs on both sides line up.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(options.trustedProxies ?? []),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_URL_CHARS },
    ...frameworkErrorOptions,
    ...connectionLimitOptions(options.limits ?? DEFAULT_HTTP_LIMITS),
  });
  closeAfterEarlyResponse(app);
  const routes = collectRoutes(app);
  app.decorateRequest('principal', null);
  app.setValidatorCompiler(createValidatorCompiler());
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app, { routes });
  const metrics = installMetrics(app, options.metrics, deps.authThrottle);
  await installOpenApi(app);

  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const healthy = await deps.isHealthy().catch(() => false);
    return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable' });
  });
  // The balancer's probe: fails first when the node drains, so new candidates go elsewhere.
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await deps.isReady().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
  });

  await app.register(async (api) => {
    requireApiKey(api, deps);
    registerInterviewRoutes(api, deps.interviews);
    registerReportLinkRoute(api, deps.reportPage);
    registerWebhookRoutes(api, deps.webhooks.service);
  });
  // Candidate routes: authorised by the link alone, outside the API-key context.
  await app.register(async (candidate) => {
    await registerCandidateGateway(candidate, deps.sessions, deps.scheduler, options.candidateOrigins, deps.voice ?? null, (id) =>
      deps.interviews.isErased(id),
    );
    const origins = new CandidateOrigins(options.candidateOrigins, () => app.server.address());
    registerCandidatePage(candidate, {
      build: loadCandidatePageBuild(),
      settings: {
        privacyUrl: options.candidatePrivacyUrl ?? null,
        reconnectGraceSeconds: deps.sessions.settings.reconnectGraceSeconds,
        maxResumes: deps.sessions.settings.maxResumes,
        inactivitySeconds: deps.sessions.settings.inactivitySeconds,
        inactivityReminders: deps.sessions.settings.inactivityReminders,
        moreTimeSeconds: deps.sessions.settings.moreTimeSeconds,
        moreTimeRequests: deps.sessions.settings.moreTimeRequests,
      },
      languageOf: (id) => deps.interviews.findLanguageCode(id),
      recordFeedback: (id, feedback) => deps.interviews.recordCandidateFeedback(id, feedback),
      isErased: (id) => deps.interviews.isErased(id),
      isAllowedOrigin: (origin) => origins.isAllowed(origin),
    });
  });
  // The recruiter report page: authorised by its signed link alone, like a recording.
  await app.register(async (report) =>
    registerReportPage(report, {
      reports: deps.reportPage,
      template: loadReportPageTemplate(),
      frameAncestors: options.reportFrameAncestors ?? 'any',
    }),
  );
  // The camera upload: a candidate route (the link is the authority), in its own scope for its body parser.
  const uploadOrigins = new CandidateOrigins(options.candidateOrigins, () => app.server.address());
  await app.register(async (upload) =>
    registerVideoUploadRoutes(upload, {
      media: deps.media.service,
      isAllowedOrigin: (origin) => uploadOrigins.isAllowed(origin),
      slots: options.videoUploadSlots ?? DEFAULT_UPLOAD_SLOTS,
    }),
  );
  // Recordings: authorised by the signed link alone (like a presigned S3 URL).
  if (deps.media.local) {
    const local = deps.media.local;
    await app.register(async (media) => registerMediaRoutes(media, local));
  }
  observeSessionTurns(metrics, deps.sessions);
  if (deps.database) observeDatabaseQueries(metrics, deps.database);
  if (deps.voice) observeVoiceTurns(metrics, deps.voice);
  if (deps.speech) observeSynthesis(metrics, deps.speech);
  return app;
}
