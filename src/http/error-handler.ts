// The one place errors become HTTP responses. Every body is {detail: string},
// except validation (422, detail is a list). A 5xx never carries a stack,
// SQL or an internal message. That includes what Fastify and Node's HTTP
// parser answer on their own before any route runs (bad URL, over-long path
// parameter, oversized headers, unparsable request line).

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError, RequestValidationError, type FieldError } from '../common/errors.js';
import type { RouteTable } from './route-table.js';
import { toFieldErrors } from './validation.js';

function sendValidation(reply: FastifyReply, detail: FieldError[]): FastifyReply {
  return reply.code(422).send({ detail });
}

/** Fastify constructor options for the errors raised before routing: the router's and the socket's. */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const [status, detail] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'A path parameter is too long']
        : error.code === 'FST_ERR_BAD_URL'
          ? [400, 'The URL is not validly percent-encoded']
          : [400, 'Bad Request'];
    void reply.code(status).header('x-request-id', request.id).send({ detail });
  },
  // Node's HTTP parser rejected the bytes (oversized headers, a malformed request line) or the client timed out.
  clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADER_TIMEOUT'
          ? 408
          : 400;
    const detail = status === 431 ? 'Request headers are too large' : status === 408 ? 'Request timed out' : 'Malformed HTTP request';
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ detail });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

export function installErrorHandling(app: FastifyInstance, options: { routes: RouteTable }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({ detail: error.code });
    }
    if (error instanceof RequestValidationError) {
      return sendValidation(reply, error.errors);
    }
    if (error.validation) {
      return sendValidation(reply, toFieldErrors(error.validation as never, error.validationContext ?? 'body'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendValidation(reply, [
          { loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: error.message } },
        ]);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendValidation(reply, [{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // The limit that applied: a route's own (a camera chunk: VIDEO_MAX_CHUNK_BYTES) or the global one.
        return reply.code(413).send({ detail: `Request body is larger than ${request.routeOptions.bodyLimit} bytes` });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'Unsupported Content-Type: send application/json' });
      default:
        break;
    }
    // secure-json-parse refuses __proto__ / constructor.prototype keys with a plain SyntaxError-like 400.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad Request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'InternalServerError' });
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = options.routes.methodsFor(request.url.split('?', 1)[0] ?? '');
    if (allowed.length > 0 && !allowed.includes(request.method))
      return reply.code(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' });
    return reply.code(404).send({ detail: 'Not Found' });
  });
}
