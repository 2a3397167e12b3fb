import {
  API,
  type Assignment,
  type AssignmentBody,
  type CharacteristicWiringItem,
  type ContentStatus,
  type CourseCharacteristicBody,
  type DocumentKind,
  type Gradebook,
  type GradebookBody,
  type GradebookWiring,
  type OverviewKind,
  type PlaybookWiring,
  sortByStatus,
  type WiringContentKind,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { deleteWiring, loadWiring, saveWiring } from '../wiring/index.ts';

/** A coach as the characteristics module needs it. */
export interface CoachScope {
  institutionId: number;
  coachId: number;
}

/** SQL of a content status from the published / queued / under-review flags (spec §4). */
const FLAG_STATUS = (published: string, queued: string, review: string) =>
  `case when ${review} or not ${published} then 'Draft' when ${queued} then 'Scheduled' else 'Published' end`;

interface Row {
  id: number;
  title: string;
  subtitle: string;
  status: ContentStatus | null;
  document_name: string | null;
  document_link?: string | null;
  document_file?: boolean;
}

/**
 * SQL joining an item's document (content_documents, see modules/documents): `left join` text for the
 * item alias's `id`, and the columns document_name, document_link (a link's URL), document_file.
 */
const DOC_JOIN = (kind: string, idExpr: string) =>
  `left join content_documents doc on doc.content_kind = '${kind}' and doc.content_id = ${idExpr}`;
const DOC_COLUMNS = 'doc.document_name, doc.url as document_link, (doc.data is not null) as document_file';

/** Where an item's document is: the download path of a file, a link's URL, or null (documents.ts). */
function documentUrl(
  coachId: number,
  kind: DocumentKind,
  id: number,
  row: { document_link?: string | null; document_file?: boolean | null },
): string | null {
  if (row.document_link) return row.document_link;
  return row.document_file ? API.contentDocumentFile(coachId, kind, id) : null;
}

/** Attaches each row's wiring of `kind` and sorts by status (spec §2: Draft, Scheduled, then the rest). */
async function withWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  rows: Row[],
): Promise<CharacteristicWiringItem[]> {
  const wiring = await loadWiring(q, coachId, kind);
  const docKind = `${kind}s` as DocumentKind;
  return sortByStatus(
    rows.map(({ document_link, document_file, ...r }) => ({
      ...r,
      ...(kind === 'course' || kind === 'todolist'
        ? {}
        : { document_url: documentUrl(coachId, docKind, r.id, { document_link, document_file }) }),
      characteristics: wiring.get(r.id) ?? [],
    })),
    (r) => r.status,
  );
}

/** Whether a table exists (emails come with another slice of this issue). */
async function tableExists(q: Query, name: string): Promise<boolean> {
  const [row] = await q<{ ok: boolean }>('select to_regclass($1) is not null as ok', [name]);
  return row?.ok ?? false;
}

/**
 * GET characteristics/{kind} for the list kinds (bulletins, emails, surveys, todolists, course):
 * every item of the coach with its status, document and wiring, sorted by status, then newest first.
 */
export async function overviewItems(
  database: Database,
  scope: CoachScope,
  kind: Exclude<OverviewKind, 'playbooks' | 'gradebooks'>,
): Promise<CharacteristicWiringItem[]> {
  const q = database.query;
  switch (kind) {
    case 'bulletins':
      return withWiring(
        q,
        scope.coachId,
        'bulletin',
        await q<Row>(
          `select b.id, b.title, b.subtitle, ${FLAG_STATUS('b.is_published', 'b.is_queued', 'b.under_review')} as status,
                  ${DOC_COLUMNS}
             from bulletins b ${DOC_JOIN('bulletin', 'b.id')}
            where b.coach_id = $1 order by b.publish_timestamp desc, b.id desc`,
          [scope.coachId],
        ),
      );
    case 'surveys':
      return withWiring(
        q,
        scope.coachId,
        'survey',
        await q<Row>(
          `select s.id, s.title, '' as subtitle, ${FLAG_STATUS('s.is_published', 's.is_queued', 's.under_review')} as status,
                  ${DOC_COLUMNS}
             from surveys s ${DOC_JOIN('survey', 's.id')}
            where s.coach_id = $1 order by s.publish_timestamp desc, s.id desc`,
          [scope.coachId],
        ),
      );
    case 'emails':
      if (!(await tableExists(q, 'emails'))) return [];
      return withWiring(
        q,
        scope.coachId,
        'email',
        await q<Row>(
          `select e.id, e.title, e.subject as subtitle,
                  case e.state when 'draft' then 'Draft' when 'delivered' then 'Delivered' else 'Scheduled' end as status,
                  ${DOC_COLUMNS}
             from emails e ${DOC_JOIN('email', 'e.id')}
            where e.coach_id = $1 order by coalesce(e.send_at, e.created_at) desc, e.id desc`,
          [scope.coachId],
        ),
      );
    case 'todolists':
      return withWiring(
        q,
        scope.coachId,
        'todolist',
        await q<Row>(
          `select id, title, '' as subtitle,
                  case when is_under_review then 'Draft' when is_queued then 'Scheduled' else 'Published' end as status,
                  null::text as document_name
             from todo_lists where coach_id = $1 order by position, id`,
          [scope.coachId],
        ),
      );
    case 'course':
      return withWiring(
        q,
        scope.coachId,
        'course',
        await q<Row>(
          `select id, title, subtitle, status, document_name
             from course_characteristics where coach_id = $1 order by created_at desc, id desc`,
          [scope.coachId],
        ),
      );
  }
}

