/**
 * The digest e-mail's unsubscribe token (docs/notifications.md "Unsubscribe"): `<user id>.<HMAC>`, the
 * HMAC-SHA-256 of `notification-digest-unsubscribe:<user id>` under the `unsubscribe` key of
 * `signing_keys` (32 random bytes made on first use, shared by every instance through the database).
 * Single purpose: the purpose is in the signed text, and the key signs nothing else. Compared in
 * constant time (node:crypto `timingSafeEqual`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Query } from '../../db/client.ts';
import { insertSigningKey, selectSigningKey } from './queries.ts';

const KEY_NAME = 'unsubscribe';
const PURPOSE = 'notification-digest-unsubscribe';

async function readKey(query: Query): Promise<Buffer | null> {
  const key = await selectSigningKey(query, KEY_NAME);
  return key === undefined ? null : Buffer.from(key, 'base64');
}

/** The key, made (once, whichever instance comes first) when there is none yet. */
async function ensureKey(query: Query): Promise<Buffer> {
  const key = await readKey(query);
  if (key) return key;
  await insertSigningKey(query, KEY_NAME, randomBytes(32).toString('base64'));
  return (await readKey(query))!;
}

const mac = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest('base64url');

/** The unsubscribe token of a user (makes the key on first use). */
export async function unsubscribeToken(query: Query, userId: number): Promise<string> {
  return `${userId}.${mac(await ensureKey(query), userId)}`;
}

/**
 * The user id a token was signed for, or null when it is malformed or its signature is wrong (a forged
 * or altered link). Writes nothing, not even the key.
 */
export async function verifyUnsubscribeToken(query: Query, token: string): Promise<number | null> {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  if (userId > 2_147_483_647) return null;
  const key = await readKey(query);
  if (!key) return null;
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
