// The minimal text-mode candidate page (the voice page is a later issue):
// GET /interview?iid=<id> and its two assets. Authorised by nothing but the
// link, like the session socket; served with a strict Content-Security-Policy.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const WEB = new URL('../../../web/text-mode/', import.meta.url);
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function registerCandidatePage(app: FastifyInstance): void {
  const read = (name: string) => readFileSync(fileURLToPath(new URL(name, WEB)), 'utf8');
  const files = {
    page: read('index.html'),
    script: read('text-mode.js'),
    style: read('text-mode.css'),
  };
  const serve = (body: string, type: string) => ({ body, type });
  const routes: [string, { body: string; type: string }][] = [
    ['/interview', serve(files.page, 'text/html; charset=utf-8')],
    ['/candidate/assets/text-mode.js', serve(files.script, 'text/javascript; charset=utf-8')],
    ['/candidate/assets/text-mode.css', serve(files.style, 'text/css; charset=utf-8')],
  ];
  for (const [url, file] of routes) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', file.type)
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .send(file.body),
    );
  }
}
