/**
 * The e-mail job's SQL (docs/emails-surveys.md; docs/decisions/0005-at-most-once-email.md): the lease of
 * an e-mail, the claims and delivery marks of its recipients, and the characteristic values sections are
 * chosen by. The statements run on the handle the job gives (`q`); the order of the steps, which makes
 * a message go out at most once, is deliverEmail's (./delivery.ts).
 */
import type { Query } from '../../db/client.ts';
import type { characteristics, emails, studentCharacteristicValues } from '../../db/schema/index.ts';
import { RECIPIENTS_SQL, type RecipientRow } from './queries.ts';

type Emails = typeof emails.$inferSelect;
type Characteristics = typeof characteristics.$inferSelect;

/** A student's value of a characteristic (any source). */
export type ValueRow = Pick<typeof studentCharacteristicValues.$inferSelect, 'user_id' | 'value' | 'num'> &
  Pick<Characteristics, 'name'>;

/** A characteristic's default value and kind. */
export type DefaultRow = Pick<Characteristics, 'name' | 'kind'> & { default_value: string };

/** An e-mail leased by a run: its institution, coach and subject. */
export type LeasedEmailRow = Pick<Emails, 'institution_id' | 'coach_id' | 'subject'>;

/**
 * The values of the characteristics `names` of the users `userIds` in the coach (any source;
 * institution-wide and that coach's enrolment values).
 */
export function selectValues(
  q: Query,
  institutionId: number,
  coachId: number,
  names: string[],
  userIds: number[],
): Promise<ValueRow[]> {
  return q<ValueRow>(
    `select v.user_id, c.name, v.value, v.num
       from characteristics c
       join student_characteristic_values v on v.characteristic_id = c.id and v.user_id = any($3::int[])
                                           and v.coach_id in (0, $4)
      where c.institution_id = $1 and c.name = any($2::text[])`,
    [institutionId, names, userIds, coachId],
  );
}

/** The defaults of the institution's characteristics `names` that have one. */
export function selectDefaults(q: Query, institutionId: number, names: string[]): Promise<DefaultRow[]> {
  return q<DefaultRow>(
    `select name, default_value, kind from characteristics
      where institution_id = $1 and name = any($2::text[]) and default_value is not null`,
    [institutionId, names],
  );
}

/**
 * Takes the lease of e-mail `emailId` for run `runId` (`lease` seconds) when it is due or its previous
 * run's lease ran out; the e-mail, or undefined when it is not to be sent now.
 */
export async function takeLease(
  q: Query,
  emailId: number,
  runId: string,
  lease: number,
): Promise<LeasedEmailRow | undefined> {
  const [email] = await q<LeasedEmailRow>(
    `update emails set state = 'sending', run_id = $2, lease_until = now() + make_interval(secs => $3)
      where id = $1 and send_at <= now()
        and (state = 'scheduled' or (state = 'sending' and (lease_until is null or lease_until < now())))
      returning institution_id, coach_id, subject`,
    [emailId, runId, lease],
  );
  return email;
}

/** Marks the claims other runs left behind `unconfirmed`. */
export async function unconfirmOtherClaims(q: Query, emailId: number, runId: string): Promise<void> {
  await q(
    `update email_deliveries set state = 'unconfirmed' where email_id = $1 and state = 'claimed' and run_id <> $2`,
    [emailId, runId],
  );
}

/** Renews the run's lease (no effect once another run holds the e-mail). */
export async function extendLease(q: Query, emailId: number, runId: string, lease: number): Promise<void> {
  await q(`update emails set lease_until = now() + make_interval(secs => $3) where id = $1 and run_id = $2`, [
    emailId,
    runId,
    lease,
  ]);
}

/** Renews the run's lease; false when another run took the e-mail over. */
export async function renewLease(q: Query, emailId: number, runId: string, lease: number): Promise<boolean> {
  const renewed = await q(
    `update emails set lease_until = now() + make_interval(secs => $3) where id = $1 and run_id = $2 returning 1`,
    [emailId, runId, lease],
  );
  return renewed.length > 0;
}

