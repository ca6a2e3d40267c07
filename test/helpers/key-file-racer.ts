// A separate process for the key-file race: prints "ready", waits for a line on
// stdin (the start signal shared by every racer), then loads or creates the key
// in each of argv[3] directories under argv[2] and prints their keys as JSON.

import path from 'node:path';
import { loadOrCreateKeyFile } from '../../src/common/private-files.js';

const [parent = '', countText = '0'] = process.argv.slice(2);
const count = Number(countText);
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    try {
      keys.push(loadOrCreateKeyFile(path.join(parent, String(i)), 'race.key').toString('base64'));
    } catch (error) {
      keys.push(`error: ${(error as Error).message}`);
    }
  }
  process.stdout.write(`${JSON.stringify(keys)}\n`);
  process.exit(0);
});
