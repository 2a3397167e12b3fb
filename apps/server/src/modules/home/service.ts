/**
 * The institution's home page (docs/homepage.md): the caller's coaches with their grade progress, next
 * to-do and unread bulletins, the institution's newest bulletins, and for staff the institution's coaches
 * and unfinished set-ups, in one answer.
 */
import { HOME_BULLETIN_LIMIT, type Home, type HomeCoach } from '@course-coach/contracts';
import { isCoachStaff, type RequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { listBulletins } from '../bulletins/index.ts';
import { gradeDataFor } from '../grades/index.ts';
import { nextDueItem } from '../todos/index.ts';
import {
  selectEnrolled,
  selectInstitution,
  selectInstitutionCoaches,
  selectUnfinishedSetups,
} from './queries.ts';

/**
 * The home page of `institutionId` for `caller` (the guard's request context: the signed-in user and their
 * account's institution). The caller must belong to it (their account's institution) or be its staff or
 * admin; anyone else gets 404, as if it did not exist (docs/design.md,
 * Tenancy). Coaches: those the caller is enrolled in (set up), newest term first; grade progress for a
 * student's (docs/grades.md), the next to-do (todos `nextDueItem`, as of `today`, YYYY-MM-DD) and the
 * count of bulletins they see there and have not opened (docs/bulletins.md audience rule). Bulletins: the
 * institution list the caller sees (GET institution/{id}/bulletin-list), its size, unread count and newest
 * HOME_BULLETIN_LIMIT. Staff: the institution's set-up coaches and its set-ups not yet complete.
 */
export async function homeOf(
  database: Database,
  caller: Pick<RequestContext, 'userId' | 'userInstitutionId'>,
  institutionId: number,
  today: string,
): Promise<Home> {
  const institution = await selectInstitution(database.query, institutionId, caller.userId);
  if (!institution || (institution.staff_role === null && caller.userInstitutionId !== institutionId)) {
    throw notFound();
  }
  const institutionStaff = institution.staff_role !== null;
  const enrolled = await selectEnrolled(database.query, caller.userId, institutionId);
  const bulletins = await listBulletins(
    database,
    { userId: caller.userId, institutionId, institutionStaff },
    { kind: 'institution', institutionId },
  );
  const unreadBy = new Map<number, number>();
  for (const b of bulletins) if (!b.viewed) unreadBy.set(b.coach, (unreadBy.get(b.coach) ?? 0) + 1);

  const coaches: HomeCoach[] = [];
  for (const c of enrolled) {
    const student = c.role === 'student';
    const grade = student ? await gradeDataFor(database, c.id, caller.userId) : null;
    const next = await nextDueItem(
      database.query,
      {
        coachId: c.id,
        institutionId,
        userId: caller.userId,
        isStaff: isCoachStaff(c.role, institution.staff_role),
      },
      today,
    );
    coaches.push({
      ...c,
      grade: grade && {
        current_score: grade.current_score,
        grade_earned: grade.grade_earned,
        grade_lost: grade.grade_lost,
        grade_remaining: grade.grade_remaining,
      },
      next_todo: next,
      unread_bulletins: unreadBy.get(c.id) ?? 0,
    });
  }

  let staff: Home['staff'] = null;
  if (institutionStaff) {
    const staffCoaches = await selectInstitutionCoaches(database.query, institutionId);
    const setups = await selectUnfinishedSetups(database.query, institutionId);
    staff = { coaches: staffCoaches, setups };
  }

  return {
    institution: { id: institution.id, name: institution.name },
    coaches,
    bulletins: {
      total: bulletins.length,
      unread: bulletins.filter((b) => !b.viewed).length,
      latest: bulletins.slice(0, HOME_BULLETIN_LIMIT),
    },
    staff,
  };
}
