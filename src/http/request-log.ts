// What the request log says about a request. A signed media link carries its
// signature in the query, and whoever reads the log could fetch the recording
// with it until it expires: the signature is logged as "[redacted]".

import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:signature|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&#]*/gi;

/** The URL as logged: secrets in its query replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino serializers for Fastify's request log lines. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
