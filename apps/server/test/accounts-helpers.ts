import type { SendMailOptions, Transporter } from 'nodemailer';
import { buildApp } from '../src/app.ts';
import { Browser, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne } from './own-institution.ts';

/** An app on the test database whose account emails are kept in `sent` instead of being sent. */
export async function appWithMailbox(ctx: TestContext) {
  const sent: SendMailOptions[] = [];
  const mailer = { sendMail: async (mail: SendMailOptions) => sent.push(mail) } as unknown as Transporter;
  const app = await buildApp({ database: ctx.database, config: ctx.config, boss: null, mailer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, sent, baseUrl, browser: () => new Browser(baseUrl) };
}

/** The token in the link of the last mail to `to` (`…/set-password#token=…`). */
export function tokenOfLastMail(sent: SendMailOptions[], to: string): string {
  const mail = [...sent].reverse().find((m) => m.to === to);
  const match = /#token=([A-Za-z0-9_-]+)/.exec(String(mail?.text ?? ''));
  if (!match) throw new Error(`no link mailed to ${to}`);
  return match[1]!;
}

let seq = 0;
/** A fresh user of `institutionId` (demo password) with an institution role or none; returns id and email. */
export async function freshUser(
  ctx: TestContext,
  institutionId: number,
  role: 'staff' | 'admin' | null,
  prefix = 'acct',
): Promise<{ id: number; email: string }> {
  const email = `${prefix}-${process.pid}-${++seq}-${Date.now()}@accounts.test`;
  const hash = await demoPasswordHash(ctx);
  if (role === 'staff') {
    const id = await insertMember(ctx.database.query, institutionId, hash, {
      email,
      name: `Staff ${seq}`,
      role: 'staff',
    });
    return { id, email };
  }
  const id = await insertOne(
    ctx.database.query,
    'insert into users (institution_id, email, name, password_hash) values ($1, $2, $3, $4)',
    [institutionId, email, `Person ${seq}`, hash],
  );
  if (role === 'admin')
    await ctx.database.query(
      `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'admin')`,
      [institutionId, id],
    );
  return { id, email };
}

/** Another institution, for the tenancy tests. */
export async function otherInstitution(ctx: TestContext): Promise<number> {
  const slug = `acct-b-${process.pid}-${Date.now()}`;
  return insertOne(ctx.database.query, 'insert into institutions (name, slug) values ($1, $2)', [
    'Institution B',
    slug,
  ]);
}

/** Forgets the reset requests counted (every test request comes from 127.0.0.1, which has a limit of its own). */
export async function clearResetCounts(ctx: TestContext): Promise<void> {
  await ctx.database.query(`delete from login_failures where key like 'reset-%'`);
}
