/**
 * E-mails: the SQL of composing, previewing and the send log (docs/emails-surveys.md). Who an e-mail
 * targets (`TARGETED_SQL`, also the "Who sees this" panel's, modules/audience) and who the job sends it
 * to (`RECIPIENTS_SQL`) are written here once. The statements run on the caller's handle or transaction
 * (`q`); the checks, the audit entries, the rendering and the sending are the services' (./service.ts,
 * ./send-log.ts); the job's own statements are in ./delivery-queries.ts.
 */
import type { Query } from '../../db/client.ts';
import type { emailDeliveries, emailSections, emails, users } from '../../db/schema/index.ts';
import { excludedSql } from '../wiring/index.ts';

type Emails = typeof emails.$inferSelect;
type EmailSections = typeof emailSections.$inferSelect;
type EmailDeliveries = typeof emailDeliveries.$inferSelect;
type Users = typeof users.$inferSelect;

/** An e-mail as listed: its `emails` columns and its delivered and unconfirmed counts. */
export type EmailRow = Pick<
  Emails,
  'id' | 'coach_id' | 'title' | 'subject' | 'state' | 'send_at' | 'delivered_at'
> & { delivered_count: number; unconfirmed_count: number };

/** A section of an e-mail: its condition (characteristic and value, or none) and body. */
export type SectionRow = Pick<EmailSections, 'characteristic' | 'value' | 'body'>;

/** A section with its id and e-mail. */
export type EmailSectionRow = SectionRow & Pick<EmailSections, 'id' | 'email_id'>;

/** A section to write. */
export type SectionWrite = Pick<EmailSections, 'characteristic' | 'value' | 'body'>;

/** The columns of a new or replaced e-mail. */
export type EmailWrite = Pick<Emails, 'title' | 'subject' | 'state'> & { send_at: string | null };

/** A recipient: their user id, address and name. */
export type RecipientRow = { user_id: Users['id'] } & Pick<Users, 'email' | 'name'>;

/** A recipient of the send log not (yet) delivered. */
export type LogRecipientRow = RecipientRow & Pick<EmailDeliveries, 'state'>;

/**
 * SQL (params: $1 email id, $2 coach id, $3 institution id) of the students the email targets: the coach's
 * enrolled students who match the email's wiring (for every wired characteristic, one of the wired
 * values from any source, or by default; no wiring: everybody), with their name and address.
 */
export const TARGETED_SQL = `
  with w as (
    select w.characteristic, w.value, w.num, c.id as cid, c.default_value, c.kind
      from content_characteristics w
      left join characteristics c on c.institution_id = $3 and c.name = w.characteristic
     where w.content_kind = 'email' and w.content_id = $1)
  select u.id as user_id, u.email, u.name
    from enrollments e join users u on u.id = e.user_id
   where e.coach_id = $2 and e.role = 'student'
     and not exists (
       select 1 from (select distinct characteristic from w) wc
        where not exists (
          select 1 from w
           where w.characteristic = wc.characteristic and w.cid is not null
             and (exists (select 1 from student_characteristic_values v
                           where v.characteristic_id = w.cid and v.user_id = e.user_id and v.coach_id in (0, $2)
                             and (v.value = w.value or (w.num is not null and v.num = w.num)))
                  or (not exists (select 1 from student_characteristic_values v
                                   where v.characteristic_id = w.cid and v.user_id = e.user_id
                                     and v.coach_id in (0, $2))
                      and (w.default_value = w.value
                           or (w.num is not null and w.kind = 'range'
                               and w.default_value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$'
                               and w.default_value::float8 = w.num))))))`;

/**
 * `TARGETED_SQL` less the students excluded from the email (`content_exclusions`, docs/emails-surveys.md
 * "Who sees this"): the students the job sends it to. Same params.
 */
export const RECIPIENTS_SQL = `${TARGETED_SQL}
     and not ${excludedSql('email', '$1', 'e.user_id')}`;

const EMAIL_COLUMNS = `e.id, e.coach_id, e.title, e.subject, e.state, e.send_at, e.delivered_at,
  (select count(*)::int from email_deliveries d where d.email_id = e.id and d.state = 'delivered') as delivered_count,
  (select count(*)::int from email_deliveries d where d.email_id = e.id and d.state = 'unconfirmed') as unconfirmed_count`;

