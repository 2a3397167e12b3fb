import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
 * Returns a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) that carries its own salt and parameters.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** A valid hash of a random secret: verified against when the email is unknown, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against a stored PHC string; with `stored` null it still spends the same time.
 * @returns true only for a match; malformed stored hashes count as no match.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