/** Marks the run's claims of the users `userIds` delivered, with their SMTP message ids. */
export async function markDelivered(
  q: Query,
  emailId: number,
  runId: string,
  userIds: number[],
  messageIds: string[],
): Promise<void> {
  await q(
    `update email_deliveries d set state = 'delivered', delivered_at = now(), message_id = m.mid
       from unnest($2::int[], $3::text[]) as m(uid, mid)
      where d.email_id = $1 and d.user_id = m.uid and d.run_id = $4 and d.state = 'claimed'`,
    [emailId, userIds, messageIds, runId],
  );
}

/**
 * The next `limit` recipients (`RECIPIENTS_SQL`) by id without a delivery row, the users `skip` left out.
 */
export function selectUnclaimedRecipients(
  q: Query,
  email: Pick<Emails, 'id' | 'coach_id' | 'institution_id'>,
  skip: number[],
  limit: number,
): Promise<RecipientRow[]> {
  return q<RecipientRow>(
    `${RECIPIENTS_SQL}
         and not exists (select 1 from email_deliveries d where d.email_id = $1 and d.user_id = e.user_id)
         and not (e.user_id = any($4::int[]))
       order by e.user_id limit ${limit}`,
    [email.id, email.coach_id, email.institution_id, skip],
  );
}

/** Claims the recipient `userId` for the run; false when a delivery row was already there. */
export async function claimRecipient(
  q: Query,
  emailId: number,
  userId: number,
  institutionId: number,
  runId: string,
): Promise<boolean> {
  const claimed = await q(
    `insert into email_deliveries (email_id, user_id, institution_id, run_id)
     values ($1, $2, $3, $4) on conflict do nothing returning 1`,
    [emailId, userId, institutionId, runId],
  );
  return claimed.length > 0;
}

/** Releases the run's claim of `userId` (the SMTP server refused the message). */
export async function releaseClaim(q: Query, emailId: number, userId: number, runId: string): Promise<void> {
  await q(`delete from email_deliveries where email_id = $1 and user_id = $2 and run_id = $3`, [
    emailId,
    userId,
    runId,
  ]);
}

/**
 * Ends the run: the e-mail `delivered` (or `scheduled` again when `failed` sends were refused), its lease
 * dropped. Whether it is delivered; undefined when another run holds it.
 */
export async function finishRun(
  q: Query,
  emailId: number,
  runId: string,
  failed: number,
): Promise<boolean | undefined> {
  const [done] = await q<{ delivered: boolean }>(
    `update emails set state = case when $3::int > 0 then 'scheduled' else 'delivered' end,
            delivered_at = case when $3::int > 0 then delivered_at else now() end,
            lease_until = null, run_id = null, updated_at = now()
      where id = $1 and run_id = $2 returning state = 'delivered' as delivered`,
    [emailId, runId, failed],
  );
  return done?.delivered;
}

/** How many deliveries of the e-mail are unconfirmed. */
export async function countUnconfirmed(q: Query, emailId: number): Promise<number> {
  const [{ unconfirmed } = { unconfirmed: 0 }] = await q<{ unconfirmed: number }>(
    `select count(*)::int as unconfirmed from email_deliveries where email_id = $1 and state = 'unconfirmed'`,
    [emailId],
  );
  return unconfirmed;
}

/** The e-mails due (scheduled, send time come) or whose run's lease ran out, by send time then id. */
export function selectDueEmails(q: Query): Promise<Array<Pick<Emails, 'id'>>> {
  return q<Pick<Emails, 'id'>>(
    `select id from emails
      where (state = 'scheduled' and send_at <= now())
         or (state = 'sending' and (lease_until is null or lease_until < now()))
      order by send_at, id`,
  );
}
