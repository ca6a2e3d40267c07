// The candidate page's camera upload, authorised by the interview link alone
// (like the session socket): PUT one chunk of the MediaRecorder WebM at a
// time, GET where a resumed upload goes on, POST complete when the last is sent. Refusals are clear 4xx and change
// nothing (docs/media.md, "Video").

import type { FastifyInstance } from 'fastify';
import type { MediaService } from '../../media/media.service.js';

const STATUS = { too_large: 413, not_webm: 415, out_of_order: 409, closed: 409 } as const;
const NOT_FOUND = { detail: 'InterviewNotExist' };
const CHUNK_TYPES = ['video/webm', 'audio/webm', 'application/octet-stream'];

export function registerVideoUploadRoutes(app: FastifyInstance, media: MediaService): void {
  // Raw bytes, at most one chunk's worth; anything larger is refused while it arrives.
  app.addContentTypeParser(CHUNK_TYPES, { parseAs: 'buffer', bodyLimit: media.videoLimits.maxChunkBytes }, (_request, body, done) =>
    done(null, body),
  );

  app.get<{ Params: { id: string } }>('/candidate/interviews/:id/video', { schema: { hide: true } }, async (request, reply) => {
    const progress = await media.videoProgress(request.params.id);
    if (!progress) return reply.code(404).send(NOT_FOUND);
    return reply.header('cache-control', 'no-store').send(progress);
  });

  // The page's last chunk is uploaded (it stopped recording): the media step need not wait for more.
  app.post<{ Params: { id: string } }>('/candidate/interviews/:id/video/complete', { schema: { hide: true } }, async (request, reply) => {
    const outcome = await media.completeVideo(request.params.id);
    if (!outcome) return reply.code(404).send(NOT_FOUND);
    if (outcome === 'closed')
      return reply.code(409).send({ detail: 'This interview does not take video now: its recording is being made or is done' });
    return reply.header('cache-control', 'no-store').send(outcome);
  });

  app.put<{ Params: { id: string; chunk: string } }>(
    '/candidate/interviews/:id/video/:chunk',
    // The route's limit, whatever the Content-Type: request.routeOptions.bodyLimit then names it in the 413.
    { schema: { hide: true }, bodyLimit: media.videoLimits.maxChunkBytes },
    async (request, reply) => {
      const chunk = /^\d{1,6}$/.test(request.params.chunk) ? Number(request.params.chunk) : -1;
      if (chunk < 0) return reply.code(422).send({ detail: 'The chunk number must be a whole number from 0' });
      if (!Buffer.isBuffer(request.body)) {
        return reply.code(415).send({ detail: `Send the chunk's bytes as ${CHUNK_TYPES.join(', ')}` });
      }
      const outcome = await media.uploadVideoChunk(request.params.id, chunk, request.body);
      if (!outcome) return reply.code(404).send(NOT_FOUND);
      if (!outcome.ok) return reply.code(STATUS[outcome.refusal.code]).send({ detail: outcome.refusal.detail });
      return reply.code(outcome.repeated ? 200 : 201).send(outcome.progress);
    },
  );
}
