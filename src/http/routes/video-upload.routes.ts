// The candidate page's camera upload, authorised by the interview link alone
// (like the session socket): PUT one chunk of the MediaRecorder WebM at a
// time, GET where a resumed upload goes on, POST complete when the last is
// sent. Everything that can refuse a chunk is decided in onRequest, before a
// byte of its body is read: the Origin (the feedback route's rule), the chunk
// number and type, the declared length, the interview (exists, not erased,
// started, live or within the end grace, upload not sealed, the number is
// next) and the concurrent uploads per interview and per client address. A
// response sent there closes the connection with the body unread
// (connection-limits.ts). The body is then streamed to disk, never buffered
// (docs/media.md, "Video"; docs/security.md, "Camera uploads").

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { MediaService, VideoRefusal } from '../../media/media.service.js';
import type { ChunkRefusal } from '../../media/video-upload.js';
import { UploadSlots, type UploadSlotLimits } from '../upload-slots.js';

const STATUS: Record<ChunkRefusal['code'], number> = {
  too_large: 413,
  not_webm: 415,
  unsupported_codec: 415,
  packet_flood: 422,
  out_of_order: 409,
  conflict: 409,
  closed: 409,
};
const NOT_FOUND = { detail: 'InterviewNotExist' };
const ERASED = { detail: "This interview's personal data was erased on request; its link no longer works" };
const CHUNK_TYPES = ['video/webm', 'audio/webm', 'application/octet-stream'];
const CHUNK_NUMBER = /^\d{1,6}$/;

export interface VideoUploadDeps {
  media: MediaService;
  /** Same rule as the candidate WebSocket and the feedback route. */
  isAllowedOrigin(origin: string | undefined): boolean;
  slots: UploadSlotLimits;
}

type Params = { id: string; chunk?: string };

export function registerVideoUploadRoutes(app: FastifyInstance, deps: VideoUploadDeps): void {
  const { media } = deps;
  const slots = new UploadSlots(deps.slots);
  const maxChunkBytes = media.videoLimits.maxChunkBytes;
  // The body stays a stream: the handler writes it to disk as it arrives.
  app.addContentTypeParser(CHUNK_TYPES, (_request, payload, done) => done(null, payload));

  const refuse = (reply: FastifyReply, refusal: VideoRefusal) => {
    if (refusal === 'not_found') return reply.code(404).send(NOT_FOUND);
    if (refusal === 'erased') return reply.code(410).send(ERASED);
    return reply.code(STATUS[refusal.code]).send({ detail: refusal.detail });
  };
  const checkOrigin = async (request: { headers: { origin?: string } }, reply: FastifyReply) => {
    if (!deps.isAllowedOrigin(request.headers.origin)) {
      await reply.code(403).send({ detail: 'this origin may not upload candidate video (see CANDIDATE_ALLOWED_ORIGINS)' });
    }
  };

  app.get<{ Params: Params }>(
    '/candidate/interviews/:id/video',
    { schema: { hide: true }, onRequest: checkOrigin },
    async (request, reply) => {
      const progress = await media.videoProgress(request.params.id);
      if (progress === 'not_found' || progress === 'erased') return refuse(reply, progress);
      return reply.header('cache-control', 'no-store').send(progress);
    },
  );

  // The page's last chunk is uploaded (it stopped recording): the media step need not wait for more.
  app.post<{ Params: Params }>(
    '/candidate/interviews/:id/video/complete',
    { schema: { hide: true }, onRequest: checkOrigin },
    async (request, reply) => {
      const outcome = await media.completeVideo(request.params.id);
      if (outcome === 'not_found' || outcome === 'erased') return refuse(reply, outcome);
      if (outcome === 'closed')
        return reply.code(409).send({ detail: 'This interview does not take video now: its recording is being made or is done' });
      return reply.header('cache-control', 'no-store').send(outcome);
    },
  );

  app.put<{ Params: Params }>(
    '/candidate/interviews/:id/video/:chunk',
    {
      schema: { hide: true },
      bodyLimit: maxChunkBytes,
      onRequest: async (request, reply) => {
        await checkOrigin(request, reply);
        if (reply.sent) return;
        const { id, chunk } = request.params;
        if (!CHUNK_NUMBER.test(chunk ?? '')) return reply.code(422).send({ detail: 'The chunk number must be a whole number from 0' });
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!CHUNK_TYPES.includes(type)) return reply.code(415).send({ detail: `Send the chunk's bytes as ${CHUNK_TYPES.join(', ')}` });
        if (Number(request.headers['content-length'] ?? 0) > maxChunkBytes) {
          return reply.code(413).send({ detail: `Request body is larger than ${maxChunkBytes} bytes` });
        }
        const refusal = await media.videoRefusal(id, Number(chunk));
        if (refusal) return refuse(reply, refusal);
        const release = slots.take(id.toLowerCase(), request.ip);
        if (!release) {
          return reply
            .code(429)
            .header('retry-after', '1')
            .send({ detail: 'Too many camera uploads in flight for this interview or from this address; send one chunk at a time' });
        }
        // Whether the response is sent or the client goes away, the slot is free again.
        reply.raw.once('close', release);
      },
    },
    async (request, reply) => {
      const chunk = Number(request.params.chunk);
      let outcome: Awaited<ReturnType<MediaService['uploadVideoChunk']>>;
      try {
        outcome = await media.uploadVideoChunk(request.params.id, chunk, request.body as Readable);
      } catch (error) {
        // The client stopped sending (or went away) mid-chunk: its fault, and nothing was appended.
        if (!request.raw.complete) return reply.code(400).send({ detail: "The chunk's body did not arrive whole" });
        throw error;
      }
      if (outcome === 'not_found' || outcome === 'erased') return refuse(reply, outcome);
      if (!outcome.ok) return refuse(reply, outcome.refusal);
      return reply.code(outcome.repeated ? 200 : 201).send(outcome.progress);
    },
  );
}