/** The sections of the e-mails `ids`, by e-mail, position and id. */
export function selectSectionsOf(q: Query, ids: number[]): Promise<EmailSectionRow[]> {
  return q<EmailSectionRow>(
    `select id, email_id, characteristic, value, body from email_sections
      where email_id = any($1::int[]) order by email_id, position, id`,
    [ids],
  );
}

/** The sections of e-mail `emailId` in their order (then id). */
export function selectSections(q: Query, emailId: number): Promise<SectionRow[]> {
  return q<SectionRow>(
    'select characteristic, value, body from email_sections where email_id = $1 order by position, id',
    [emailId],
  );
}

/** The coach's e-mails, newest first. */
export function selectEmails(q: Query, coachId: number): Promise<EmailRow[]> {
  return q<EmailRow>(
    `select ${EMAIL_COLUMNS} from emails e where e.coach_id = $1 order by e.created_at desc, e.id desc`,
    [coachId],
  );
}

/** The coach's e-mail `id` (none: another coach's or no such e-mail). */
export function selectEmail(q: Query, coachId: number, id: number): Promise<EmailRow[]> {
  return q<EmailRow>(`select ${EMAIL_COLUMNS} from emails e where e.id = $1 and e.coach_id = $2`, [
    id,
    coachId,
  ]);
}

/** Replaces the sections of e-mail `emailId` by `sections` (positions from 0). */
export async function replaceSections(
  q: Query,
  institutionId: number,
  emailId: number,
  sections: SectionWrite[],
): Promise<void> {
  await q('delete from email_sections where email_id = $1', [emailId]);
  await q(
    `insert into email_sections (institution_id, email_id, position, characteristic, value, body)
     select $1, $2, p, c, v, b from unnest($3::int[], $4::text[], $5::text[], $6::text[]) as t(p, c, v, b)`,
    [
      institutionId,
      emailId,
      sections.map((_, i) => i),
      sections.map((s) => s.characteristic),
      sections.map((s) => s.value),
      sections.map((s) => s.body),
    ],
  );
}

