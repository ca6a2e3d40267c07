// The candidate page: GET /interview?iid=<id> and its hashed assets under
// /candidate/assets/. Authorised by nothing but the link, like the session
// socket; served with a strict Content-Security-Policy. The page is rendered
// in the interview's language; an unknown or malformed id gets the English
// page, whose socket then reports INTERVIEW_NOT_FOUND.

import type { FastifyInstance } from 'fastify';
import { candidatePageConfig, renderCandidatePage, type CandidatePageBuild } from '../candidate-page.js';
import { AgentLanguages } from '../../interviews/enums.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const PAGE_HEADERS = { 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' };

export interface CandidatePageDeps {
  build: CandidatePageBuild;
  /** The interview's language by id alone (the link is the candidate's authority); null when there is no such interview. */
  languageOf(interviewId: string): Promise<number | null>;
}

export function registerCandidatePage(app: FastifyInstance, deps: CandidatePageDeps): void {
  app.get<{ Querystring: { iid?: string } }>('/interview', { schema: { hide: true } }, async (request, reply) => {
    const iid = typeof request.query.iid === 'string' ? request.query.iid : '';
    const language = (await deps.languageOf(iid)) ?? AgentLanguages.ENGLISH;
    return (
      reply
        .headers(PAGE_HEADERS)
        .header('content-type', 'text/html; charset=utf-8')
        // Per interview and cheap to render: never cached, so a stale language cannot stick.
        .header('cache-control', 'no-store')
        .send(renderCandidatePage(deps.build.template, candidatePageConfig(language)))
    );
  });

  app.get<{ Params: { file: string } }>('/candidate/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const asset = deps.build.assets.get(request.params.file);
    if (!asset) return reply.callNotFound();
    // Vite puts a content hash in every asset name, so a name never changes its bytes.
    return reply
      .headers(PAGE_HEADERS)
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  });
}
