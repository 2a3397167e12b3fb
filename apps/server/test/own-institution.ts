import type { Query } from '../src/db/client.ts';
import { STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * Building blocks of the suites that insert an institution of their own straight into the database, with
 * hand-counted rows (activity, coach-activity, coach-activity-wiring, grade-cache tests).
 */

/** Runs `sql` (an insert without `returning`) with `params` and returns the new row's id. */
export async function insertOne(q: Query, sql: string, params: unknown[]): Promise<number> {
  const rows = await q<{ id: number }>(`${sql} returning id`, params);
  return rows[0]!.id;
}

/** The demo staff's password hash: hand-made users get the demo password without hashing it again. */
export async function demoPasswordHash(ctx: TestContext): Promise<string> {
  const [hash] = await ctx.database.query<{ password_hash: string }>(
    'select password_hash from users where email = $1',
    [STAFF_EMAIL],
  );
  return hash!.password_hash;
}

/** A user to insert: staff of the institution, or a student or instructor enrolled in `coachId`. */
export type MemberSpec =
  | { email: string; name: string; role: 'staff' }
  | { email: string; name: string; role: 'student' | 'instructor'; coachId: number };

/**
 * Inserts a user of `institutionId` with password hash `hash`, then their institution membership (role
 * 'staff') or their enrollment in the coach. Returns the user's id.
 */
export async function insertMember(
  q: Query,
  institutionId: number,
  hash: string,
  member: MemberSpec,
): Promise<number> {
  const userId = await insertOne(
    q,
    `insert into users (institution_id, email, name, password_hash) values ($1, $2, $3, $4)`,
    [institutionId, member.email, member.name, hash],
  );
  if (member.role === 'staff') {
    await q(`insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'staff')`, [
      institutionId,
      userId,
    ]);
  } else {
    await q(`insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, $4)`, [
      institutionId,
      member.coachId,
      userId,
      member.role,
    ]);
  }
  return userId;
}

/**
 * Inserts an institution named after `tag` (`cwire` → "Cwire U", slug `cwire-u`) with one coach
 * (`course`, `term`, named "`course` `term`", 200 days long, on day `currentDay`) and one user per key of
 * `users`, in the order of its keys: `staff` becomes staff of the institution, every other key a student
 * of the coach; user `key` has email `tag-key@tag.edu`, name "Tag key" and password hash `hash`.
 * Fills `users` with the users' ids and returns the institution's and the coach's.
 */
export async function insertOwnInstitution<K extends string>(
  q: Query,
  hash: string,
  own: { tag: string; course: string; term: string; currentDay: number; users: Record<K, number> },
): Promise<{ institutionId: number; coachId: number }> {
  const { tag, course, term, users } = own;
  const title = `${tag[0]!.toUpperCase()}${tag.slice(1)}`;
  const institutionId = await insertOne(q, `insert into institutions (name, slug) values ($1, $2)`, [
    `${title} U`,
    `${tag}-u`,
  ]);
  const coachId = await insertOne(
    q,
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, $2, $3, $4, 200, $5)`,
    [institutionId, `${course} ${term}`, course, term, own.currentDay],
  );
  for (const key of Object.keys(users) as K[]) {
    const person = { email: `${tag}-${key}@${tag}.edu`, name: `${title} ${key}` };
    users[key] = await insertMember(
      q,
      institutionId,
      hash,
      key === 'staff' ? { ...person, role: 'staff' } : { ...person, role: 'student', coachId },
    );
  }
  return { institutionId, coachId };
}
