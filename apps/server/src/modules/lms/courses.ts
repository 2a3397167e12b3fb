/**
 * LMS: Canvas courses as the coach setup wizard uses them (README "Canvas LMS"): the course and
 * assignment wire shapes, the check that the caller teaches a course, and the roster import.
 * Called through `LmsService` (./service.ts), which supplies the caller's token.
 */
import type { LmsAssignment, LmsCourse, RosterImportResult } from '@course-coach/contracts';
import type { InstitutionCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { CanvasAssignment, CanvasClient, CanvasCourse } from './canvas-client.ts';
import { LinkedElsewhereError, lmsError } from './errors.ts';
import {
  insertEnrollment,
  insertImportedUser,
  insertUserLink,
  lockCourseLink,
  selectLinkedUserId,
  selectUserByEmail,
  upsertCourseLink,
} from './queries.ts';
import type { LmsService } from './service.ts';

/** Password hash of users created by a roster import: matches no password, so they cannot sign in yet. */
export const NO_PASSWORD = '!lms-import';

/** Maps a Canvas course to the wizard's `LmsCourse`. */
export function toCourse(c: CanvasCourse): LmsCourse {
  return {
    id: String(c.id),
    name: String(c.name ?? ''),
    course_code: c.course_code ?? null,
    start_at: c.start_at ?? null,
    end_at: c.end_at ?? null,
    workflow_state: c.workflow_state ?? null,
  };
}

/** Finds `courseId` among the caller's teacher courses. @throws LmsError lms_course_not_authorized. */
export async function taughtCourse(
  client: CanvasClient,
  token: string,
  courseId: string,
): Promise<CanvasCourse> {
  const courses = await client.listTeacherCourses(token);
  const course = courses.find((c) => String(c.id) === courseId);
  if (!course) throw lmsError('lms_course_not_authorized');
  return course;
}

/** Maps a Canvas assignment to the wizard's `LmsAssignment`. */
export function toAssignment(a: CanvasAssignment): LmsAssignment {
  return {
    id: String(a.id),
    name: String(a.name ?? ''),
    due_at: a.due_at ?? null,
    points_possible: typeof a.points_possible === 'number' ? a.points_possible : null,
    submission_types: Array.isArray(a.submission_types) ? a.submission_types.map(String) : [],
    is_quiz_assignment: a.is_quiz_assignment === true,
    published: a.published !== false,
  };
}

/**
 * Imports a Canvas course's roster into a coach of the institution, in one transaction: each active
 * student, teacher and TA becomes a user (found by earlier import, else by email — Canvas's `email`,
 * else a `login_id` that is an email — else created, unable to sign in until given a password) and is
 * enrolled as student (StudentEnrollment) or instructor (TeacherEnrollment, TaEnrollment). Running it
 * again changes nothing. People without an email, or whose email is an account of another institution,
 * are skipped and listed. The coach is linked to the course; a coach linked to another course is refused.
 * `lms` supplies the database and the caller's Canvas token.
 */
export async function importRoster(
  lms: Pick<LmsService, 'database' | 'withToken'>,
  actor: InstitutionCaller,
  coachId: number,
  courseId: string,
): Promise<RosterImportResult> {
  const { course, enrollments } = await lms.withToken(actor, async (c, t) => {
    const taught = await taughtCourse(c, t, courseId);
    return { course: taught, enrollments: await c.listEnrollments(t, courseId) };
  });
  type Person = { lmsId: string; name: string; email: string | null; instructor: boolean };
  const people = new Map<string, Person>();
  for (const e of enrollments) {
    const role =
      e.type === 'StudentEnrollment'
        ? 'student'
        : e.type === 'TeacherEnrollment' || e.type === 'TaEnrollment'
          ? 'instructor'
          : null;
    if (!role || (e.enrollment_state && e.enrollment_state !== 'active')) continue;
    const lmsId = String(e.user?.id ?? e.user_id);
    const candidate = (e.user?.email || e.user?.login_id || '').trim().toLowerCase();
    const person = people.get(lmsId) ?? {
      lmsId,
      name: (e.user?.name || e.user?.sortable_name || `Canvas user ${lmsId}`).slice(0, 200),
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(candidate) && candidate.length <= 254 ? candidate : null,
      instructor: false,
    };
    person.instructor ||= role === 'instructor';
    people.set(lmsId, person);
  }
  const result: RosterImportResult = {
    coach_id: coachId,
    lms_course_id: courseId,
    users_created: 0,
    students_enrolled: 0,
    instructors_enrolled: 0,
    already_enrolled: 0,
    skipped: [],
  };
  return lms.database.transaction(async (query) => {
    const link = await lockCourseLink(query, coachId);
    if (link !== undefined && link !== courseId) throw new LinkedElsewhereError(link);
    for (const person of [...people.values()].sort((a, b) => Number(a.lmsId) - Number(b.lmsId))) {
      const userId = await findOrCreateUser(query, actor.institutionId, person, result);
      if (userId === null) continue;
      const enrolled = await insertEnrollment(
        query,
        actor.institutionId,
        coachId,
        userId,
        person.instructor ? 'instructor' : 'student',
      );
      if (!enrolled) result.already_enrolled++;
      else if (person.instructor) result.instructors_enrolled++;
      else result.students_enrolled++;
    }
    await upsertCourseLink(query, actor, coachId, courseId, course.name);
    return result;
  });
}

/**
 * The user of a Canvas person in the institution: linked by an earlier import, else found or created
 * by email; null (and listed in `result.skipped`) without an email or when the email is another
 * institution's. Counts created users in `result`.
 */
async function findOrCreateUser(
  query: Query,
  institutionId: number,
  person: { lmsId: string; name: string; email: string | null },
  result: RosterImportResult,
): Promise<number | null> {
  const linked = await selectLinkedUserId(query, institutionId, person.lmsId);
  if (linked !== undefined) return linked;
  if (!person.email) {
    result.skipped.push({
      lms_user_id: person.lmsId,
      name: person.name,
      reason: 'No email address in Canvas.',
    });
    return null;
  }
  const created = await insertImportedUser(query, institutionId, person.email, person.name, NO_PASSWORD);
  let userId: number;
  if (created !== undefined) {
    userId = created;
    result.users_created++;
  } else {
    const existing = await selectUserByEmail(query, person.email);
    if (!existing || existing.institution_id !== institutionId) {
      result.skipped.push({
        lms_user_id: person.lmsId,
        name: person.name,
        reason: 'This email belongs to an account of another institution.',
      });
      return null;
    }
    userId = existing.id;
  }
  await insertUserLink(query, institutionId, person.lmsId, userId);
  return userId;
}
