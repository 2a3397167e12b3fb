import type { AddressInfo } from 'node:net';
import {
  API,
  AUDIENCE_API,
  BulletinAdminSchema,
  MembershipTaskSchema,
  NOTIFICATION_ERRORS,
  type Notification,
  NotificationPageSchema,
} from '@course-coach/contracts';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from '../src/modules/notifications/index.ts';
import { type Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * Notifications (docs/notifications.md) over HTTP on the real database: a group-targeted bulletin for a
 * member and not for a non-member or an excluded student (the bulletin reader's targeting), clearing when
 * read, a to-do item due within 48 hours, the page parameters, and the digest job through a real SMTP
 * server (one e-mail per period, none on the second run) with its one-click unsubscribe (forged, reused).
 * Who is in the group comes from `cohort_memberships`, never from the notifications code.
 */

const P = 'GGG-2013J';
const TITLE = `Notification test bulletin ${Date.now()}`;
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let cohortId: number;
let bulletinId: number;
let member: { id: number; email: string };
let reader: { id: number; email: string };
let excluded: { id: number; email: string };
let outsider: { id: number; email: string };
let smtp: SMTPServer;
let transportUrl: string;
const received: Array<{ to: string[]; raw: string }> = [];

const page = async (b: Browser, qs = '') => {
  const res = await b.get(`${API.notifications}${qs}`);
  expect(res.status, res.text).toBe(200);
  return NotificationPageSchema.parse(res.body);
};
const mine = (p: { results: Notification[] }, kind: string, id: number) =>
  p.results.find((n) => n.kind === kind && n.source_id === id);
const tomorrowUtc = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const unfold = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ');
/** Quoted-printable decoding of a message body (nodemailer encodes long text lines so). */
const qp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, P);
  const cohort = await staff.post<{ id: number }>(API.cohorts(coachId), { name: `Notify (M) ${Date.now()}` });
  expect(cohort.status, cohort.text).toBe(201);
  cohortId = cohort.body.id;
  const rule = await staff.post(API.cohortRules(coachId, cohortId), {
    characteristic: 'gender',
    operation: 'equal to',
    value: 'M',
  });
  expect(rule.status, rule.text).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachId, cohortId))).body,
    );
    if (task.state === 'success') break;
    if (task.state === 'failure' || Date.now() > deadline) throw new Error(`sync ended ${task.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const students = await ctx.database.query<{ id: number; email: string; member: boolean }>(
    `select u.id, u.email,
            exists (select 1 from cohort_memberships m where m.cohort_id = $1 and m.user_id = u.id) as member
       from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $2 and e.role = 'student' and u.deactivated_at is null order by u.id`,
    [cohortId, coachId],
  );
  const members = students.filter((s) => s.member);
  expect(members.length).toBeGreaterThan(3);
  [member, reader, excluded] = [members[0]!, members[1]!, members[2]!];
  outsider = students.find((s) => !s.member)!;
  expect(outsider).toBeDefined();
  const b = await staff.post(API.bulletins(coachId), {
    title: TITLE,
    publish_timestamp: new Date(Date.now() - 60_000).toISOString(),
    status: 'Published',
    audience_cohort_id: cohortId,
  });
  expect(b.status, b.text).toBe(201);
  bulletinId = BulletinAdminSchema.parse(b.body).id;
  const ex = await staff.request('PUT', AUDIENCE_API.exclusions(coachId, 'bulletin', bulletinId), {
    json: { excluded: [excluded.id] },
  });
  expect(ex.status, ex.text).toBe(200);

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  transportUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await ctx.database.query('delete from bulletins where id = $1', [bulletinId]);
  await ctx.database.query('delete from content_exclusions where content_id = $1', [bulletinId]);
  await ctx.database.query('delete from notification_settings where user_id = any($1::int[])', [
    [member.id, reader.id],
  ]);
  await staff.request('DELETE', API.cohort(coachId, cohortId));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('notifications', () => {
  it('a bulletin targeted to a group appears for a member, not for a non-member or an excluded student', async () => {
    const m = await page(await ctx.signIn(member.email), '?page_size=100');
    expect(mine(m, 'bulletin', bulletinId)).toMatchObject({
      title: TITLE,
      text: `New bulletin: ${TITLE}`,
      coach: coachId,
      read: false,
      link: `/MessageCenter/${coachId}/${bulletinId}/`,
    });
    expect(mine(await page(await ctx.signIn(outsider.email), '?page_size=100'), 'bulletin', bulletinId)).toBe(
      undefined,
    );
    expect(mine(await page(await ctx.signIn(excluded.email), '?page_size=100'), 'bulletin', bulletinId)).toBe(
      undefined,
    );
  });

  it('clears when read; another student cannot mark it (404, nothing written)', async () => {
    const b = await ctx.signIn(reader.email);
    const before = (await b.get<{ unread: number }>(API.notificationsUnreadCount)).body.unread;
    expect(before).toBeGreaterThan(0);
    const other = await ctx.signIn(outsider.email);
    const refused = await other.post(API.notificationsRead, { kind: 'bulletin', source_id: bulletinId });
    expect(refused.status).toBe(404);
    const none = await ctx.database.query('select 1 from notification_reads where source_id = $1', [
      bulletinId,
    ]);
    expect(none).toHaveLength(0);
    const res = await b.post(API.notificationsRead, { kind: 'bulletin', source_id: bulletinId });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ marked: 1, unread: before - 1 });
    expect((await b.get<{ unread: number }>(API.notificationsUnreadCount)).body.unread).toBe(before - 1);
    expect(mine(await page(b, '?page_size=100'), 'bulletin', bulletinId)?.read).toBe(true);
    // Read again: nothing more to mark.
    expect(
      (await b.post(API.notificationsRead, { kind: 'bulletin', source_id: bulletinId })).body,
    ).toMatchObject({
      marked: 0,
    });
  });

  it('a to-do item due within 48 hours is a notification; one due in five days is not', async () => {
    const b = await ctx.signIn(outsider.email);
    const soon = await b.post<{ id: number }>(API.todoItems(coachId), {
      title: 'Due soon',
      due_date: tomorrowUtc(),
    });
    expect(soon.status, soon.text).toBe(201);
    const later = await b.post<{ id: number }>(API.todoItems(coachId), {
      title: 'Due later',
      due_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(later.status, later.text).toBe(201);
    const p = await page(b, '?page_size=100');
    expect(mine(p, 'todo_due', soon.body.id)).toMatchObject({
      text: 'To-do due within 48 hours: Due soon',
      read: false,
    });
    expect(mine(p, 'todo_due', later.body.id)).toBe(undefined);
    const all = await b.post(API.notificationsReadAll);
    expect(all.status, all.text).toBe(200);
    expect((await b.get<{ unread: number }>(API.notificationsUnreadCount)).body.unread).toBe(0);
    for (const id of [soon.body.id, later.body.id]) await b.request('DELETE', API.todoItem(coachId, id));
  });

  it('a student of two coaches gets each coach’s notifications, each labelled and linked to its coach', async () => {
    const other = await coachIdOf(ctx, 'AAA-2013J');
    const enrolled = await ctx.database.query(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')
       on conflict (coach_id, user_id) do nothing returning id`,
      [ctx.institutionId, other, member.id],
    );
    const title = `Second coach bulletin ${Date.now()}`;
    const res = await staff.post(API.bulletins(other), {
      title,
      publish_timestamp: new Date(Date.now() - 60_000).toISOString(),
      status: 'Published',
    });
    expect(res.status, res.text).toBe(201);
    const second = BulletinAdminSchema.parse(res.body).id;
    const names = new Map(
      (
        await ctx.database.query<{ id: number; name: string }>(
          'select id, name from coaches where id = any($1::int[])',
          [[coachId, other]],
        )
      ).map((r) => [r.id, r.name]),
    );
    const p = await page(await ctx.signIn(member.email), '?page_size=100');
    expect(mine(p, 'bulletin', second)).toMatchObject({
      title,
      coach: other,
      coach_label: names.get(other),
      link: `/MessageCenter/${other}/${second}/`,
      read: false,
    });
    expect(mine(p, 'bulletin', bulletinId)).toMatchObject({
      coach: coachId,
      coach_label: names.get(coachId),
    });
    const at = p.results.map((n) => n.at);
    expect(at).toEqual([...at].sort().reverse());
    await ctx.database.query('delete from bulletins where id = $1', [second]);
    if (enrolled.length > 0) {
      await ctx.database.query('delete from enrollments where coach_id = $1 and user_id = $2', [
        other,
        member.id,
      ]);
    }
  });

  it('pages: past the end is an empty page with the count; zero, negative or text is a 400', async () => {
    const b = await ctx.signIn(member.email);
    const all = await page(b, '?page_size=100');
    const past = await page(b, '?page=999&page_size=10');
    expect(past).toMatchObject({ count: all.count, unread: all.unread, page: 999, results: [] });
    for (const qs of ['?page=0', '?page=-1', '?page=x', '?page_size=0', '?page_size=101', '?page_size=-5']) {
      const res = await b.get(`${API.notifications}${qs}`);
      expect(res.status, qs).toBe(400);
      const field = qs.startsWith('?page=') ? 'page' : 'page_size';
      expect(res.body, qs).toEqual({
        [field]: [field === 'page' ? NOTIFICATION_ERRORS.page : NOTIFICATION_ERRORS.pageSize],
      });
    }
    expect((await ctx.browser().get(API.notifications)).status).toBe(401);
  });
});

