import { describe, expect, it } from 'vitest';
import { reportPageCsp } from './report-page.js';

describe('the report page Content-Security-Policy', () => {
  it('lets any site frame the page by default, none, or only the configured origins', () => {
    expect(reportPageCsp('any', null)).toContain('frame-ancestors *');
    expect(reportPageCsp('none', null)).toContain("frame-ancestors 'none'");
    expect(reportPageCsp(['https://ats.example.com', 'https://hr.example.org'], null)).toContain(
      'frame-ancestors https://ats.example.com https://hr.example.org',
    );
  });

  it('plays recordings from this server and from the presigned links it was given, and nothing else', () => {
    const csp = reportPageCsp('any', {
      audio_url: 'https://bucket.s3.example.com/interviews/x/recording.mp3?X-Amz-Signature=1',
      video_url: null,
    });
    expect(csp).toContain("media-src 'self' https://bucket.s3.example.com;");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
  });
});