/** Inserts an e-mail of the coach; its id. */
export async function insertEmail(
  q: Query,
  scope: { institutionId: number; coachId: number },
  email: EmailWrite,
): Promise<number> {
  const [row] = await q<Pick<Emails, 'id'>>(
    `insert into emails (institution_id, coach_id, title, subject, state, send_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [scope.institutionId, scope.coachId, email.title, email.subject, email.state, email.send_at],
  );
  return row!.id;
}

/** The state of the coach's e-mail `id`, its row locked (`for update`); undefined when there is none. */
export async function selectStateForUpdate(
  q: Query,
  coachId: number,
  id: number,
): Promise<Pick<Emails, 'state'> | undefined> {
  const [current] = await q<Pick<Emails, 'state'>>(
    'select state from emails where id = $1 and coach_id = $2 for update',
    [id, coachId],
  );
  return current;
}

/** Replaces the columns of e-mail `id` (and its `updated_at`). */
export async function updateEmailRow(q: Query, id: number, email: EmailWrite): Promise<void> {
  await q(
    `update emails set title = $2, subject = $3, state = $4, send_at = $5, updated_at = now() where id = $1`,
    [id, email.title, email.subject, email.state, email.send_at],
  );
}

/** Deletes e-mail `id`. */
export async function deleteEmailRow(q: Query, id: number): Promise<void> {
  await q('delete from emails where id = $1', [id]);
}

/** The subject of the coach's e-mail `id`; undefined when there is none. */
export async function selectSubject(
  q: Query,
  coachId: number,
  id: number,
): Promise<Pick<Emails, 'subject'> | undefined> {
  const [email] = await q<Pick<Emails, 'subject'>>(
    'select subject from emails where id = $1 and coach_id = $2',
    [id, coachId],
  );
  return email;
}

/** The address and name of `userId` when a student of the coach; undefined otherwise. */
export async function selectStudent(
  q: Query,
  coachId: number,
  userId: number,
): Promise<Pick<Users, 'email' | 'name'> | undefined> {
  const [student] = await q<Pick<Users, 'email' | 'name'>>(
    `select u.email, u.name from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.user_id = $2 and e.role = 'student'`,
    [coachId, userId],
  );
  return student;
}

/** Whether student `userId` is a recipient of e-mail `id` (`RECIPIENTS_SQL`). */
export async function isRecipient(
  q: Query,
  scope: { institutionId: number; coachId: number },
  id: number,
  userId: number,
): Promise<boolean> {
  const recipient = await q(`${RECIPIENTS_SQL} and e.user_id = $4`, [
    id,
    scope.coachId,
    scope.institutionId,
    userId,
  ]);
  return recipient.length > 0;
}

/** The coach's e-mail `id` for the send log; undefined when there is none. */
export async function selectLogEmail(
  q: Query,
  coachId: number,
  id: number,
): Promise<Pick<Emails, 'id' | 'title' | 'subject' | 'state'> | undefined> {
  const [email] = await q<Pick<Emails, 'id' | 'title' | 'subject' | 'state'>>(
    'select id, title, subject, state from emails where id = $1 and coach_id = $2',
    [id, coachId],
  );
  return email;
}

/** How many deliveries of e-mail `id` are in each state. */
export function countDeliveriesByState(
  q: Query,
  id: number,
): Promise<Array<Pick<EmailDeliveries, 'state'> & { n: number }>> {
  return q('select state, count(*)::int as n from email_deliveries where email_id = $1 group by state', [id]);
}

/** The recipients of e-mail `id` not delivered, by name then id. */
export function selectLogRecipients(q: Query, id: number): Promise<LogRecipientRow[]> {
  return q<LogRecipientRow>(
    `select d.user_id, u.name, u.email, d.state from email_deliveries d join users u on u.id = d.user_id
      where d.email_id = $1 and d.state <> 'delivered' order by u.name, u.id`,
    [id],
  );
}

/** Makes the claims of resends (run ids starting `prefix`) older than `lease` seconds unconfirmed again. */
export async function expireResendClaims(q: Query, id: number, prefix: string, lease: number): Promise<void> {
  await q(
    `update email_deliveries set state = 'unconfirmed'
      where email_id = $1 and state = 'claimed' and run_id like '${prefix}%'
        and claimed_at < now() - make_interval(secs => $2)`,
    [id, lease],
  );
}

/** Claims the unconfirmed and failed recipients of e-mail `id` for run `runId`; the users claimed. */
export function claimForResend(
  q: Query,
  id: number,
  runId: string,
): Promise<Array<Pick<EmailDeliveries, 'user_id'>>> {
  return q(
    `update email_deliveries set state = 'claimed', run_id = $2, claimed_at = now(), delivered_at = null
      where email_id = $1 and state in ('unconfirmed', 'failed') returning user_id`,
    [id, runId],
  );
}

/** The institution and coach of e-mail `id`; undefined when there is none. */
export async function selectEmailOwner(
  q: Query,
  id: number,
): Promise<Pick<Emails, 'institution_id' | 'coach_id'> | undefined> {
  const [meta] = await q<Pick<Emails, 'institution_id' | 'coach_id'>>(
    'select institution_id, coach_id from emails where id = $1',
    [id],
  );
  return meta;
}

/** The users `ids` as recipients, by id. */
export function selectPeople(q: Query, ids: number[]): Promise<RecipientRow[]> {
  return q<RecipientRow>(
    'select id as user_id, email, name from users where id = any($1::int[]) order by id',
    [ids],
  );
}

/** Marks the resend's claim of `userId` delivered with the SMTP message id. */
export async function markResent(q: Query, id: number, userId: number, runId: string, messageId: string) {
  await q(
    `update email_deliveries set state = 'delivered', delivered_at = now(), message_id = $4
      where email_id = $1 and user_id = $2 and run_id = $3 and state = 'claimed'`,
    [id, userId, runId, messageId],
  );
}

/** Marks the resend's claim of `userId` failed. */
export async function markResendFailed(q: Query, id: number, userId: number, runId: string) {
  await q(
    `update email_deliveries set state = 'failed'
      where email_id = $1 and user_id = $2 and run_id = $3 and state = 'claimed'`,
    [id, userId, runId],
  );
}
