// The stdio protocol between the service and a synthesizer program
// (synth-processes.ts). Jobs go in as one JSON line each. Answers come back as
// frames: a 4-byte big-endian header length, the header as JSON (`id`, and
// either `error` or the engine's fields, plus `bytes`), then `bytes` bytes of
// audio. The program speaks only through frames on stdout: whatever the
// engine prints is sent to stderr.

/** One answer from the program. */
export interface ProgramReply {
  header: { id: number; error?: unknown; bytes: number } & Record<string, unknown>;
  body: Uint8Array;
}

/** Longest header the service accepts: a few fields, never kilobytes. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * The start of every program: `config` from the command line, `send(header,
 * body?)` for answers, and jobs handed one at a time to the engine's
 * `handle(job)`. The program ends when the service closes its stdin.
 */
export const PROGRAM_PRELUDE = `
'use strict';
const config = JSON.parse(process.argv[1]);
console.log = console.info = console.debug = console.error;
function send(header, body) {
  const bytes = body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : Buffer.alloc(0);
  const head = Buffer.from(JSON.stringify({ ...header, bytes: bytes.length }));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(head.length);
  process.stdout.write(Buffer.concat([size, head, bytes]));
}
let turn = Promise.resolve();
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const job = JSON.parse(line);
  turn = turn.then(() => handle(job)).catch((error) => {
    send({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  });
});
process.stdin.on('end', () => process.exit(0));
`;

/** Cuts the program's stdout into replies. Throws on a frame that breaks the protocol. */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);
  private header: ProgramReply['header'] | null = null;

  constructor(private readonly onReply: (reply: ProgramReply) => void) {}

  push(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      if (!this.header) {
        if (this.buffered.length < 4) return;
        const size = this.buffered.readUInt32BE(0);
        if (size > MAX_HEADER_BYTES) throw new Error(`a frame header of ${size} bytes`);
        if (this.buffered.length < 4 + size) return;
        this.header = parseHeader(this.buffered.subarray(4, 4 + size));
        this.buffered = this.buffered.subarray(4 + size);
      }
      if (this.buffered.length < this.header.bytes) return;
      // A copy in an ArrayBuffer of its own, aligned for Int16Array views.
      const body = new Uint8Array(this.buffered.subarray(0, this.header.bytes));
      const header = this.header;
      this.buffered = this.buffered.subarray(header.bytes);
      this.header = null;
      this.onReply({ header, body });
    }
  }
}

function parseHeader(bytes: Buffer): ProgramReply['header'] {
  const header: unknown = JSON.parse(bytes.toString('utf8'));
  if (typeof header !== 'object' || header === null) throw new Error('a frame header that is not an object');
  const { id, bytes: size } = header as Record<string, unknown>;
  if (typeof id !== 'number' || typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
    throw new Error('a frame header without id and bytes');
  }
  return header as ProgramReply['header'];
}
