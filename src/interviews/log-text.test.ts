import { describe, expect, it } from 'vitest';
import { escapeLogText } from './log-text.js';

describe('escapeLogText', () => {
  it('writes every control character as a visible escape and keeps printable text', () => {
    expect(escapeLogText('a\nb\r\tc\u001b[2Jd\u0000\u0085\u2028\u2029')).toBe('a\\nb\\r\\tc\\u001b[2Jd\\u0000\\u0085\\u2028\\u2029');
    expect(escapeLogText('Grüße, 日本語, emoji 🎉 and a literal \\n')).toBe('Grüße, 日本語, emoji 🎉 and a literal \\n');
  });
});
