// npx tsx bench/uploads/rss.ts <server url> <server pid>
// 60 concurrent camera uploads of 8 MiB each to unknown interviews, sent at
// 512 KiB every 0.7 s (about 12 s a body), as the hardening review did; prints
// the server's resident memory before, at its peak and after, and the answers.
// Before uploads were checked ahead of their body, each body was buffered
// whole before its 404 (docs/security.md, "Camera uploads").

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

const [url, pid] = process.argv.slice(2);
if (!url || !pid) {
  console.error('usage: npx tsx bench/uploads/rss.ts <server url> <server pid>');
  process.exit(2);
}
const { hostname, port } = new URL(url);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const before = rssMb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
const body = Buffer.alloc(8 * 1024 * 1024, 1);
const statuses: Record<string, number> = {};

function upload(): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.write(
      `PUT /candidate/interviews/${randomUUID()}/video/0 HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: video/webm\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    let answer = '';
    const pump = () => {
      if (sent >= body.length || socket.destroyed) return;
      socket.write(body.subarray(sent, sent + 512 * 1024));
      sent += 512 * 1024;
      setTimeout(pump, 700);
    };
    pump();
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      const status = answer.split(' ')[1] ?? 'no answer';
      statuses[status] = (statuses[status] ?? 0) + 1;
      resolve();
    });
  });
}

await Promise.all(Array.from({ length: 60 }, upload));
clearInterval(sampler);
console.log(
  `uploads: rss_mb before=${before.toFixed(0)} peak=${peak.toFixed(0)} after=${rssMb().toFixed(0)}; answers ${JSON.stringify(statuses)}`,
);
