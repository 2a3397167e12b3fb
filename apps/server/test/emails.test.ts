import type { AddressInfo } from 'node:net';
import { EMAIL_API, EMAIL_MESSAGES, type Email, EmailSchema } from '@course-coach/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEmail, dispatchDueEmails } from '../src/modules/emails/delivery.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type J = any;

/**
 * Emails: authoring with wiring and sections, per-student rendering, and delivery to a
 * real SMTP server on 127.0.0.1 (the `smtp-server` package) with exactly one message per recipient,
 * also after a worker dies mid-batch and another run takes over.
 */

const P = 'AAA-2013J';
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCoachId: number;

/** What the SMTP server received: one entry per accepted message. */
interface Received {
  to: string[];
  raw: string;
}
let received: Received[] = [];
/** Addresses whose next RCPT TO the server refuses (once each). */
const refuseOnce = new Set<string>();
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, P);
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) return callback(new Error('Mailbox temporarily unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function transport(): Transporter {
  return nodemailer.createTransport({ url: `smtp://127.0.0.1:${smtpPort}`, pool: true, maxConnections: 4 });
}

/** The addresses of the coach's students whose `characteristic` value (registrar) is `value`: plain SQL. */
async function studentsWith(characteristic: string, value: string): Promise<string[]> {
  const rows = await ctx.database.query<{ email: string }>(
    `select u.email from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student'
        and exists (select 1 from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
                     where v.user_id = u.id and c.name = $2 and v.value = $3)
      order by u.email`,
    [coachId, characteristic, value],
  );
  return rows.map((r) => r.email);
}

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Week 5 check-in',
  subject: 'Your week 5 check-in',
  state: 'scheduled',
  send_at: new Date(Date.now() - 1000).toISOString(),
  sections: [
    { body: '<p>Everyone: the TMA is due Friday.</p>' },
    {
      characteristic: 'gender',
      value: 'F',
      body: '<p>SECTION-FOR-F: the women in STEM meetup is on Tuesday.</p>',
    },
    { characteristic: 'gender', value: 'M', body: '<p>SECTION-FOR-M: the study group meets Wednesday.</p>' },
  ],
  characteristics: [{ label: 'disability', value: 'N' }],
  ...over,
});

