// The candidate page: GET /interview?iid=<id>, its hashed assets under
// /candidate/assets/, and the end screen's feedback. Authorised by nothing
// but the link, like the session socket; served with a strict
// Content-Security-Policy. The page is rendered in the interview's language;
// an unknown or malformed id gets the English page, whose socket then
// reports INTERVIEW_NOT_FOUND.

import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Text } from '../../common/schema.js';
import { candidatePageConfig, renderCandidatePage, type CandidatePageBuild } from '../candidate-page.js';
import type { CandidatePageSettings } from '../candidate-page-config.js';
import { AgentLanguages } from '../../interviews/enums.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const PAGE_HEADERS = { 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' };

export const MAX_FEEDBACK_COMMENT_CHARS = 2_000;

/** An erased interview's link: no page, no socket, nothing that could write again. */
const ERASED_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Interview unavailable</title>' +
  '<p>This interview is no longer available: its data was erased on request.</p></html>';

const FeedbackBody = Type.Object(
  {
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    comment: Type.Optional(Text({ minLength: 1, maxLength: MAX_FEEDBACK_COMMENT_CHARS })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export interface CandidatePageDeps {
  build: CandidatePageBuild;
  settings: CandidatePageSettings;
  /** The interview's language by id alone (the link is the candidate's authority); null when there is no such interview. */
  languageOf(interviewId: string): Promise<number | null>;
  recordFeedback(
    interviewId: string,
    feedback: Static<typeof FeedbackBody>,
  ): Promise<'saved' | 'not_found' | 'erased' | 'not_ended' | 'already_given'>;
  /** The interview's personal data was erased on request: its link no longer works. */
  isErased(interviewId: string): Promise<boolean>;
  /** Same rule as the candidate WebSocket: another site's page may not post for the candidate. */
  isAllowedOrigin(origin: string | undefined): boolean;
}

const FEEDBACK_REFUSALS = {
  not_found: [404, 'no interview with this id'],
  erased: [410, "this interview's personal data was erased on request; its link no longer works"],
  not_ended: [409, 'feedback is accepted once the interview has ended'],
  already_given: [409, 'feedback was already given for this interview'],
} as const;

export function registerCandidatePage(app: FastifyInstance, deps: CandidatePageDeps): void {
  app.get<{ Querystring: { iid?: string } }>('/interview', { schema: { hide: true } }, async (request, reply) => {
    const iid = typeof request.query.iid === 'string' ? request.query.iid : '';
    if (await deps.isErased(iid)) {
      return reply
        .code(410)
        .headers(PAGE_HEADERS)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(ERASED_PAGE);
    }
    const language = (await deps.languageOf(iid)) ?? AgentLanguages.ENGLISH;
    return (
      reply
        .headers(PAGE_HEADERS)
        .header('content-type', 'text/html; charset=utf-8')
        // Per interview and cheap to render: never cached, so a stale language cannot stick.
        .header('cache-control', 'no-store')
        .send(renderCandidatePage(deps.build.template, candidatePageConfig(language, deps.settings)))
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

  app.post<{ Params: { interview_id: string }; Body: Static<typeof FeedbackBody> }>(
    '/candidate/interviews/:interview_id/feedback',
    {
      schema: { hide: true, params: Type.Object({ interview_id: Type.String({ maxLength: 64 }) }), body: FeedbackBody },
      onRequest: async (request, reply) => {
        if (!deps.isAllowedOrigin(request.headers.origin)) {
          await reply.code(403).send({ detail: 'this origin may not send candidate feedback (see CANDIDATE_ALLOWED_ORIGINS)' });
        }
      },
    },
    async (request, reply) => {
      const outcome = await deps.recordFeedback(request.params.interview_id, request.body);
      if (outcome === 'saved') return reply.code(204).send();
      const [status, detail] = FEEDBACK_REFUSALS[outcome];
      return reply.code(status).send({ detail });
    },
  );
}
