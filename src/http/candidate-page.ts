// The built candidate page (web/, built by Vite into dist/web/) and the
// configuration the server writes into it. The page's words, language tag
// and direction arrive in a JSON data block (never executed, so the strict
// Content-Security-Policy holds), so the page is in the interview's language
// before its socket connects and keeps no language table of its own.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageFor } from '../languages/index.js';
import type { CandidatePageConfig, CandidatePageSettings } from './candidate-page-config.js';

/** The page reads its configuration from `<script type="application/json" id="page-config">`. */
const PAGE_CONFIG_ELEMENT_ID = 'page-config';
const CONFIG_MARKER = '<!--page-config-->';

/** dist/web/ at the repository root, from src/http/ (tsx) and dist/http/ (node) alike. */
export const DEFAULT_WEB_BUILD_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export interface StaticAsset {
  body: Buffer;
  type: string;
}

export interface CandidatePageBuild {
  /** index.html as Vite wrote it, with the config marker still in place. */
  template: string;
  /** Hashed asset file name -> content, served under /candidate/assets/. */
  assets: ReadonlyMap<string, StaticAsset>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Reads the whole build once (the script, the style and the fonts, under 2 MB); a missing build stops start-up with the command that makes it. */
export function loadCandidatePageBuild(dir: string = DEFAULT_WEB_BUILD_DIR): CandidatePageBuild {
  const indexFile = path.join(dir, 'candidate', 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`the candidate page is not built (${indexFile} is missing): run "npm run build"`);
  }
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(CONFIG_MARKER)) throw new Error(`${indexFile} lacks the ${CONFIG_MARKER} marker`);
  const assetDir = path.join(dir, 'assets');
  const assets = new Map<string, StaticAsset>();
  for (const name of existsSync(assetDir) ? readdirSync(assetDir) : []) {
    assets.set(name, {
      body: readFileSync(path.join(assetDir, name)),
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
    });
  }
  return { template, assets };
}

const DEFAULT_SETTINGS: CandidatePageSettings = {
  privacyUrl: null,
  reconnectGraceSeconds: 900,
  maxResumes: 5,
  inactivitySeconds: 120,
  inactivityReminders: 2,
  moreTimeSeconds: 300,
  moreTimeRequests: 2,
};

export function candidatePageConfig(languageCode: number, settings: CandidatePageSettings = DEFAULT_SETTINGS): CandidatePageConfig {
  const language = languageFor(languageCode);
  return {
    language_tag: language.tag,
    direction: language.direction,
    words: language.page,
    privacy_url: settings.privacyUrl,
    reconnect_grace_seconds: settings.reconnectGraceSeconds,
    max_resumes: settings.maxResumes,
    inactivity_seconds: settings.inactivitySeconds,
    inactivity_reminders: settings.inactivityReminders,
    more_time_seconds: settings.moreTimeSeconds,
    more_time_requests: settings.moreTimeRequests,
  };
}

/** The page for one interview: `<html lang dir>`, the title, and the config block. */
export function renderCandidatePage(template: string, config: CandidatePageConfig): string {
  const block = `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  return template
    .replace(/<html[^>]*>/, `<html lang="${escapeAttribute(config.language_tag)}" dir="${config.direction}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(config.words.title)}</title>`)
    .replace(CONFIG_MARKER, () => block);
}

/** JSON that cannot end the script element or open a comment inside it. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