/** GET characteristics/playbooks (spec §3 "Playbook (wiring)"), sorted by planning_status. */
export async function overviewPlaybooks(database: Database, scope: CoachScope): Promise<PlaybookWiring[]> {
  const q = database.query;
  const rows = await q<{
    id: number;
    title: string;
    is_released: boolean;
    document_name: string | null;
    document_link: string | null;
    document_file: boolean;
  }>(
    `select p.id, p.title, p.is_released, ${DOC_COLUMNS}
       from playbooks p ${DOC_JOIN('playbook', 'p.id')}
      where p.coach_id = $1 order by p.exam_date nulls last, p.id`,
    [scope.coachId],
  );
  const [planning, emotions, reflection] = await Promise.all([
    loadWiring(q, scope.coachId, 'playbook_planning'),
    loadWiring(q, scope.coachId, 'playbook_emotions'),
    loadWiring(q, scope.coachId, 'playbook_reflection'),
  ]);
  return sortByStatus(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      planning_characteristics: planning.get(r.id) ?? [],
      planning_emotions_characteristics: emotions.get(r.id) ?? [],
      reflection_characteristics: reflection.get(r.id) ?? [],
      planning_status: (r.is_released ? 'Published' : 'Draft') as ContentStatus,
      document_name: r.document_name,
      document_url: documentUrl(scope.coachId, 'playbooks', r.id, r),
    })),
    (r) => r.planning_status,
  );
}

