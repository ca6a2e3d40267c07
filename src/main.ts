// Entry point: parse configuration, start the server, stop cleanly on SIGTERM/SIGINT.

import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer(config);
  // The synthesizer's workers load in the background, so the first interview's first reply is not the slow one;
  // a few seconds after start, so the loading does not compete with the start itself.
  setTimeout(() => {
    server.container.speech.warmUp().catch((error: unknown) => server.app.log.warn({ err: error }, 'speech warm-up failed'));
  }, 5_000).unref();
  server.app.log.info(
    { database: `${server.container.database.dialect}:${server.container.database.location}`, env: config.appEnv },
    `interview service listening on ${server.url}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    // A process group signal can arrive twice (a wrapper such as npx or tsx relays it again):
    // the second must not cut the graceful stop short. A second Ctrl-C still forces the exit.
    if (stopping) {
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      server.app.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
