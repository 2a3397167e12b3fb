import { newToken, tokenDigest } from '../../auth/tokens.ts';
import type { Query } from '../../db/client.ts';
import { deleteOldTokens, insertToken, useToken, voidUserTokensOfKind } from './queries.ts';

/** How long a reset or invitation link works (docs/accounts.md). */
export const TOKEN_MINUTES = 30;

export type TokenKind = 'reset' | 'invite';

/**
 * Makes a single-use token for `userId`: 32 random bytes (base64url); only its SHA-256 is stored.
 * Earlier unused tokens of the same kind for that user stop working (the newest email is the one to use).
 * @returns the token, to put in the email's link.
 */
export async function issueToken(
  q: Query,
  user: { id: number; institution_id: number },
  kind: TokenKind,
): Promise<string> {
  const token = newToken();
  await voidUserTokensOfKind(q, user.id, kind);
  await insertToken(q, {
    userId: user.id,
    institutionId: user.institution_id,
    kind,
    digest: tokenDigest(token),
    minutes: TOKEN_MINUTES,
  });
  return token;
}

/**
 * Uses up a token inside the caller's transaction: marks it used when it is known, unused and not expired
 * (one `update … returning`, so two concurrent uses cannot both succeed) and returns its user and kind;
 * null for anything else (unknown, forged, tampered, used, expired, or its user deactivated).
 */
export async function consumeToken(
  q: Query,
  token: string,
): Promise<{ userId: number; institutionId: number; kind: TokenKind } | null> {
  const row = await useToken(q, tokenDigest(token));
  return row ? { userId: row.user_id, institutionId: row.institution_id, kind: row.kind } : null;
}

/** Deletes tokens that expired more than a day ago (maintenance). */
export async function purgeOldTokens(q: Query): Promise<number> {
  return deleteOldTokens(q);
}
