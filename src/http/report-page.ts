// The recruiter report page (web/report/, built by Vite beside the candidate
// page): its template, the data block the server writes into it, the refusal
// written into it for a bad link, and its Content-Security-Policy. Like the
// candidate page, the page's data and words arrive in a JSON block that is
// never executed, so the strict policy holds.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../languages/index.js';
import type { ReportRefusal } from '../results/report-page.service.js';
import type { ReportPageData } from '../results/report-page.types.js';
import { DEFAULT_WEB_BUILD_DIR, jsonForHtml } from './candidate-page.js';

const DATA_MARKER = '<!--report-data-->';
const BODY_MARKER = '<!--report-body-->';

/** frame-ancestors: any site (the default), none, or the configured origins (REPORT_FRAME_ANCESTORS). */
export type FrameAncestors = 'any' | 'none' | readonly string[];

/** index.html of the report page as Vite wrote it, markers in place; a missing build stops start-up. */
export function loadReportPageTemplate(dir: string = DEFAULT_WEB_BUILD_DIR): string {
  const indexFile = path.join(dir, 'report', 'index.html');
  if (!existsSync(indexFile)) throw new Error(`the report page is not built (${indexFile} is missing): run "npm run build"`);
  const template = readFileSync(indexFile, 'utf8');
  for (const marker of [DATA_MARKER, BODY_MARKER]) {
    if (!template.includes(marker)) throw new Error(`${indexFile} lacks the ${marker} marker`);
  }
  return template;
}

/**
 * Only what the page needs: its own script, style and fonts, and the
 * recordings, which come from this server (local storage) or from the
 * presigned S3 origin of the links it was given.
 */
export function reportPageCsp(frameAncestors: FrameAncestors, media: ReportPageData['media'] | null): string {
  const mediaOrigins = new Set<string>(["'self'"]);
  for (const url of [media?.audio_url, media?.video_url]) if (url) mediaOrigins.add(new URL(url).origin);
  const ancestors = frameAncestors === 'any' ? '*' : frameAncestors === 'none' ? "'none'" : frameAncestors.join(' ') || "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "font-src 'self'",
    `media-src ${[...mediaOrigins].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export function renderReportPage(template: string, data: ReportPageData): string {
  const block = `<script type="application/json" id="report-data">${jsonForHtml(data)}</script>`;
  return withDocument(template, data.language_tag, data.direction, data.words.title).replace(DATA_MARKER, () => block);
}

/** The refusal as a page of its own (no script needed to read it), in the link's language. */
export function renderReportRefusal(template: string, reason: ReportRefusal, language: Language): string {
  const words = language.reportPage;
  const [heading, text] = reason === 'expired' ? [words.expiredHeading, words.expiredText] : [words.invalidHeading, words.invalidText];
  const body = `<section class="refusal" data-refusal="${reason}"><h1>${escapeText(heading)}</h1><p>${escapeText(text)}</p></section>`;
  return withDocument(template, language.tag, language.direction, heading)
    .replace(DATA_MARKER, '')
    .replace(BODY_MARKER, () => body);
}

function withDocument(template: string, tag: string, direction: 'ltr' | 'rtl', title: string): string {
  return template
    .replace(/<html[^>]*>/, `<html lang="${escapeText(tag).replace(/"/g, '&quot;')}" dir="${direction}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
