/**
 * The characteristics overview's and editors' SQL (spec §2 "Characteristics", §3 wiring; docs/wiring.md):
 * the coach's content items of each kind with their status and document, gradebooks and assignments,
 * and course characteristics. The wiring itself is the wiring module's; sorting, the document's URL and
 * the answers' shapes are ./service.ts's. Every read is scoped to the coach (`coachId`).
 */
import type { ContentStatus } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { assignments, courseCharacteristics, gradebooks, playbooks } from '../../db/schema/index.ts';

/** SQL of a content status from the published / queued / under-review flags (spec §4). */
const FLAG_STATUS = (published: string, queued: string, review: string) =>
  `case when ${review} or not ${published} then 'Draft' when ${queued} then 'Scheduled' else 'Published' end`;

/**
 * SQL joining an item's document (content_documents, see modules/documents): `left join` text for the
 * item alias's `id`, and the columns document_name, document_link (a link's URL), document_file.
 */
const DOC_JOIN = (kind: string, idExpr: string) =>
  `left join content_documents doc on doc.content_kind = '${kind}' and doc.content_id = ${idExpr}`;
const DOC_COLUMNS = 'doc.document_name, doc.url as document_link, (doc.data is not null) as document_file';

/** An item's document: its name, a link's URL, and whether a file is stored. */
export interface DocumentColumns {
  document_name: string | null;
  document_link: string | null;
  document_file: boolean;
}

/** A content item of the overview: its status as the spec names it and its document (if the kind has one). */
export interface OverviewRow {
  id: number;
  title: string;
  subtitle: string;
  status: ContentStatus | null;
  document_name: string | null;
  document_link?: string | null;
  document_file?: boolean;
}

/** The overview's list kinds (spec §2), each read by its own statement below. */
export type OverviewListKind = 'bulletins' | 'surveys' | 'emails' | 'todolists' | 'course';

const OVERVIEW_SQL: Record<OverviewListKind, string> = {
  bulletins: `select b.id, b.title, b.subtitle, ${FLAG_STATUS('b.is_published', 'b.is_queued', 'b.under_review')} as status,
                     ${DOC_COLUMNS}
                from bulletins b ${DOC_JOIN('bulletin', 'b.id')}
               where b.coach_id = $1 order by b.publish_timestamp desc, b.id desc`,
  surveys: `select s.id, s.title, '' as subtitle, ${FLAG_STATUS('s.is_published', 's.is_queued', 's.under_review')} as status,
                   ${DOC_COLUMNS}
              from surveys s ${DOC_JOIN('survey', 's.id')}
             where s.coach_id = $1 order by s.publish_timestamp desc, s.id desc`,
  emails: `select e.id, e.title, e.subject as subtitle,
                  case e.state when 'draft' then 'Draft' when 'delivered' then 'Delivered' else 'Scheduled' end as status,
                  ${DOC_COLUMNS}
             from emails e ${DOC_JOIN('email', 'e.id')}
            where e.coach_id = $1 order by coalesce(e.send_at, e.created_at) desc, e.id desc`,
  todolists: `select id, title, '' as subtitle,
                     case when is_under_review then 'Draft' when is_queued then 'Scheduled' else 'Published' end as status,
                     null::text as document_name
                from todo_lists where coach_id = $1 order by position, id`,
  course: `select id, title, subtitle, status, document_name
             from course_characteristics where coach_id = $1 order by created_at desc, id desc`,
};

/**
 * The coach's items of a list kind: bulletins and surveys newest first (publish time), e-mails by send
 * time (else creation), to-do lists in their order, course characteristics newest first.
 */
export function selectOverviewItems(
  q: Query,
  coachId: number,
  kind: OverviewListKind,
): Promise<OverviewRow[]> {
  return q<OverviewRow>(OVERVIEW_SQL[kind], [coachId]);
}

/** A playbook of the overview with its document. */
export type PlaybookOverviewRow = Pick<typeof playbooks.$inferSelect, 'id' | 'title' | 'is_released'> &
  DocumentColumns;

/** The coach's playbooks by exam date (none last), then id. */
export function selectPlaybooks(q: Query, coachId: number): Promise<PlaybookOverviewRow[]> {
  return q<PlaybookOverviewRow>(
    `select p.id, p.title, p.is_released, ${DOC_COLUMNS}
       from playbooks p ${DOC_JOIN('playbook', 'p.id')}
      where p.coach_id = $1 order by p.exam_date nulls last, p.id`,
    [coachId],
  );
}

/** A gradebook of the overview with its document. */
export type GradebookOverviewRow = Pick<typeof gradebooks.$inferSelect, 'id' | 'title'> & DocumentColumns;

/** An assignment of the overview with its gradebook and document. */
export type AssignmentOverviewRow = Pick<typeof assignments.$inferSelect, 'id' | 'gradebook_id' | 'title'> &
  DocumentColumns;

