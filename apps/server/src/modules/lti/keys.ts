import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { decryptToken, encryptToken } from '../lms/index.ts';
import { hasToolKey, insertToolKey, selectNewestKey, selectPublicJwks } from './queries.ts';

/**
 * The tool's signing key (docs/lti.md, Keys): one RS256 key pair per install, generated at first use and
 * kept in `lti_tool_keys` — the private half encrypted with LMS_TOKEN_KEY (AES-256-GCM, bound to its
 * `kid`), the public half served at /api/v1/lti/jwks. Nothing is signed with it yet (NRPS and AGS, which
 * need client-credential assertions, are not built); the platform needs the JWKS URL to register the tool.
 */

const ALG = 'RS256';
const context = (kid: string) => `lti:tool-key:${kid}`;

/**
 * The public keys as a JWKS (`{ keys: [...] }`), creating the key pair when the install has none. Two
 * instances starting at once may each create one; both are served, and either signs.
 */
export async function toolJwks(database: Database, key: Buffer): Promise<{ keys: JWK[] }> {
  await ensureToolKey(database, key);
  const rows = await selectPublicJwks(database.query);
  return { keys: rows.map((r) => r.public_jwk) };
}

/** The newest private key and its `kid`, for signing (created when missing). */
export async function toolSigningKey(
  database: Database,
  key: Buffer,
): Promise<{ kid: string; privateKey: CryptoKey | Uint8Array }> {
  await ensureToolKey(database, key);
  const row = await selectNewestKey(database.query);
  const jwk = decryptToken(key, row!.private_jwk_enc, context(row!.kid));
  if (!jwk) throw new Error('the LTI tool key does not decrypt with LMS_TOKEN_KEY');
  return { kid: row!.kid, privateKey: await importJWK(JSON.parse(jwk) as JWK, ALG) };
}

async function ensureToolKey(database: Database, key: Buffer): Promise<void> {
  if (await hasToolKey(database.query)) return;
  const pair = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALG };
  await insertToolKey(
    database.query,
    kid,
    JSON.stringify(publicJwk),
    encryptToken(key, JSON.stringify(privateJwk), context(kid)),
  );
}
