import { describe, expect, it } from 'vitest';
import { candidatePageConfig, jsonForHtml, renderCandidatePage } from './candidate-page.js';

const TEMPLATE = '<!doctype html><html lang="en"><head><title>Interview</title><!--page-config--></head><body></body></html>';

describe('the candidate page configuration', () => {
  it('cannot close its script element or open a comment, whatever the words hold', () => {
    const json = jsonForHtml({ title: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!-- & \u2028' });
  });

  it('puts language, direction, title and words into the page', () => {
    const html = renderCandidatePage(TEMPLATE, candidatePageConfig(9));
    expect(html).toMatch(
      /^<!doctype html><html lang="ar" dir="rtl"><head><title>مقابلة<\/title><script type="application\/json" id="page-config">/,
    );
    const block = /id="page-config">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(block)).toMatchObject({ language_tag: 'ar', direction: 'rtl', words: { send: 'إرسال' } });
  });

  it('falls back to English for a code outside AgentLanguages, and writes Swiss German without ß', () => {
    expect(candidatePageConfig(42)).toMatchObject({ language_tag: 'en', direction: 'ltr', words: { send: 'Send' } });
    expect(candidatePageConfig(4).words.elsewhere).toContain('schliessen');
    expect(candidatePageConfig(4).language_tag).toBe('de-CH');
  });
});
