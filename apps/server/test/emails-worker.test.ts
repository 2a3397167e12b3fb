import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { EMAIL_API, EmailSchema } from '@course-coach/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { SMTP_CONNECTIONS } from '../src/modules/emails/transport.ts';
import { postgresAdminUrl } from './file-database.ts';
import { type Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * The email job as a real worker process (`npm run worker`, SMTP_URL pointing at a real SMTP server on
 * 127.0.0.1): the worker is killed (SIGKILL) in the middle of the batch, a second worker takes over when
 * the first one's lease has run out, and the email ends Delivered. Nobody receives it twice; every
 * student has exactly one delivery row; the only students who may miss it are those whose message was in
 * flight when the worker died (at most one per SMTP connection), and their rows say `unconfirmed`.
 * PostgreSQL only (an embedded PGlite database belongs to one process).
 */
const url = postgresAdminUrl();

describe.runIf(!!url)('email worker killed mid-batch (PostgreSQL)', () => {
  let ctx: TestContext;
  let staff: Browser;
  let coachId: number;
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];
  let killAfter = Number.POSITIVE_INFINITY;
  let onKill: (() => void) | null = null;
  const children: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/worker.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: ctx.config.DATABASE_URL,
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          EMAIL_LEASE_SECONDS: '3',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    ctx = await getTestContext();
    staff = await ctx.signIn(STAFF_EMAIL);
    coachId = await coachIdOf(ctx, 'DDD-2013B');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          // The same job sends playbook reminders (modules/playbooks/reminders.ts): not this test's email.
          if (Buffer.concat(chunks).toString('latin1').includes('X-Course-Coach-Playbook:'))
            return callback();
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
          if (received.length >= killAfter && onKill) {
            const kill = onKill;
            onKill = null;
            kill();
          }
        });
      },
    });
    // The killed worker's connections end with ECONNRESET: expected here, not a test failure.
    smtp.on('error', () => undefined);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('never sends a student the email twice across a killed worker and its successor', async () => {
    const expected = (
      await ctx.database.query<{ email: string }>(
        `select u.email from enrollments e join users u on u.id = e.user_id
          where e.coach_id = $1 and e.role = 'student' order by u.email`,
        [coachId],
      )
    ).map((r) => r.email);
    expect(expected.length).toBeGreaterThan(200);
    const res = await staff.post<{ id: number }>(EMAIL_API.emails(coachId), {
      title: 'Worker crash test',
      subject: 'Worker crash test',
      state: 'scheduled',
      send_at: new Date(Date.now() - 1000).toISOString(),
      sections: [{ body: '<p>Hello from the worker test.</p>' }],
      characteristics: [],
    });
    expect(res.status, res.text).toBe(201);
    const emailId = res.body.id;

    // Worker 1 is killed right after the SMTP server accepted its 80th message.
    killAfter = 80;
    const first = startWorker();
    const died = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    onKill = () => first.kill('SIGKILL');
    await died;
    const atDeath = received.length;
    expect(atDeath).toBeGreaterThanOrEqual(80);
    expect(atDeath).toBeLessThan(expected.length);

    // Worker 2 takes over once the lease (3 s) has run out, and finishes.
    startWorker();
    const deadline = Date.now() + 90_000;
    let status = '';
    while (Date.now() < deadline) {
      const r = await staff.get(EMAIL_API.email(coachId, emailId));
      status = EmailSchema.parse(r.body).status;
      if (status === 'Delivered') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe('Delivered');

    const counts = new Map<string, number>();
    for (const to of received) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...counts.keys()].every((to) => expected.includes(to))).toBe(true);

    const rows = await ctx.database.query<{ email: string; state: string }>(
      `select u.email, d.state from email_deliveries d join users u on u.id = d.user_id where d.email_id = $1`,
      [emailId],
    );
    expect(rows.map((r) => r.email).sort()).toEqual(expected);
    for (const r of rows) {
      if (r.state === 'delivered') expect(counts.get(r.email)).toBe(1);
      else expect(r.state).toBe('unconfirmed');
    }
    const lost = expected.filter((e) => !counts.has(e));
    expect(lost.length).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    for (const e of lost) expect(rows.find((r) => r.email === e)?.state).toBe('unconfirmed');
  }, 120_000);
});
