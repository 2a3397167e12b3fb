import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts a token with AES-256-GCM (random 96-bit IV, 128-bit tag). `context` (e.g.
 * `canvas:<institution>:<user>:access`) is authenticated as additional data, so a ciphertext copied to
 * another row or field does not decrypt. @returns `v1.<iv>.<ciphertext>.<tag>`, each base64url.
 */
export function encryptToken(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), data.toString('base64url'), tag.toString('base64url')].join('.');
}

/**
 * Decrypts what `encryptToken` produced with the same key and context.
 * @returns the token, or null when the value is malformed, the key differs or it was tampered with.
 */
export function decryptToken(key: Buffer, sealed: string, context: string): string | null {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== VERSION || !iv || data === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
