/**
 * The institution's home page: the SQL (docs/homepage.md). The rules (who may see the page, what each
 * part holds) are the service's (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type {
  coaches,
  coachSetups,
  enrollments,
  institutionMemberships,
  institutions,
} from '../../db/schema/index.ts';

type Coaches = typeof coaches.$inferSelect;

/** The institution and the caller's institution role there (null: none). */
export type InstitutionRow = Pick<typeof institutions.$inferSelect, 'id' | 'name'> & {
  staff_role: (typeof institutionMemberships.$inferSelect)['role'] | null;
};

/** A set-up coach as the home page lists it. */
export interface CoachRow {
  id: Coaches['id'];
  label: Coaches['name'];
  course: Coaches['course_code'];
  term: Coaches['term_code'];
}

/** A coach the caller is enrolled in, with their role there. */
export type EnrolledRow = CoachRow & Pick<typeof enrollments.$inferSelect, 'role'>;

/** A coach whose set-up is not complete, with the set-up's state. */
export type SetupRow = CoachRow & {
  status: Exclude<(typeof coachSetups.$inferSelect)['status'], 'complete'>;
};

/** The institution `institutionId` with `userId`'s institution role there; undefined when there is none. */
export async function selectInstitution(
  q: Query,
  institutionId: number,
  userId: number,
): Promise<InstitutionRow | undefined> {
  const [row] = await q<InstitutionRow>(
    `select i.id, i.name,
            (select m.role from institution_memberships m where m.institution_id = i.id and m.user_id = $2) as staff_role
       from institutions i where i.id = $1`,
    [institutionId, userId],
  );
  return row;
}

/** The institution's set-up coaches `userId` is enrolled in, newest term first. */
export function selectEnrolled(q: Query, userId: number, institutionId: number): Promise<EnrolledRow[]> {
  return q<EnrolledRow>(
    `select c.id, c.name as label, c.course_code as course, c.term_code as term, e.role
       from enrollments e join coaches c on c.id = e.coach_id
      where e.user_id = $1 and c.institution_id = $2 and c.setup_status = 'complete'
      order by c.term_code desc, c.course_code, c.id`,
    [userId, institutionId],
  );
}

/** Every set-up coach of the institution, newest term first. */
export function selectInstitutionCoaches(q: Query, institutionId: number): Promise<CoachRow[]> {
  return q<CoachRow>(
    `select id, name as label, course_code as course, term_code as term from coaches
        where institution_id = $1 and setup_status = 'complete' order by term_code desc, course_code, id`,
    [institutionId],
  );
}

/** The institution's set-ups not yet complete, newest coach first. */
export function selectUnfinishedSetups(q: Query, institutionId: number): Promise<SetupRow[]> {
  return q<SetupRow>(
    `select c.id, c.name as label, c.course_code as course, c.term_code as term, s.status
         from coach_setups s join coaches c on c.id = s.coach_id
        where s.institution_id = $1 and s.status <> 'complete'
        order by c.id desc`,
    [institutionId],
  );
}
