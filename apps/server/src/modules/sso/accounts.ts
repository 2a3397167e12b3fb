import type { SsoErrorCode, SsoRole } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import type { SsoSettings } from './config-store.ts';
import {
  ensureStaffMembership,
  insertIdentity,
  insertSsoUser,
  selectEmailOwner,
  selectLinkedUser,
  selectUserByIdentifier,
} from './queries.ts';

/**
 * What a sign-on's account and role are decided by, for OpenID Connect (`SsoSettings`) and SAML alike
 * (docs/sso.md, Accounts and roles): `issuer` + the `sub` claim key the linked identity; the other
 * fields name the claims (or SAML attributes) to read.
 */
export type AccountRules = Pick<
  SsoSettings,
  'institutionId' | 'issuer' | 'identifierClaim' | 'emailClaim' | 'nameClaim' | 'roleClaim' | 'roleMapping'
> & {
  /** How the log names a claim: `claim` (default) or `attribute`. */
  noun?: string;
};

/** Password hash of accounts created by a single sign-on: matches no password (argon2 never yields it). */
export const SSO_NO_PASSWORD = '!sso';

/** A refused sign-on: `code` picks the sentence the user sees, `reason` is what the log records. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'SsoRefusal';
  }
}

/** Role names a provider might send to ask for institution-wide rights. */
const STAFF_WORDS = new Set(['staff', 'admin', 'administrator']);

function claimValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The Course Coach role of a sign-on (docs/sso.md, Roles): each value of the role claim is looked up in
 * the mapping; the highest mapped role wins (staff > instructor > student). Staff is granted only by an
 * explicit mapping to staff; a value that names staff or admin but is not mapped to staff is refused,
 * as is a claim none of whose values is mapped.
 * @throws SsoRefusal `no_role`.
 */
export function decideRole(settings: AccountRules, claims: Record<string, unknown>): SsoRole {
  const values = claimValues(claims[settings.roleClaim]);
  const mapped = values.map((v) => settings.roleMapping[v]);
  const escalation = values.find((v, i) => STAFF_WORDS.has(v.toLowerCase()) && mapped[i] !== 'staff');
  if (escalation !== undefined)
    throw new SsoRefusal(
      'no_role',
      `role ${settings.noun ?? 'claim'} "${settings.roleClaim}" holds "${escalation}", which the mapping does not grant staff`,
    );
  if (mapped.includes('staff')) return 'staff';
  if (mapped.includes('instructor')) return 'instructor';
  if (mapped.includes('student')) return 'student';
  throw new SsoRefusal(
    'no_role',
    `role ${settings.noun ?? 'claim'} "${settings.roleClaim}" values ${JSON.stringify(values)} map to no role`,
  );
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * The account a verified sign-on signs in to (docs/sso.md, Accounts): the one already linked to the
 * provider's `sub`; else the institution's account whose e-mail (or external id) is the identifier claim,
 * which is then linked; else a new account (no password) named by the name claim. The role is applied on
 * every sign-on: staff adds the institution's staff membership; student and instructor add none (coach
 * enrollments come from rosters). Everything is written in one transaction; a refusal writes nothing.
 * @returns the user's id and institution.
 * @throws SsoRefusal `no_identifier`, `other_institution`, `no_role`, `deactivated` (docs/accounts.md).
 */
export async function signOnAccount(
  database: Database,
  settings: AccountRules,
  claims: Record<string, unknown>,
): Promise<{ id: number; institution_id: number; created: boolean }> {
  try {
    return await signOnOnce(database, settings, claims, false);
  } catch (error) {
    // Two first sign-ons of one person at once: the loser's insert meets the winner's row (SQLSTATE
    // 23505), or its e-mail check sees the row the winner committed a moment ago; it rolls back and,
    // once more, finds the account the other created and linked.
    if ((error as { code?: string } | null)?.code !== '23505') throw error;
    return signOnOnce(database, settings, claims, true);
  }
}

async function signOnOnce(
  database: Database,
  settings: AccountRules,
  claims: Record<string, unknown>,
  retried: boolean,
): Promise<{ id: number; institution_id: number; created: boolean }> {
  const subject = stringClaim(claims, 'sub');
  const identifier = stringClaim(claims, settings.identifierClaim);
  if (!subject || !identifier)
    throw new SsoRefusal(
      'no_identifier',
      `no "${settings.identifierClaim}" ${settings.noun ?? 'claim'} in the sign-on`,
    );
  const role = decideRole(settings, claims);
  const emailClaim = stringClaim(claims, settings.emailClaim) ?? identifier;
  const email = emailClaim.toLowerCase();
  const institutionId = settings.institutionId;
  return database.transaction(async (query) => {
    let user = await selectLinkedUser(query, settings.issuer, subject);
    let created = false;
    if (user && user.institution_id !== institutionId)
      throw new SsoRefusal(
        'other_institution',
        `subject ${subject} is linked to another institution's account`,
      );
    if (user?.deactivated) throw new SsoRefusal('deactivated', `user ${user.id} is deactivated`);
    if (!user) {
      user = await selectUserByIdentifier(query, identifier.toLowerCase(), institutionId, identifier);
      if (user && user.institution_id !== institutionId)
        throw new SsoRefusal('other_institution', `"${identifier}" is an account of another institution`);
      if (user?.deactivated) throw new SsoRefusal('deactivated', `user ${user.id} is deactivated`);
      if (!user) {
        if (!ADDRESS.test(email))
          throw new SsoRefusal(
            'no_identifier',
            `no e-mail address in ${settings.noun ?? 'claim'} "${settings.emailClaim}"`,
          );
        const clash = await selectEmailOwner(query, email);
        if (clash[0]?.institution_id === institutionId && !retried)
          throw Object.assign(new Error(`"${email}" was created by a concurrent sign-on`), { code: '23505' });
        if (clash.length > 0)
          throw new SsoRefusal('other_institution', `"${email}" is an account of another institution`);
        const name = stringClaim(claims, settings.nameClaim) ?? email.split('@')[0]!;
        const externalId = settings.identifierClaim === settings.emailClaim ? null : identifier;
        user = await insertSsoUser(query, {
          institution_id: institutionId,
          email,
          name: name.slice(0, 200),
          password_hash: SSO_NO_PASSWORD,
          external_id: externalId,
        });
        created = true;
      }
      await insertIdentity(query, institutionId, user.id, settings.issuer, subject);
    }
    if (role === 'staff') await ensureStaffMembership(query, institutionId, user.id);
    return { id: user.id, institution_id: user.institution_id, created };
  });
}
