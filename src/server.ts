import { waitOn } from './common/clock.js';
import type { Config } from './config.js';
import { createContainer, type Container, type ContainerOverrides } from './container.js';
import { buildHttpApp, type HttpApp } from './http/app.js';
import type { SessionLogger } from './session/session.service.js';

export interface RunningServer {
  app: HttpApp;
  container: Container;
  /** The address it listens on, e.g. http://127.0.0.1:8000. */
  url: string;
  /**
   * Drains and stops: /ready fails (for DRAIN_SECONDS before anything else, so the balancer notices),
   * new sessions are refused, live ones finish their turn and move to another node, in-flight
   * requests and jobs finish, then the database closes.
   */
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  overrides: ContainerOverrides & { logger?: boolean; startWebhookWorker?: boolean } = {},
): Promise<RunningServer> {
  let log: SessionLogger | undefined; // eslint-disable-line prefer-const -- assigned once the app (and its logger) exists
  const container = await createContainer(config, { ...overrides, log: (level, message, error) => log?.(level, message, error) });
  const app = await buildHttpApp(container, {
    logger: overrides.logger === false ? false : { level: config.logLevel },
    limits: config.http,
    metrics: { token: config.metricsToken, isProduction: config.appEnv === 'production' },
    trustedProxies: config.trustedProxies,
    candidateOrigins: {
      publicBaseUrl: config.publicBaseUrl,
      candidateUiUrl: config.candidateUiUrl,
      allowedOrigins: config.session.allowedOrigins,
    },
    candidatePrivacyUrl: config.candidatePage.privacyUrl,
    reportFrameAncestors: config.reportPage.frameAncestors,
    videoUploadSlots: { perInterview: config.media.videoUploadsPerInterview, perAddress: config.media.videoUploadsPerAddress },
  });
  log = (level, message, error) => app.log[level](error === undefined ? {} : { err: error }, message);
  for (const note of container.speech.notes) app.log.warn(note);
  for (const note of container.voiceNotes) app.log.warn(note);
  try {
    // Alive before it serves anyone: a node that never beat is never declared dead.
    await container.nodes.start();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await container.close();
    throw error;
  }
  // Deliveries start once the API is up; stopping them comes before the database closes. A node with
  // WEBHOOKS_WORKER=false only queues them: the wake-up it publishes reaches the workers of other nodes.
  const worker = container.webhooks.worker;
  if (config.webhooks.worker && overrides.startWebhookWorker !== false) {
    worker.onError = (error) => app.log.error({ err: error }, 'webhook worker error');
    worker.start();
  }
  if (config.jobs.worker) container.jobRunner.start();
  if (config.jobs.worker)
    container.media.retention?.start(container.scheduler, (error) => log?.('error', 'recording retention sweep failed', error));
  container.sessions.startSweeper();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    app,
    container,
    url: `http://${host}:${port}`,
    close() {
      closing ??= (async () => {
        container.startDraining();
        if (config.cluster.drainSeconds > 0) {
          await waitOn(container.scheduler, config.cluster.drainSeconds * 1000);
        }
        // Live sessions close with 1001 and record their disconnection first, so the page can resume on another node at once.
        await container.sessions.stop();
        await app.close();
        await worker.stop();
        await container.jobRunner.stop();
        container.media.retention?.stop();
        await container.nodes.stop();
        await container.close();
      })();
      return closing;
    },
  };
}
