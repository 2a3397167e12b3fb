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
import {
  deleteCourseCharacteristicRow,
  insertCourseCharacteristic,
  type OverviewListKind,
  type OverviewRow,
  selectAssignment,
  selectCourseCharacteristic,
  selectGradebook,
  selectGradebooksWithAssignments,
  selectOverviewItems,
  selectPlaybooks,
  updateAssignmentTitle,
  updateCourseCharacteristic,
  updateGradebookTitle,
} from './queries.ts';

/** A coach as the characteristics module needs it. */
export interface CoachScope {
  institutionId: number;
  coachId: number;
}

/** The wiring kind of each list kind of the overview. */
const WIRING_KIND: Record<OverviewListKind, WiringContentKind> = {
  bulletins: 'bulletin',
  surveys: 'survey',
  emails: 'email',
  todolists: 'todolist',
  course: 'course',
};

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
  rows: OverviewRow[],
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
  return withWiring(q, scope.coachId, WIRING_KIND[kind], await selectOverviewItems(q, scope.coachId, kind));
}

/** GET characteristics/playbooks (spec §3 "Playbook (wiring)"), sorted by planning_status. */
export async function overviewPlaybooks(database: Database, scope: CoachScope): Promise<PlaybookWiring[]> {
  const q = database.query;
  const rows = await selectPlaybooks(q, scope.coachId);
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
  const { books, assignments } = await selectGradebooksWithAssignments(q, scope.coachId);
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
  const book = await selectGradebook(q, scope.coachId, id);
  if (!book) throw notFound();
  const wiring = await loadWiring(q, scope.coachId, 'gradebook', [id]);
  return {
    id: book.id,
    title: book.title,
    characteristics: wiring.get(id) ?? [],
    assignments: book.assignments,
  };
}

/** Saves a gradebook's title and wiring in one transaction (400 and nothing written on bad wiring). */
export async function updateGradebook(
  database: Database,
  scope: CoachScope,
  id: number,
  body: GradebookBody,
): Promise<Gradebook> {
  return database.transaction(async (q) => {
    if (!(await updateGradebookTitle(q, scope.coachId, id, body.title.trim()))) throw notFound();
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
  const row = await selectAssignment(q, scope.coachId, gradebookId, id);
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
    if (!(await updateAssignmentTitle(q, scope.coachId, gradebookId, id, body.title.trim())))
      throw notFound();
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
  const row = await selectCourseCharacteristic(q, scope.coachId, id);
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
    const fields = {
      title: body.title.trim(),
      subtitle: (body.subtitle ?? '').trim(),
      document_name: body.document_name?.trim() || null,
      status: body.status,
    };
    let rowId: number;
    if (id === null) rowId = await insertCourseCharacteristic(q, scope, fields);
    else if (await updateCourseCharacteristic(q, scope.coachId, id, fields)) rowId = id;
    else throw notFound();
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
    if (!(await deleteCourseCharacteristicRow(q, scope.coachId, id))) throw notFound();
    await deleteWiring(q, scope.coachId, 'course', [id]);
  });
}