/** The coach's gradebooks by id, and their assignments by due day, each with its document. */
export async function selectGradebooksWithAssignments(
  q: Query,
  coachId: number,
): Promise<{ books: GradebookOverviewRow[]; assignments: AssignmentOverviewRow[] }> {
  const books = await q<GradebookOverviewRow>(
    `select g.id, g.title, ${DOC_COLUMNS}
       from gradebooks g ${DOC_JOIN('gradebook', 'g.id')} where g.coach_id = $1 order by g.id`,
    [coachId],
  );
  const rows = await q<AssignmentOverviewRow>(
    `select a.id, a.gradebook_id, a.title, ${DOC_COLUMNS}
       from assignments a ${DOC_JOIN('assignment', 'a.id')} where a.coach_id = $1 order by a.due_day, a.id`,
    [coachId],
  );
  return { books, assignments: rows };
}

/** The coach's gradebook `id` (undefined: none) and its assignments by due day. */
export async function selectGradebook(
  q: Query,
  coachId: number,
  id: number,
): Promise<
  | (Pick<typeof gradebooks.$inferSelect, 'id' | 'title'> & {
      assignments: Array<Pick<typeof assignments.$inferSelect, 'id' | 'title'>>;
    })
  | undefined
> {
  const [book] = await q<{ id: number; title: string }>(
    'select id, title from gradebooks where coach_id = $1 and id = $2',
    [coachId, id],
  );
  if (!book) return undefined;
  const rows = await q<{ id: number; title: string }>(
    'select id, title from assignments where gradebook_id = $1 order by due_day, id',
    [id],
  );
  return { ...book, assignments: rows };
}

/** Renames the coach's gradebook `id`; false when the coach has none by that id. */
export async function updateGradebookTitle(
  q: Query,
  coachId: number,
  id: number,
  title: string,
): Promise<boolean> {
  const rows = await q('update gradebooks set title = $3 where coach_id = $1 and id = $2 returning id', [
    coachId,
    id,
    title,
  ]);
  return rows.length > 0;
}

/** An assignment as its editor shows it. */
export type AssignmentRow = Pick<
  typeof assignments.$inferSelect,
  'id' | 'gradebook_id' | 'title' | 'assessment_type'
>;

/** The assignment `id` of the coach's gradebook `gradebookId`, or undefined. */
export async function selectAssignment(
  q: Query,
  coachId: number,
  gradebookId: number,
  id: number,
): Promise<AssignmentRow | undefined> {
  const [row] = await q<AssignmentRow>(
    `select id, gradebook_id, title, assessment_type from assignments
      where coach_id = $1 and gradebook_id = $2 and id = $3`,
    [coachId, gradebookId, id],
  );
  return row;
}

/** Renames the assignment; false when the coach's gradebook has none by that id. */
export async function updateAssignmentTitle(
  q: Query,
  coachId: number,
  gradebookId: number,
  id: number,
  title: string,
): Promise<boolean> {
  const rows = await q(
    `update assignments set title = $4 where coach_id = $1 and gradebook_id = $2 and id = $3 returning id`,
    [coachId, gradebookId, id, title],
  );
  return rows.length > 0;
}

/** A course characteristic as stored (its status is the spec's). */
export type CourseCharacteristicRow = Pick<
  typeof courseCharacteristics.$inferSelect,
  'id' | 'title' | 'subtitle' | 'document_name'
> & { status: ContentStatus };

/** The coach's course characteristic `id`, or undefined. */
export async function selectCourseCharacteristic(
  q: Query,
  coachId: number,
  id: number,
): Promise<CourseCharacteristicRow | undefined> {
  const [row] = await q<CourseCharacteristicRow>(
    'select id, title, subtitle, status, document_name from course_characteristics where coach_id = $1 and id = $2',
    [coachId, id],
  );
  return row;
}

/** A course characteristic's fields as written. */
export interface CourseCharacteristicFields {
  title: string;
  subtitle: string;
  document_name: string | null;
  status: string;
}

/** Creates a course characteristic of the coach; returns its id. */
export async function insertCourseCharacteristic(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: CourseCharacteristicFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into course_characteristics (institution_id, coach_id, title, subtitle, document_name, status)
     values ($6, $1, $2, $3, $4, $5) returning id`,
    [scope.coachId, f.title, f.subtitle, f.document_name, f.status, scope.institutionId],
  );
  return row!.id;
}

/** Replaces the coach's course characteristic `id`'s fields; false when the coach has none by that id. */
export async function updateCourseCharacteristic(
  q: Query,
  coachId: number,
  id: number,
  f: CourseCharacteristicFields,
): Promise<boolean> {
  const rows = await q<{ id: number }>(
    `update course_characteristics set title = $2, subtitle = $3, document_name = $4, status = $5
      where coach_id = $1 and id = $6 returning id`,
    [coachId, f.title, f.subtitle, f.document_name, f.status, id],
  );
  return rows.length > 0;
}

/** Deletes the coach's course characteristic `id`; false when the coach has none by that id. */
export async function deleteCourseCharacteristicRow(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('delete from course_characteristics where coach_id = $1 and id = $2 returning id', [
    coachId,
    id,
  ]);
  return rows.length > 0;
}
