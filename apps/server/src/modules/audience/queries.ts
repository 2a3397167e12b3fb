/**
 * "Who sees this": the SQL (docs/bulletins.md and docs/emails-surveys.md "Who sees this"). The statements
 * run on the caller's handle or transaction (`q`); the targeting fragments are the delivery paths' own
 * (`bulletinTargetsSql`, `surveyTargetsSql` of modules/content, `TARGETED_SQL` of modules/emails). The
 * rules in words, the publish states, the dry run and the audit entries are the services'
 * (./service.ts, ./targets.ts).
 */
import type { AudienceKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type {
  bulletins,
  characteristics,
  cohorts,
  emails,
  surveyQuestions,
  surveys,
  users,
} from '../../db/schema/index.ts';
import { bulletinTargetsSql, surveyTargetsSql } from '../content/index.ts';
import { TARGETED_SQL } from '../emails/index.ts';

type Bulletins = typeof bulletins.$inferSelect;
type Surveys = typeof surveys.$inferSelect;

/** A student: the `users` id and name. */
export type StudentRow = Pick<typeof users.$inferSelect, 'id' | 'name'>;

/** The publish flags of a bulletin or survey (the same columns in both tables). */
export type FlagsRow = Pick<Bulletins, 'is_published' | 'is_queued' | 'under_review' | 'publish_timestamp'>;

/** A bulletin of the coach as a target: its title, flags, group and the group's name (null: none or gone). */
export type BulletinTargetRow = FlagsRow &
  Pick<Bulletins, 'title' | 'audience_cohort_id'> & {
    group_name: (typeof cohorts.$inferSelect)['name'] | null;
  };

/** A survey of the coach as a target: its title, flags and whether it has wiring. */
export type SurveyTargetRow = FlagsRow & Pick<Surveys, 'title'> & { wired: boolean };

/** An e-mail of the coach as a target: its subject, state, send time and whether it has wiring. */
export type EmailTargetRow = Pick<typeof emails.$inferSelect, 'subject' | 'state' | 'send_at'> & {
  wired: boolean;
};

/** A survey question as previewed: its prompt and its characteristic's question (null: none). */
export type PreviewQuestionRow = Pick<typeof surveyQuestions.$inferSelect, 'prompt'> & {
  question: (typeof characteristics.$inferSelect)['question'] | null;
};

/** A bulletin as previewed for a student, with whether they are in its group (`in_group`). */
export type PreviewBulletinRow = Pick<Bulletins, 'title' | 'subtitle' | 'description'> & {
  in_group: boolean;
};

const FLAGS = 'is_published, is_queued, under_review, publish_timestamp';

/** The coach's students among `ids` (any order). */
export function selectStudentsAmong(q: Query, coachId: number, ids: number[]): Promise<StudentRow[]> {
  return q<StudentRow>(
    `select u.id, u.name from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student' and e.user_id = any($2::int[])`,
    [coachId, ids],
  );
}

/** Whether group `cohortId` is one of the coach's. */
export async function cohortOfCoach(q: Query, coachId: number, cohortId: number): Promise<boolean> {
  const [c] = await q('select 1 from cohorts where coach_id = $1 and id = $2', [coachId, cohortId]);
  return c !== undefined;
}

/** Sets the group (`null`: all students) of the coach's bulletin `id`. */
export async function updateBulletinCohort(
  q: Query,
  coachId: number,
  id: number,
  cohortId: number | null,
): Promise<void> {
  await q('update bulletins set audience_cohort_id = $3 where coach_id = $1 and id = $2', [
    coachId,
    id,
    cohortId,
  ]);
}

/** Deletes the exclusions of item `id` of `kind`. */
export async function deleteExclusionRows(q: Query, kind: AudienceKind, id: number): Promise<void> {
  await q('delete from content_exclusions where content_kind = $1 and content_id = $2', [kind, id]);
}

/** Excludes the students `userIds` from the coach's item `id` of `kind`. */
export async function insertExclusionRows(
  q: Query,
  scope: { institutionId: number; coachId: number },
  kind: AudienceKind,
  id: number,
  userIds: number[],
): Promise<void> {
  await q(
    `insert into content_exclusions (institution_id, coach_id, content_kind, content_id, user_id)
     select $1, $2, $3, $4, u from unnest($5::int[]) as t(u)`,
    [scope.institutionId, scope.coachId, kind, id, userIds],
  );
}

/** The title of survey `id`; undefined when there is none. */
export async function selectSurveyTitle(q: Query, id: number): Promise<Pick<Surveys, 'title'> | undefined> {
  const [s] = await q<Pick<Surveys, 'title'>>('select title from surveys where id = $1', [id]);
  return s;
}

/** The questions of survey `id` in their order (then id). */
export function selectPreviewQuestions(q: Query, id: number): Promise<PreviewQuestionRow[]> {
  return q<PreviewQuestionRow>(
    `select sq.prompt, c.question from survey_questions sq
       left join characteristics c on c.id = sq.characteristic_id
      where sq.survey_id = $1 order by sq.position, sq.id`,
    [id],
  );
}

/** Bulletin `id` as previewed for student `userId`; undefined when there is none. */
export async function selectPreviewBulletin(
  q: Query,
  id: number,
  userId: number,
): Promise<PreviewBulletinRow | undefined> {
  const [b] = await q<PreviewBulletinRow>(
    `select b.title, b.subtitle, b.description,
            (b.audience_cohort_id is not null and exists (select 1 from cohort_memberships m
                                                          where m.cohort_id = b.audience_cohort_id
                                                            and m.user_id = $2)) as in_group
       from bulletins b where b.id = $1`,
    [id, userId],
  );
  return b;
}

/** The coach's bulletin `id` with its group's name; undefined when the coach has no such bulletin. */
export async function selectBulletinTarget(
  q: Query,
  coachId: number,
  id: number,
): Promise<BulletinTargetRow | undefined> {
  const [b] = await q<BulletinTargetRow>(
    `select b.title, b.audience_cohort_id, c.name as group_name, ${FLAGS.replace(/(\w+)/g, 'b.$1')}
       from bulletins b left join cohorts c on c.id = b.audience_cohort_id
      where b.coach_id = $1 and b.id = $2`,
    [coachId, id],
  );
  return b;
}

/** The coach's survey `id` with whether it is wired; undefined when the coach has no such survey. */
export async function selectSurveyTarget(
  q: Query,
  coachId: number,
  id: number,
): Promise<SurveyTargetRow | undefined> {
  const [s] = await q<SurveyTargetRow>(
    `select s.title, ${FLAGS.replace(/(\w+)/g, 's.$1')},
            exists (select 1 from content_characteristics w
                     where w.content_kind = 'survey' and w.content_id = s.id) as wired
       from surveys s where s.coach_id = $1 and s.id = $2`,
    [coachId, id],
  );
  return s;
}

/** The coach's e-mail `id` with whether it is wired; undefined when the coach has no such e-mail. */
export async function selectEmailTarget(
  q: Query,
  coachId: number,
  id: number,
): Promise<EmailTargetRow | undefined> {
  const [e] = await q<EmailTargetRow>(
    `select e.subject, e.state, e.send_at,
            exists (select 1 from content_characteristics w
                     where w.content_kind = 'email' and w.content_id = e.id) as wired
       from emails e where e.coach_id = $1 and e.id = $2`,
    [coachId, id],
  );
  return e;
}

/**
 * The students item `id` of `kind` targets by its rule (exclusions not applied), by name then id: the
 * e-mail job's own query for an e-mail, else the coach's students the bulletin or survey reader's
 * targeting fragment lets through.
 */
export function selectTargetedStudents(
  q: Query,
  scope: { coachId: number; institutionId: number },
  kind: AudienceKind,
  id: number,
): Promise<StudentRow[]> {
  if (kind === 'email') {
    // The e-mail job's own query (params: email, coach, institution).
    return q<StudentRow>(
      `select t.user_id as id, t.name from (${TARGETED_SQL}) t order by t.name, t.user_id`,
      [id, scope.coachId, scope.institutionId],
    );
  }
  const condition =
    kind === 'bulletin' ? bulletinTargetsSql('e.user_id') : surveyTargetsSql('$2::int', 'e.user_id');
  const from = kind === 'bulletin' ? 'join bulletins b on b.id = $2 and b.coach_id = $1' : '';
  return q<StudentRow>(
    `select u.id, u.name
       from enrollments e join users u on u.id = e.user_id ${from}
      where e.coach_id = $1 and e.role = 'student' and ${condition}
      order by u.name, u.id`,
    [scope.coachId, id],
  );
}