describe('the e-mail digest', () => {
  let token = '';
  const transport = () => nodemailer.createTransport({ url: transportUrl });
  const opts = () => ({
    transport: transport(),
    from: 'Course Coach <no-reply@test>',
    appUrl: 'http://app.test',
  });

  it('sends one e-mail with the unread notifications; a second run sends none', async () => {
    const b = await ctx.signIn(member.email);
    const bad = await b.request('PUT', API.notificationSettings, { json: { digest: 'hourly' } });
    expect(bad.status).toBe(400);
    const put = await b.request('PUT', API.notificationSettings, { json: { digest: 'daily' } });
    expect(put.status, put.text).toBe(200);
    expect((await b.get(API.notificationSettings)).body).toEqual({ digest: 'daily' });
    const expected = (await page(b, '?page_size=100')).results.filter((n) => !n.read);
    expect(expected.some((n) => n.source_id === bulletinId)).toBe(true);

    const first = await sendDigests(ctx.database, opts());
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const toMember = received.filter((r) => r.to.includes(member.email));
    expect(toMember).toHaveLength(1);
    // Headers unfolded, body decoded from quoted-printable: unfolding the body too would turn a soft line
    // break before a space ("after=\r\n yourself") into text qp() no longer recognises.
    const message = toMember[0]!.raw;
    const headerEnd = message.indexOf('\r\n\r\n');
    const raw = unfold(message.slice(0, headerEnd));
    const body = qp(message.slice(headerEnd));
    expect(raw).toMatch(
      new RegExp(`Subject: Your Course Coach digest: ${expected.length} unread notification`),
    );
    for (const n of expected)
      expect(body).toContain(`- ${n.text} (${n.coach_label}): http://app.test${n.link}`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header =
      /List-Unsubscribe: <http:\/\/app\.test\/api\/v1\/notifications\/unsubscribe\?token=([^>]+)>/.exec(raw);
    expect(header).not.toBeNull();
    token = decodeURIComponent(header![1]!);
    expect(body).toContain(`http://app.test/Unsubscribe/?token=${encodeURIComponent(token)}`);

    const count = received.length;
    const second = await sendDigests(ctx.database, opts());
    expect(second.sent).toBe(0);
    expect(received.length).toBe(count);
    const periods = await ctx.database.query('select period from notification_digests where user_id = $1', [
      member.id,
    ]);
    expect(periods).toHaveLength(1);
  });

  it('unsubscribe: a forged token changes nothing; the real one signed out works once; reused says already', async () => {
    const settings = async () =>
      (
        await ctx.database.query<{ digest: string }>(
          'select digest from notification_settings where user_id = $1',
          [member.id],
        )
      )[0]?.digest;
    const anon = ctx.browser();
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const t of [forged, `${reader.id}.${token.split('.')[1]}`, 'nonsense']) {
      const res = await anon.post(API.notificationsUnsubscribe, { token: t }, { csrf: false });
      expect(res.status, t).toBe(400);
      expect(res.body).toEqual({ token: [NOTIFICATION_ERRORS.token] });
    }
    expect(await settings()).toBe('daily');
    // RFC 8058: the mail client posts the form to the header's URL, without cookies or CSRF token.
    const one = await anon.request(
      'POST',
      `${API.notificationsUnsubscribe}?token=${encodeURIComponent(token)}`,
      {
        body: 'List-Unsubscribe=One-Click',
        contentType: 'application/x-www-form-urlencoded',
        csrf: false,
      },
    );
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ status: 'unsubscribed' });
    expect(await settings()).toBe('off');
    const rows = await ctx.database.query('select * from notification_settings');
    const again = await anon.post(API.notificationsUnsubscribe, { token }, { csrf: false });
    expect(again.body).toEqual({ status: 'already' });
    expect(await ctx.database.query('select * from notification_settings')).toEqual(rows);
  });
});