/** GET characteristics/gradebooks (spec §3 "Gradebook (wiring)"). */
export async function overviewGradebooks(database: Database, scope: CoachScope): Promise<GradebookWiring[]> {
  const q = database.query;
  type DocColumns = { document_name: string | null; document_link: string | null; document_file: boolean };
  const books = await q<{ id: number; title: string } & DocColumns>(
    `select g.id, g.title, ${DOC_COLUMNS}
       from gradebooks g ${DOC_JOIN('gradebook', 'g.id')} where g.coach_id = $1 order by g.id`,
    [scope.coachId],
  );
  const assignments = await q<{ id: number; gradebook_id: number; title: string } & DocColumns>(
    `select a.id, a.gradebook_id, a.title, ${DOC_COLUMNS}
       from assignments a ${DOC_JOIN('assignment', 'a.id')} where a.coach_id = $1 order by a.due_day, a.id`,
    [scope.coachId],
  );
  const [bookWiring, assignmentWiring] = await Promise.all([
    loadWiring(q, scope.coachId, 'gradebook'),
    loadWiring(q, scope.coachId, 'assignment'),
  ]);
  // Gradebooks and assignments are live from the start (contracts: GradebookWiringSchema).
  const status: ContentStatus = 'Published';
  return books.map((b) => ({
    id: b.id,
    title: b.title,
    characteristics: bookWiring.get(b.id) ?? [],
    status,
    document_name: b.document_name,
    document_url: documentUrl(scope.coachId, 'gradebooks', b.id, b),
    assignment_characteristics: assignments
      .filter((a) => a.gradebook_id === b.id)
      .map((a) => ({
        id: a.id,
        title: a.title,
        characteristics: assignmentWiring.get(a.id) ?? [],
        status,
        document_name: a.document_name,
        document_url: documentUrl(scope.coachId, 'assignments', a.id, a),
      })),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Gradebook and assignment editors
// ---------------------------------------------------------------------------------------------------

/** A gradebook of the coach with its wiring and assignments; 404 when the coach has none by that id. */
export async function getGradebook(q: Query, scope: CoachScope, id: number): Promise<Gradebook> {
  const [book] = await q<{ id: number; title: string }>(
    'select id, title from gradebooks where coach_id = $1 and id = $2',
    [scope.coachId, id],
  );
  if (!book) throw notFound();
  const assignments = await q<{ id: number; title: string }>(
    'select id, title from assignments where gradebook_id = $1 order by due_day, id',
    [id],
  );
  const wiring = await loadWiring(q, scope.coachId, 'gradebook', [id]);
  return { ...book, characteristics: wiring.get(id) ?? [], assignments };
}

/** Saves a gradebook's title and wiring in one transaction (400 and nothing written on bad wiring). */
export async function updateGradebook(
  database: Database,
  scope: CoachScope,
  id: number,
  body: GradebookBody,
): Promise<Gradebook> {
  return database.transaction(async (q) => {
    const rows = await q('update gradebooks set title = $3 where coach_id = $1 and id = $2 returning id', [
      scope.coachId,
      id,
      body.title.trim(),
    ]);
    if (rows.length === 0) throw notFound();
    await saveWiring(q, { ...scope, kind: 'gradebook', contentId: id }, body.characteristics);
    return getGradebook(q, scope, id);
  });
}

/** An assignment of one of the coach's gradebooks, with its wiring; 404 otherwise. */
export async function getAssignment(
  q: Query,
  scope: CoachScope,
  gradebookId: number,
  id: number,
): Promise<Assignment> {
  const [row] = await q<{ id: number; gradebook_id: number; title: string; assessment_type: string }>(
    `select id, gradebook_id, title, assessment_type from assignments
      where coach_id = $1 and gradebook_id = $2 and id = $3`,
    [scope.coachId, gradebookId, id],
  );
  if (!row) throw notFound();
  const wiring = await loadWiring(q, scope.coachId, 'assignment', [id]);
  return { ...row, characteristics: wiring.get(id) ?? [] };
}

/** Saves an assignment's title and wiring in one transaction. */
export async function updateAssignment(
  database: Database,
  scope: CoachScope,
  gradebookId: number,
  id: number,
  body: AssignmentBody,
): Promise<Assignment> {
  return database.transaction(async (q) => {
    const rows = await q(
      `update assignments set title = $4 where coach_id = $1 and gradebook_id = $2 and id = $3 returning id`,
      [scope.coachId, gradebookId, id, body.title.trim()],
    );
    if (rows.length === 0) throw notFound();
    await saveWiring(q, { ...scope, kind: 'assignment', contentId: id }, body.characteristics);
    return getAssignment(q, scope, gradebookId, id);
  });
}

// ---------------------------------------------------------------------------------------------------
// Course characteristics
// ---------------------------------------------------------------------------------------------------

/** One course characteristic with its wiring; 404 when the coach has none by that id. */
export async function getCourseCharacteristic(
  q: Query,
  scope: CoachScope,
  id: number,
): Promise<CharacteristicWiringItem> {
  const [row] = await q<Row>(
    'select id, title, subtitle, status, document_name from course_characteristics where coach_id = $1 and id = $2',
    [scope.coachId, id],
  );
  if (!row) throw notFound();
  const wiring = await loadWiring(q, scope.coachId, 'course', [id]);
  return { ...row, characteristics: wiring.get(id) ?? [] };
}

/** Creates (id null) or replaces a course characteristic and its wiring, in one transaction. */
export async function saveCourseCharacteristic(
  database: Database,
  scope: CoachScope,
  id: number | null,
  body: CourseCharacteristicBody,
): Promise<CharacteristicWiringItem> {
  return database.transaction(async (q) => {
    const values = [
      scope.coachId,
      body.title.trim(),
      (body.subtitle ?? '').trim(),
      body.document_name?.trim() || null,
      body.status,
    ];
    let rowId: number;
    if (id === null) {
      const [row] = await q<{ id: number }>(
        `insert into course_characteristics (institution_id, coach_id, title, subtitle, document_name, status)
         values ($6, $1, $2, $3, $4, $5) returning id`,
        [...values, scope.institutionId],
      );
      rowId = row!.id;
    } else {
      const rows = await q<{ id: number }>(
        `update course_characteristics set title = $2, subtitle = $3, document_name = $4, status = $5
          where coach_id = $1 and id = $6 returning id`,
        [...values, id],
      );
      if (rows.length === 0) throw notFound();
      rowId = id;
    }
    await saveWiring(q, { ...scope, kind: 'course', contentId: rowId }, body.characteristics);
    return getCourseCharacteristic(q, scope, rowId);
  });
}

/** Deletes a course characteristic and its wiring. */
export async function deleteCourseCharacteristic(
  database: Database,
  scope: CoachScope,
  id: number,
): Promise<void> {
  await database.transaction(async (q) => {
    const rows = await q('delete from course_characteristics where coach_id = $1 and id = $2 returning id', [
      scope.coachId,
      id,
    ]);
    if (rows.length === 0) throw notFound();
    await deleteWiring(q, scope.coachId, 'course', [id]);
  });
}
