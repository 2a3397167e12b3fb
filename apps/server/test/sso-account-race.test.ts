import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { type AccountRules, signOnAccount } from '../src/modules/sso/accounts.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * Single sign-on accounts (docs/sso.md, Accounts and roles): two first sign-ons of one person at once
 * sign in to one account. The interleaving pinned here (PostgreSQL only: PGlite runs one transaction at a
 * time) is the one the concurrent HTTP test met now and then: the loser finds no account, then the winner
 * commits the new account, then the loser's e-mail check sees it. That account is this institution's, so
 * the loser must sign in to it, not be refused as “another institution’s account”.
 */

let database: Database;
let institutionId: number;

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  [{ id: institutionId }] = (await database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('SSO race U', $1) returning id`,
    [`sso-race-${Date.now()}`],
  )) as [{ id: number }];
});

afterAll(async () => {
  if (institutionId) {
    await database.query('delete from sso_identities where institution_id = $1', [institutionId]);
    await database.query('delete from users where institution_id = $1', [institutionId]);
    await database.query('delete from institutions where id = $1', [institutionId]);
  }
  await database?.close();
});

it.runIf(!!process.env.DATABASE_URL)(
  'signs the loser of a concurrent first sign-on in to the account the winner committed after its lookup',
  async () => {
    const email = `racer-${Date.now()}@race.edu`;
    const rules: AccountRules = {
      institutionId,
      issuer: 'https://idp.race.edu',
      identifierClaim: 'email',
      emailClaim: 'email',
      nameClaim: 'name',
      roleClaim: 'role',
      roleMapping: { student: 'student' },
    };
    const claims = { sub: 'racer', email, name: 'Racer', role: 'student' };
    let winner: number | undefined;
    // The winner commits on its own connection at the moment the loser checks the e-mail address.
    const racing: Database = {
      ...database,
      transaction: (fn) =>
        database.transaction((query) =>
          fn(async (text, params) => {
            if (winner === undefined && text.includes('select institution_id from users where email')) {
              const [row] = await database.query<{ id: number }>(
                `insert into users (institution_id, email, name, password_hash) values ($1, $2, 'Racer', '!sso') returning id`,
                [institutionId, email],
              );
              winner = row!.id;
              await database.query(
                'insert into sso_identities (institution_id, user_id, issuer, subject) values ($1, $2, $3, $4)',
                [institutionId, winner, rules.issuer, 'racer'],
              );
            }
            return query(text, params);
          }),
        ),
    };
    const account = await signOnAccount(racing, rules, claims);
    expect(winner).toBeTypeOf('number');
    expect(account).toEqual({ id: winner, institution_id: institutionId, created: false });
    const [{ n }] = (await database.query<{ n: number }>(
      'select count(*)::int as n from users where email = $1',
      [email],
    )) as [{ n: number }];
    expect(n).toBe(1);
  },
);
