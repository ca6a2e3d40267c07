import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.js';

describe('the request log', () => {
  it('never holds the signature of a signed media link', () => {
    expect(redactUrl('/media/interviews/abc/recording.mp3?expires=1790000000&signature=c2VjcmV0LXNpZ25hdHVyZQ')).toBe(
      '/media/interviews/abc/recording.mp3?expires=1790000000&signature=[redacted]',
    );
    expect(redactUrl('/x?X-Amz-Signature=abcdef&X-Amz-Credential=AKIA%2F&other=1')).toBe(
      '/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&other=1',
    );
    expect(redactUrl('/interview?iid=3f1c2a7e-5b4d-4c1e-9a8b-000000000000')).toBe('/interview?iid=3f1c2a7e-5b4d-4c1e-9a8b-000000000000');
  });
});