describe('email authoring', () => {
  it('creates an email with sections and wiring, and strips unsafe HTML', async () => {
    const res = await staff.post<J>(
      EMAIL_API.emails(coachId),
      body({
        state: 'draft',
        sections: [
          { body: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:evil()">there</a></p>' },
        ],
      }),
    );
    expect(res.status, res.text).toBe(201);
    const email = EmailSchema.parse(res.body);
    expect(email.status).toBe('Draft');
    expect(email.sections[0]!.body).not.toMatch(/script|onclick|javascript/);
    expect(email.sections[0]!.body).toContain('Hi');
    expect(email.characteristics.map((c) => `${c.label}: ${c.value}`)).toEqual(['disability: N']);
    const again = await staff.get<J>(EMAIL_API.email(coachId, email.id));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await staff.request<J>('DELETE', EMAIL_API.email(coachId, email.id))).status).toBe(204);
  });

  it('refuses a subject with a line break (mail header injection) and writes nothing', async () => {
    const [before] = await ctx.database.query<{ n: number }>('select count(*)::int as n from emails');
    for (const subject of ['Hi\r\nBcc: everyone@evil.example', 'Hi\nthere', 'Hi\rthere']) {
      const res = await staff.post<J>(EMAIL_API.emails(coachId), body({ state: 'draft', subject }));
      expect(res.status, JSON.stringify(subject)).toBe(400);
      expect(res.body).toEqual({ subject: [EMAIL_MESSAGES.subjectOneLine] });
    }
    const [after] = await ctx.database.query<{ n: number }>('select count(*)::int as n from emails');
    expect(after!.n).toBe(before!.n);
  });

  it('refuses unknown characteristics and values with field errors and writes nothing', async () => {
    const before = await ctx.database.query<{ n: number }>('select count(*)::int as n from emails');
    const res = await staff.post<J>(
      EMAIL_API.emails(coachId),
      body({
        characteristics: [
          { label: 'no_such_thing', value: 'x' },
          { label: 'gender', value: 'Q' },
        ],
        sections: [
          { characteristic: 'gender', value: 'Z', body: '<p>x</p>' },
          { body: '<script>only</script>' },
        ],
        send_at: null,
        title: ' ',
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'characteristics.0.label',
        'characteristics.1.value',
        'sections.0.value',
        'sections.1.body',
        'send_at',
        'title',
      ].sort(),
    );
    expect(res.body.send_at).toEqual([EMAIL_MESSAGES.sendAtRequired]);
    const after = await ctx.database.query<{ n: number }>('select count(*)::int as n from emails');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses students (403), strangers (401), writes without CSRF (403) and other coaches’ emails (404)', async () => {
    const created = await staff.post<J>(EMAIL_API.emails(coachId), body({ state: 'draft' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const [student] = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id where e.coach_id = $1 and e.role = 'student' limit 1`,
      [coachId],
    );
    const s = await ctx.signIn(student!.email);
    expect((await s.get<J>(EMAIL_API.emails(coachId))).status).toBe(403);
    expect((await s.post<J>(EMAIL_API.emails(coachId), body())).status).toBe(403);
    expect((await s.get<J>(EMAIL_API.email(coachId, id))).status).toBe(403);
    expect((await ctx.browser().get<J>(EMAIL_API.emails(coachId))).status).toBe(401);
    expect((await staff.post<J>(EMAIL_API.emails(coachId), body(), { csrf: false })).status).toBe(403);
    expect((await staff.get<J>(EMAIL_API.email(otherCoachId, id))).status).toBe(404);
    expect((await staff.request<J>('PUT', EMAIL_API.email(otherCoachId, id), { json: body() })).status).toBe(
      404,
    );
    const otherInstructor = await ctx.signIn(instructorEmailOf('DDD-2013B'));
    expect((await otherInstructor.get<J>(EMAIL_API.email(coachId, id))).status).toBe(404);
    expect((await staff.request<J>('DELETE', EMAIL_API.email(coachId, id))).status).toBe(204);
  });
});

describe('email delivery over SMTP', () => {
  let email: Email;
  let expected: string[];

  beforeAll(async () => {
    received = [];
    const res = await staff.post<J>(EMAIL_API.emails(coachId), body());
    expect(res.status, res.text).toBe(201);
    email = EmailSchema.parse(res.body);
    expect(email.status).toBe('Scheduled');
    // Recipients: the coach's students with disability N (the wiring), from the database directly.
    expected = await studentsWith('disability', 'N');
    expect(expected.length).toBeGreaterThan(100);
  });

  it('renders each student’s version: the shared section and only the sections for their values', async () => {
    const women = await studentsWith('gender', 'F');
    const woman = women.find((e) => expected.includes(e))!;
    const [u] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [woman]);
    const res = await staff.get<J>(`${EMAIL_API.emailPreview(coachId, email.id)}?user_id=${u!.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.to).toBe(woman);
    expect(res.body.recipient).toBe(true);
    expect(res.body.html).toContain('Everyone: the TMA is due Friday.');
    expect(res.body.html).toContain('SECTION-FOR-F');
    expect(res.body.html).not.toContain('SECTION-FOR-M');
    const outsider = (await studentsWith('disability', 'Y'))[0]!;
    const [o] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [outsider]);
    const pre = await staff.get<J>(`${EMAIL_API.emailPreview(coachId, email.id)}?user_id=${o!.id}`);
    expect(pre.body.recipient).toBe(false);
  });

  it('sends exactly one message per recipient after a crash mid-batch and a restart', async () => {
    const mail = transport();
    // The server refuses one address once: one that comes after the crash (recipients go by user id).
    const [last] = await ctx.database.query<{ email: string }>(
      'select email from users where email = any($1::text[]) order by id desc limit 1',
      [expected],
    );
    const refused = last!.email;
    refuseOnce.add(refused);
    let accepted = 0;
    const crash = new Error('simulated worker death');
    // Run 1 dies right after the SMTP server accepted its 120th message, before recording it.
    await expect(
      deliverEmail(ctx.database, email.id, {
        transport: mail,
        from: 'Coach <coach@example.edu>',
        leaseSeconds: 4,
        afterSend: () => {
          accepted++;
          if (accepted === 120) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const afterCrash = received.length;
    expect(afterCrash).toBeGreaterThanOrEqual(120);
    expect(afterCrash).toBeLessThan(expected.length);
    // While the dead run's lease lasts, nobody else takes the email.
    const early = await dispatchDueEmails(ctx.database, {
      transport: mail,
      from: 'Coach <coach@example.edu>',
    });
    expect(early.find((r) => r.emailId === email.id)?.result ?? { ran: false }).toEqual({ ran: false });
    await new Promise((r) => setTimeout(r, 4100));
    // Run 2 (a restarted worker) takes over and finishes; one address is refused once by the server.
    const second = await deliverEmail(ctx.database, email.id, {
      transport: mail,
      from: 'Coach <coach@example.edu>',
    });
    expect(second).toMatchObject({ ran: true, failed: 1, delivered: false });
    // Run 3 sends the refused one.
    const third = await deliverEmail(ctx.database, email.id, {
      transport: mail,
      from: 'Coach <coach@example.edu>',
    });
    expect(third).toMatchObject({ ran: true, sent: 1, failed: 0, delivered: true });
    // A fourth run has nothing to do.
    expect(await deliverEmail(ctx.database, email.id, { transport: mail, from: 'x@example.edu' })).toEqual({
      ran: false,
    });
    mail.close();

    const perRecipient = new Map<string, number>();
    for (const m of received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect([...perRecipient.keys()].sort()).toEqual([...expected].sort());
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(received.length).toBe(expected.length);

    // Each message is that student's version.
    const women = new Set(await studentsWith('gender', 'F'));
    for (const m of received) {
      const isF = women.has(m.to[0]!);
      expect(m.raw.includes('SECTION-FOR-F')).toBe(isF);
      expect(m.raw.includes('SECTION-FOR-M')).toBe(!isF);
      expect(m.raw).toContain('Subject: Your week 5 check-in');
    }

    const res = await staff.get<J>(EMAIL_API.email(coachId, email.id));
    const after = EmailSchema.parse(res.body);
    expect(after.status).toBe('Delivered');
    expect(after.delivered_at).not.toBeNull();
    // Every recipient has one delivery row: Delivered, or unconfirmed for the claims of the dead run.
    expect(after.delivered_count + after.unconfirmed_count).toBe(expected.length);
    expect(after.unconfirmed_count).toBeGreaterThanOrEqual(1);
    const [rows] = await ctx.database.query<{ n: number; users: number }>(
      'select count(*)::int as n, count(distinct user_id)::int as users from email_deliveries where email_id = $1',
      [email.id],
    );
    expect(rows).toEqual({ n: expected.length, users: expected.length });
  });

  it('refuses changes to a delivered email', async () => {
    const res = await staff.request<J>('PUT', EMAIL_API.email(coachId, email.id), { json: body() });
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors).toEqual([EMAIL_MESSAGES.delivered]);
  });

  it('does not send a draft or an email whose send time is still to come', async () => {
    const draft = await staff.post<J>(EMAIL_API.emails(coachId), body({ state: 'draft' }));
    const later = await staff.post<J>(
      EMAIL_API.emails(coachId),
      body({ send_at: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    const before = received.length;
    const mail = transport();
    for (const id of [draft.body.id, later.body.id]) {
      expect(await deliverEmail(ctx.database, id, { transport: mail, from: 'x@example.edu' })).toEqual({
        ran: false,
      });
    }
    mail.close();
    expect(received.length).toBe(before);
    await staff.request<J>('DELETE', EMAIL_API.email(coachId, draft.body.id));
    await staff.request<J>('DELETE', EMAIL_API.email(coachId, later.body.id));
  });
});
