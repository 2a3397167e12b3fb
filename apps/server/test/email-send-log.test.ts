import { EMAIL_API, EMAIL_LOG_API, EMAIL_LOG_TEXTS, EmailLogSchema } from '@course-coach/contracts';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEmail } from '../src/modules/emails/delivery.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type J = any;

/**
 * The send log and "resend to unconfirmed" (docs/emails-surveys.md "Send log"): a sending run dies after
 * handing three messages to SMTP, a second run finishes the email, the log shows the three as
 * unconfirmed, the resend sends to exactly those three (never to a delivered recipient), a second resend
 * sends nothing and says so, two resends at once send each message once, and another coach's staff or
 * a student cannot read the log or resend.
 */

let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCoachId: number;
let emailId: number;
let recipients: number;
const FROM = 'Coach <coach@example.edu>';

/** The email's delivery rows, as `user:state:message_id`, sorted. */
async function rows(): Promise<string[]> {
  const list = await ctx.database.query<{ user_id: number; state: string; message_id: string | null }>(
    'select user_id, state, message_id from email_deliveries where email_id = $1 order by user_id',
    [emailId],
  );
  return list.map((r) => `${r.user_id}:${r.state}:${r.message_id ?? ''}`);
}

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, 'GGG-2013J');
  otherCoachId = await coachIdOf(ctx, 'CCC-2014B');
  const res = await staff.post<J>(EMAIL_API.emails(coachId), {
    title: 'Send log check',
    subject: 'Exam week',
    state: 'scheduled',
    send_at: new Date(Date.now() - 1000).toISOString(),
    sections: [{ body: '<p>The exam is next week.</p>' }],
  });
  expect(res.status, res.text).toBe(201);
  emailId = res.body.id;
  const [n] = await ctx.database.query<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  recipients = n!.n;
  expect(recipients).toBeGreaterThan(3);

  // Run 1 dies right after SMTP accepted its third message (none of the three is marked delivered).
  const transport = nodemailer.createTransport({ jsonTransport: true });
  let accepted = 0;
  const crash = new Error('simulated worker death');
  await expect(
    deliverEmail(ctx.database, emailId, {
      transport,
      from: FROM,
      concurrency: 1,
      afterSend: () => {
        accepted++;
        if (accepted === 3) throw crash;
      },
    }),
  ).rejects.toBe(crash);
  // Its lease runs out; run 2 takes over and finishes.
  await ctx.database.query(`update emails set lease_until = now() - interval '1 second' where id = $1`, [
    emailId,
  ]);
  const second = await deliverEmail(ctx.database, emailId, { transport, from: FROM });
  expect(second).toMatchObject({ ran: true, sent: recipients - 3, unconfirmed: 3, delivered: true });
});

afterAll(async () => {
  await staff.request('DELETE', EMAIL_API.email(coachId, emailId));
});

describe('send log', () => {
  it('counts delivered, unconfirmed and failed messages and lists the unconfirmed recipients', async () => {
    const res = await staff.get<J>(EMAIL_LOG_API.log(coachId, emailId));
    expect(res.status, res.text).toBe(200);
    const log = EmailLogSchema.parse(res.body);
    const firstThree = await firstStudentsOf(ctx, coachId, 3);
    expect(log).toMatchObject({
      email: emailId,
      status: 'Delivered',
      delivered: recipients - 3,
      unconfirmed: 3,
      failed: 0,
      pending: 0,
    });
    expect(log.recipients.map((r) => r.user_id).sort()).toEqual(firstThree.map((s) => s.id).sort());
    expect(log.recipients.every((r) => r.state === 'unconfirmed')).toBe(true);
    expect(log.recipients.map((r) => r.email).sort()).toEqual(firstThree.map((s) => s.email).sort());
  });

  it('another coach’s staff and students cannot read the log or resend, and nothing changes', async () => {
    const before = await rows();
    const instructor = await ctx.signIn(instructorEmailOf('CCC-2014B'));
    for (const [method, url] of [
      ['GET', EMAIL_LOG_API.log(otherCoachId, emailId)],
      ['POST', EMAIL_LOG_API.resend(otherCoachId, emailId)],
    ] as const) {
      const res = await instructor.request<J>(method, url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: 'This email does not exist in this coach.' });
    }
    const [student] = await firstStudentsOf(ctx, coachId, 1);
    const asStudent = await (await ctx.signIn(student!.email)).request<J>(
      'POST',
      EMAIL_LOG_API.resend(coachId, emailId),
    );
    expect(asStudent.status).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('resends to the unconfirmed only; a second resend sends nothing and says so', async () => {
    const before = await rows();
    const delivered = before.filter((r) => r.includes(':delivered:'));
    const res = await staff.post<J>(EMAIL_LOG_API.resend(coachId, emailId));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ sent: 3, failed: 0, message: EMAIL_LOG_TEXTS.resent(3, 0) });
    const after = await rows();
    // Delivered recipients' rows (and message ids) are untouched; the three are delivered now.
    expect(after.filter((r) => delivered.includes(r))).toHaveLength(recipients - 3);
    expect(after.filter((r) => r.includes(':delivered:'))).toHaveLength(recipients);
    const log = (await staff.get<J>(EMAIL_LOG_API.log(coachId, emailId))).body;
    expect(log).toMatchObject({ delivered: recipients, unconfirmed: 0, failed: 0, recipients: [] });

    const again = await staff.post<J>(EMAIL_LOG_API.resend(coachId, emailId));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ sent: 0, failed: 0, message: EMAIL_LOG_TEXTS.nothingToResend });
    expect(await rows()).toEqual(after);
  });

  it('two resends at once send each unconfirmed message once', async () => {
    const firstThree = await firstStudentsOf(ctx, coachId, 3);
    await ctx.database.query(
      `update email_deliveries set state = 'unconfirmed' where email_id = $1 and user_id = any($2::int[])`,
      [emailId, firstThree.map((s) => s.id)],
    );
    const [a, b] = await Promise.all([
      staff.post<J>(EMAIL_LOG_API.resend(coachId, emailId)),
      staff.post<J>(EMAIL_LOG_API.resend(coachId, emailId)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.sent + b.body.sent).toBe(3);
    expect((await staff.get<J>(EMAIL_LOG_API.log(coachId, emailId))).body).toMatchObject({
      delivered: recipients,
      unconfirmed: 0,
    });
  });

  it('an email not delivered yet is not resent', async () => {
    const draft = await staff.post<J>(EMAIL_API.emails(coachId), {
      title: 'Draft',
      subject: 'Draft',
      state: 'draft',
      sections: [{ body: '<p>x</p>' }],
    });
    const res = await staff.post<J>(EMAIL_LOG_API.resend(coachId, draft.body.id));
    expect(res.body).toEqual({ sent: 0, failed: 0, message: EMAIL_LOG_TEXTS.notDelivered });
    expect((await staff.get<J>(EMAIL_LOG_API.log(coachId, draft.body.id))).body).toMatchObject({
      status: 'Draft',
      delivered: 0,
      recipients: [],
    });
    await staff.request('DELETE', EMAIL_API.email(coachId, draft.body.id));
  });
});
