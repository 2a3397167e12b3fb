import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token of 32 bytes (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: what the database stores for session ids. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time string comparison; false for different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
