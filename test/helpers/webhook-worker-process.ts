// A delivery worker in a process of its own, on the database named by the
// environment, so a test can kill it (SIGKILL) in the middle of a send.

import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';

const config = loadConfig(process.env);
const container = await createContainer(config, {
  webhooks: { pollIntervalMs: 20, leaseMs: Number(process.env.TEST_WEBHOOK_LEASE_MS ?? 30_000) },
});
container.webhooks.worker.onError = (error) => process.stderr.write(`worker error: ${String(error)}\n`);
container.webhooks.worker.start();
// The worker's poll timer is unref'd (a server's listening socket keeps its process alive); this process has no socket.
setInterval(() => {}, 60_000);
process.stdout.write('ready\n');
