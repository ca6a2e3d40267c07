// The one place errors become HTTP responses. Every body is {detail: string},
// except validation (422, detail is a list). A 5xx never carries a stack,
// SQL or an internal message.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RequestValidationError, type FieldError } from '../shared/errors.js';
import { toFieldErrors } from './validation.js';

function sendValidation(reply: FastifyReply, detail: FieldError[]): FastifyReply {
  return reply.code(422).send({ detail });
}

export function installErrorHandling(app: FastifyInstance, options: { bodyLimit: number }): void {
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
        return reply.code(413).send({ detail: `Request body is larger than ${options.bodyLimit} bytes` });
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

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}
