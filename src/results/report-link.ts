// The recruiter report page's link: `/report/<interview_id>?locale=&expires=&signature=`,
// handed out by the API and checked by the page route before any data is read.
// Like a presigned recording URL, the link alone is the authority, so it is
// signed (HMAC-SHA-256 over the interview, the locale and the expiry) and
// expires. The key is derived from the webhook secret key: every node that
// shares WEBHOOK_SECRET_KEY (which a scaled-out deployment must) accepts the
// links of every other node.

import { hkdfSync } from 'node:crypto';
import { UrlSigner, type SignatureCheck } from '../media/url-signer.js';
import type { Clock } from '../common/clock.js';

export const REPORT_PAGE_ROUTE = '/report/';

export interface ReportLinkParts {
  interviewId: string;
  /** The report locale as resolved (`en`, `de-CH`, `ar`): what the page is written in. */
  locale: string;
  expires: string | undefined;
  signature: string | undefined;
}

export class ReportLinks {
  private readonly signer: UrlSigner;

  constructor(
    secretKey: Buffer,
    private readonly publicBaseUrl: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    // A key of its own: a report signature can never pass as a media signature, nor the other way round.
    this.signer = new UrlSigner(Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'interview-report-link', 32)));
  }

  create(interviewId: string, locale: string): { url: string; expiresAt: Date } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
    const query = new URLSearchParams({
      locale,
      expires: String(expires),
      signature: this.signer.sign(subjectOf(interviewId, locale), expires),
    });
    return {
      url: `${this.publicBaseUrl}${REPORT_PAGE_ROUTE}${encodeURIComponent(interviewId)}?${query.toString()}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  check(link: ReportLinkParts): SignatureCheck {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return this.signer.check(subjectOf(link.interviewId, link.locale), link.expires, link.signature, now);
  }
}

function subjectOf(interviewId: string, locale: string): string {
  return `report\n${interviewId}\n${locale}`;
}
