// GET /media/<key>?expires=&signature=: local recordings (STORAGE=local),
// served only through the signed, expiring links the API hands out. No API
// key: the link is the authority, like a presigned S3 URL. Range requests
// (players seek) and conditional requests come from @fastify/send.

import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import type { LocalStorage } from '../../media/local-storage.js';
import { LOCAL_MEDIA_ROUTE } from '../../media/local-storage.js';

const DETAIL = {
  tampered: 'This media link is not valid (its signature does not match); request a new link through the API',
  expired: 'This media link has expired; request a new link through the API',
  missing: 'No such recording',
} as const;

export function registerMediaRoutes(app: FastifyInstance, storage: LocalStorage): void {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    `${LOCAL_MEDIA_ROUTE}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const expires = typeof request.query.expires === 'string' ? request.query.expires : undefined;
      const signature = typeof request.query.signature === 'string' ? request.query.signature : undefined;
      const check = storage.checkLink(key, expires, signature);
      if (check !== 'valid') return reply.code(403).send({ detail: DETAIL[check] });
      const result = await send(request.raw, `/${key}`, {
        root: storage.root,
        dotfiles: 'deny',
        index: false,
        acceptRanges: true,
        etag: true,
        lastModified: true,
        cacheControl: false,
      });
      if (result.type === 'error') {
        const status = (result.metadata.error as { status?: number }).status ?? 500;
        // Range not satisfiable and friends keep their status; a missing file is a plain 404.
        if (status === 416) {
          // RFC 9110 §15.5.17: a 416 says how long the file is (`bytes */<size>`), so the player can ask again.
          const contentRange = result.headers['Content-Range'];
          if (typeof contentRange === 'string') reply.header('content-range', contentRange);
          return reply.code(416).send({ detail: 'Range not satisfiable' });
        }
        return reply.code(status).send({ detail: status === 404 ? DETAIL.missing : 'Media could not be read' });
      }
      if (result.type === 'directory') return reply.code(404).send({ detail: DETAIL.missing });
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(result.stream);
    },
  );
}
