import { newToken, tokenDigest } from '../../auth/tokens.ts';
import type { Query } from '../../db/client.ts';

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
  await q(`update account_tokens set used_at = now() where user_id = $1 and kind = $2 and used_at is null`, [
    user.id,
    kind,
  ]);
  await q(
    `insert into account_tokens (institution_id, user_id, kind, token_hash, expires_at)
     values ($1, $2, $3, $4, now() + $5::int * interval '1 minute')`,
    [user.institution_id, user.id, kind, tokenDigest(token), TOKEN_MINUTES],
  );
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
  const rows = await q<{ user_id: number; institution_id: number; kind: TokenKind }>(
    `update account_tokens t set used_at = now()
       from users u
      where t.token_hash = $1 and t.used_at is null and t.expires_at > now()
        and u.id = t.user_id and u.deactivated_at is null
      returning t.user_id, t.institution_id, t.kind`,
    [tokenDigest(token)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, institutionId: row.institution_id, kind: row.kind } : null;
}

/** Deletes tokens that expired more than a day ago (maintenance). */
export async function purgeOldTokens(q: Query): Promise<number> {
  const rows = await q(`delete from account_tokens where expires_at < now() - interval '1 day' returning id`);
  return rows.length;
}
