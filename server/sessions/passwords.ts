import crypto from 'node:crypto';

/**
 * Constant-time password check. Both sides are hashed first so that the comparison takes the same time
 * whatever the lengths, and timingSafeEqual gets equal-length buffers.
 */
export function passwordMatches(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}
