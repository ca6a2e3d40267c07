import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createContainer, type Container, type ContainerOverrides } from './container.js';
import { buildHttpApp } from './http/app.js';

export interface RunningServer {
  app: FastifyInstance;
  container: Container;
  /** The address it listens on, e.g. http://127.0.0.1:8000. */
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  overrides: ContainerOverrides & { logger?: boolean; startWebhookWorker?: boolean } = {},
): Promise<RunningServer> {
  const container = await createContainer(config, overrides);
  const app = await buildHttpApp(container, {
    logger: overrides.logger === false ? false : { level: config.logLevel },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await container.close();
    throw error;
  }
  // Deliveries start once the API is up; stopping them comes before the database closes.
  const worker = container.webhooks.worker;
  if (overrides.startWebhookWorker !== false) {
    worker.onError = (error) => app.log.error({ err: error }, 'webhook worker error');
    worker.start();
  }
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
        await app.close();
        await worker.stop();
        await container.close();
      })();
      return closing;
    },
  };
}
