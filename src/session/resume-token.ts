// The page's resume token (`session.resume_token`): a fresh random token per
// connection, sent to that connection only. Its SHA-256 is what nodes keep and
// compare (in memory on the issuing node, in session_resume_tokens for every
// other node), so a leaked database row cannot be replayed as a token.

import { createHash, timingSafeEqual } from 'node:crypto';

export function hashResumeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex SHA-256 hashes (equal lengths: both are hashes). */
export function isSameTokenHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}
