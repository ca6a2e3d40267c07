// Helper process of the session bench: connects one candidate per interview id
// (argv), waits for each opening turn, prints "ready", and holds the sessions
// open until stdin closes. Keeps client memory out of the server's heap figure.

import { CandidateClient } from '../../src/cli/candidate-client.js';

const [baseUrl, ...ids] = process.argv.slice(2);
const clients = await Promise.all(
  ids.map(async (id) => {
    const client = await CandidateClient.connect(baseUrl!, id);
    await client.turn(60_000);
    return client;
  }),
);
process.stdout.write('ready\n');
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all(clients.map((c) => c.close())).then(() => process.exit(0));
});
