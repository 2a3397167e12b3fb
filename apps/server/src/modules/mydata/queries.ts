/**
 * My data: the SQL (docs/my-data.md). The characteristic values and visible Insight Groups a student is
 * shown, who they are, whether a tailored item is live (the "why" answer), and the staff's group
 * visibility; the wording (labels, rule sentences), the wiring match and the access checks are the
 * service's and the routes' (./service.ts, ./why.ts, ./routes.ts).
 */
import type { WhyKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type {
  characteristics,
  coaches,
  cohortRules,
  cohorts,
  studentCharacteristicValues,
  tailoringSources,
  users,
} from '../../db/schema/index.ts';

type Characteristics = typeof characteristics.$inferSelect;
type Cohorts = typeof cohorts.$inferSelect;
type TailoringSources = typeof tailoringSources.$inferSelect;
type StudentValues = typeof studentCharacteristicValues.$inferSelect;

/** The labels of a characteristic and of its values, for the sentences that name them. */
export type CharacteristicLabelsRow = Pick<Characteristics, 'name' | 'label' | 'restriction_values'>;

/**
 * One characteristic value of a student with its characteristic's labels and scope and its source's
 * name and label (null when the source is gone); `recorded_at` as the driver gives it.
 */
export type ValueRow = Pick<Characteristics, 'name' | 'label' | 'scope' | 'restriction_values'> &
  Pick<StudentValues, 'value'> & {
    source: TailoringSources['name'] | null;
    source_label: TailoringSources['label'] | null;
    recorded_at: StudentValues['recorded_at'] | string;
  };

/** An Insight Group as My data names it. */
export type GroupRow = Pick<Cohorts, 'id' | 'name'>;

/** A rule of an Insight Group with the labels of its characteristic. */
export type GroupRuleRow = Pick<
  typeof cohortRules.$inferSelect,
  'cohort_id' | 'operation' | 'value' | 'values_for_include'
> &
  CharacteristicLabelsRow;

/** Who a student is, the coach's name, and whether the student opted out of peer comparison. */
export type WhoRow = Pick<typeof users.$inferSelect, 'name' | 'email'> & {
  coach: (typeof coaches.$inferSelect)['name'];
  opted_out: boolean;
};

/** An Insight Group and whether its members see it on My data. */
export type GroupVisibilityRow = Pick<Cohorts, 'id' | 'name' | 'visible_to_students'>;

/** The table of each kind of tailored item (a fixed map: never a name from the client). */
const TABLES: Record<WhyKind, string> = {
  bulletin: 'bulletins',
  survey: 'surveys',
  todolist: 'todo_lists',
  playbook_planning: 'playbooks',
  checklist_item: 'checklist_items',
};

/**
 * When each kind of item is live for students (docs: the schema's content.ts and todos.ts notes): a draft,
 * a scheduled or an unreleased item is not explained, so its existence is not told.
 */
const LIVE: Record<WhyKind, string> = {
  bulletin: 'is_published and not is_queued and not under_review and publish_timestamp <= now()',
  survey: 'is_published and not is_queued and not under_review and publish_timestamp <= now()',
  todolist: 'not is_queued and not is_under_review',
  playbook_planning: 'is_released',
  // A checklist item is live once staff add it (docs/faq-checklists.md).
  checklist_item: 'true',
};

/**
 * Every characteristic value of `userId` in the institution as seen in `coachId`: student-scoped values
 * and the enrolment-scoped ones of this coach (`coach_id in (0, coach)`), retired characteristics
 * included; by label (the name when blank), name, value and source.
 */
export function selectValues(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
): Promise<ValueRow[]> {
  return q<ValueRow>(
    `select c.name, c.label, c.scope, c.restriction_values, v.value,
            s.name as source, s.label as source_label, v.recorded_at
       from student_characteristic_values v
       join characteristics c on c.id = v.characteristic_id
       left join tailoring_sources s on s.id = v.source_id
      where v.user_id = $1 and v.institution_id = $2 and v.coach_id in (0, $3)
      order by coalesce(nullif(c.label, ''), c.name), c.name, v.value, s.name`,
    [userId, institutionId, coachId],
  );
}

/** The Insight Groups of `coachId` that `userId` is a member of and students may see, by name, then id. */
export function selectVisibleGroups(q: Query, coachId: number, userId: number): Promise<GroupRow[]> {
  return q<GroupRow>(
    `select co.id, co.name from cohorts co
       join cohort_memberships m on m.cohort_id = co.id and m.user_id = $1
      where co.coach_id = $2 and co.visible_to_students
      order by co.name, co.id`,
    [userId, coachId],
  );
}

/**
 * The rules of the groups `cohortIds` whose characteristic is in the institution's dictionary (not
 * retired), in id order.
 */
export function selectGroupRules(
  q: Query,
  institutionId: number,
  cohortIds: number[],
): Promise<GroupRuleRow[]> {
  return q<GroupRuleRow>(
    `select r.cohort_id, r.operation, r.value, r.values_for_include, c.name, c.label, c.restriction_values
       from cohort_rules r
       join characteristics c on c.name = r.characteristic and c.institution_id = $2 and c.retired_at is null
      where r.cohort_id = any($1::int[])
      order by r.id`,
    [cohortIds, institutionId],
  );
}

/** User `userId` and coach `coachId`: names, e-mail and the peer-comparison opt-out; undefined when either is missing. */
export async function selectWho(q: Query, coachId: number, userId: number): Promise<WhoRow | undefined> {
  const [row] = await q<WhoRow>(
    `select u.name, u.email, c.name as coach,
            exists (select 1 from peer_comparison_opt_outs o where o.coach_id = c.id and o.user_id = u.id) as opted_out
       from users u, coaches c where u.id = $1 and c.id = $2`,
    [userId, coachId],
  );
  return row;
}

/** Whether item `id` of `kind` is in coach `coachId` and live for students. */
export async function isLiveItem(q: Query, kind: WhyKind, id: number, coachId: number): Promise<boolean> {
  const rows = await q(`select 1 from ${TABLES[kind]} where id = $1 and coach_id = $2 and ${LIVE[kind]}`, [
    id,
    coachId,
  ]);
  return rows.length > 0;
}

/** The labels of the institution's characteristics named `names` (retired ones included). */
export function selectCharacteristicLabels(
  q: Query,
  institutionId: number,
  names: string[],
): Promise<CharacteristicLabelsRow[]> {
  return q<CharacteristicLabelsRow>(
    'select name, label, restriction_values from characteristics where institution_id = $1 and name = any($2::text[])',
    [institutionId, names],
  );
}

/** The coach's Insight Groups with whether students see them, by name, then id. */
export function selectGroupVisibility(q: Query, coachId: number): Promise<GroupVisibilityRow[]> {
  return q<GroupVisibilityRow>(
    'select id, name, visible_to_students from cohorts where coach_id = $1 order by name, id',
    [coachId],
  );
}

/** Shows (or hides) the coach's group `cohortId` to its members; whether the coach has that group. */
export async function updateGroupVisibility(
  q: Query,
  coachId: number,
  cohortId: number,
  visible: boolean,
): Promise<boolean> {
  const rows = await q(
    'update cohorts set visible_to_students = $1 where id = $2 and coach_id = $3 returning id',
    [visible, cohortId, coachId],
  );
  return rows.length > 0;
}
