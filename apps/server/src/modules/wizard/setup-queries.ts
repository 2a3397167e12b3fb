/**
 * The set-up job's writes (spec §4 mts step, §5; docs/wizard.md): the lookup and the source link of the
 * wizard's characteristics in the institution's dictionary (the characteristic and its source are added
 * by the tailoring module's insertCharacteristic and ensureTailoringSource), the coach's course characteristics, its admins' enrolments and its content
 * calendar (bulletins with their topics, e-mails, playbooks). Each function runs in the set-up
 * transaction's `q` (./setup-job.ts); what to write and the checks are ./setup-content.ts's.
 */
import type { Query } from '../../db/client.ts';
import type { characteristics, users } from '../../db/schema/index.ts';

/** An existing characteristic of the dictionary, with what a wizard definition must agree with. */
export type ExistingCharacteristicRow = Pick<
  typeof characteristics.$inferSelect,
  'id' | 'kind' | 'is_multivalued' | 'restriction_values' | 'restriction_ranges'
>;

/** The institution's characteristic named `name`, or undefined. */
export async function selectCharacteristicByName(
  q: Query,
  institutionId: number,
  name: string,
): Promise<ExistingCharacteristicRow | undefined> {
  const [row] = await q<ExistingCharacteristicRow>(
    `select id, kind, is_multivalued, restriction_values, restriction_ranges from characteristics
      where institution_id = $1 and name = $2`,
    [institutionId, name],
  );
  return row;
}

/** Whether the coach already has a course characteristic titled `title`. */
export async function courseCharacteristicExists(q: Query, coachId: number, title: string): Promise<boolean> {
  const rows = await q('select 1 from course_characteristics where coach_id = $1 and title = $2', [
    coachId,
    title,
  ]);
  return rows.length > 0;
}

/** Creates a Published course characteristic of the coach; returns its id. */
export async function insertCourseCharacteristic(
  q: Query,
  institutionId: number,
  coachId: number,
  item: { title: string; subtitle: string; document: string },
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into course_characteristics (institution_id, coach_id, title, subtitle, document_name, status)
     values ($1, $2, $3, $4, $5, 'Published') returning id`,
    [institutionId, coachId, item.title, item.subtitle, item.document],
  );
  return row!.id;
}

/**
 * The user with e-mail `email`, created in the institution with `passwordHash` (named by the e-mail)
 * when no account has it; an existing account may belong to another institution.
 */
export async function ensureUser(
  q: Query,
  institutionId: number,
  email: string,
  passwordHash: string,
): Promise<Pick<typeof users.$inferSelect, 'id' | 'institution_id'> | undefined> {
  await q(
    `insert into users (institution_id, email, name, password_hash) values ($1, $2, $2, $3)
     on conflict (email) do nothing`,
    [institutionId, email, passwordHash],
  );
  const [user] = await q<{ id: number; institution_id: number }>(
    'select id, institution_id from users where email = $1',
    [email],
  );
  return user;
}

/** Enrols the user in the coach as an instructor (an existing enrolment becomes an instructor's). */
export async function enrolInstructor(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
): Promise<void> {
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'instructor')
     on conflict (coach_id, user_id) do update set role = 'instructor'`,
    [institutionId, coachId, userId],
  );
}

/** The id of the coach's bulletin topic `name`, created when missing. */
export async function ensureBulletinTopic(
  q: Query,
  institutionId: number,
  coachId: number,
  name: string,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, $3)
     on conflict (coach_id, name) do update set name = excluded.name returning id`,
    [institutionId, coachId, name],
  );
  return row!.id;
}

/** Creates a published bulletin of the coach, live from `publishAt` (ISO 8601, UTC). */
export async function insertBulletin(
  q: Query,
  institutionId: number,
  coachId: number,
  b: { title: string; subtitle: string; description: string; publishAt: string; topicId: number | null },
): Promise<void> {
  await q(
    `insert into bulletins (institution_id, coach_id, title, subtitle, description, is_published,
                            publish_timestamp, topic_id)
     values ($1, $2, $3, $4, $5, true, $6, $7)`,
    [institutionId, coachId, b.title, b.subtitle, b.description, b.publishAt, b.topicId],
  );
}

/** Creates an e-mail of the coach scheduled at `sendAt` (ISO 8601, UTC) with one section for everyone. */
export async function insertScheduledEmail(
  q: Query,
  institutionId: number,
  coachId: number,
  e: { title: string; sendAt: string; body: string },
): Promise<void> {
  const [row] = await q<{ id: number }>(
    `insert into emails (institution_id, coach_id, title, subject, state, send_at)
     values ($1, $2, $3, $3, 'scheduled', $4) returning id`,
    [institutionId, coachId, e.title, e.sendAt],
  );
  await q(
    `insert into email_sections (institution_id, email_id, position, characteristic, value, body)
     values ($1, $2, 0, null, null, $3)`,
    [institutionId, row!.id, e.body],
  );
}

/** Creates a released playbook of the coach whose planning opens on `planningOpensOn` (a date). */
export async function insertPlaybook(
  q: Query,
  institutionId: number,
  coachId: number,
  p: { title: string; assignmentType: string; examDate: string; planningOpensOn: string },
): Promise<void> {
  await q(
    `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released,
                            planning_opens_on)
     values ($1, $2, $3, $4, $5, true, $6)`,
    [institutionId, coachId, p.title, p.assignmentType, p.examDate, p.planningOpensOn],
  );
}
