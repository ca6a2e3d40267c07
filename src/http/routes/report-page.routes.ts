// The recruiter report page: `POST /interview/report-link/{interview_id}`
// (API key, interviews:read) hands out a signed, expiring link;
// `GET /report/{interview_id}?locale=&expires=&signature=` serves the page
// for it, authorised by the link alone (docs/report-page.md). A bad link gets
// a page that says why (403 not valid, 410 expired), never JSON: the person
// holding it is a recruiter in a browser, not an API client.

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { InterviewIdParams, LocaleHeaders } from '../../interviews/interview.schemas.js';
import type { ReportPageService } from '../../results/report-page.service.js';
import { REPORT_PAGE_ROUTE } from '../../results/report-link.js';
import { ErrorResponse } from '../../common/schema.js';
import { principalOf } from '../authentication.js';
import { renderReportPage, renderReportRefusal, reportPageCsp, type FrameAncestors } from '../report-page.js';
import type { TypedApp } from '../typed-app.js';

export const InterviewReportLinkResponse = Type.Object(
  {
    report_url: Type.String({
      format: 'uri',
      description: 'The recruiter report page; valid until expires_at, opens in a new tab or an iframe',
    }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { title: 'InterviewReportLinkResponse' },
);

const REFUSAL_STATUS = { tampered: 403, expired: 410, not_found: 404 } as const;

export function registerReportLinkRoute(fastify: FastifyInstance, reports: ReportPageService): void {
  const app = fastify as TypedApp;
  app.post('/interview/report-link/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags: ['interview'],
      summary: 'Recruiter report page: a signed link that expires (MEDIA_URL_TTL_SECONDS)',
      description:
        'The page shows the answers beside the questions, their ratings or screening outcomes, the communication analysis and the ' +
        'recording with its transcript, in the `locale` asked for. Once the interview has ended; each call hands out a fresh link.',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: InterviewReportLinkResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
    },
    handler: (request) => reports.createLink(principalOf(request), request.params.interview_id, request.headers.locale ?? 'en'),
  });
}

export interface ReportPageRouteDeps {
  reports: ReportPageService;
  template: string;
  frameAncestors: FrameAncestors;
}

export function registerReportPage(app: FastifyInstance, deps: ReportPageRouteDeps): void {
  app.get<{ Params: { interview_id: string }; Querystring: Record<string, unknown> }>(
    `${REPORT_PAGE_ROUTE}:interview_id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const view = await deps.reports.view({
        interviewId: request.params.interview_id,
        locale: text(request.query.locale) ?? '',
        expires: text(request.query.expires),
        signature: text(request.query.signature),
      });
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        // The address carries the signature: it must not leak to the recordings' host or anywhere else.
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .header('x-robots-tag', 'noindex, nofollow');
      if (view.kind === 'refused') {
        return reply
          .code(REFUSAL_STATUS[view.reason])
          .header('content-security-policy', reportPageCsp(deps.frameAncestors, null))
          .send(renderReportRefusal(deps.template, view.reason, view.language));
      }
      return reply
        .header('content-security-policy', reportPageCsp(deps.frameAncestors, view.data.media))
        .send(renderReportPage(deps.template, view.data));
    },
  );
}
