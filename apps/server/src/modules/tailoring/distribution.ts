/**
 * Read queries on an Insight Group's population (spec §2 "Cohort manager", §3 "Tailoring distribution",
 * §7 "Cohorts"; docs/design.md "Tailoring semantics"): the coach's enrolled student count, the members
 * one page at a time and all of them for the CSV export, and the tailoring distribution with its
 * pages of students per `source__value` key.
 */
import {
  COHORT_USERS_PAGE_SIZE,
  type CohortUsersPage,
  DISTRIBUTION_PAGE_SIZE,
  type DistributionStudent,
  type TailoringDistribution,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { loadDictionary } from './dictionary.ts';
import { cachedCounts } from './distribution-cache.ts';
import {
  enrollmentCount,
  memberCount,
  selectCountsVersions,
  selectDistributionStudents,
  selectMemberPage,
  selectMembersForExport,
  selectUsersWithAnyValue,
  selectValueCounts,
} from './distribution-queries.ts';
import { type CoachScope, cohortOfCoach } from './service.ts';

export { enrollmentCount };

/** One page of a group's members (by name), like the to-do list's paging; 404 for a page past the end. */
export async function cohortUsers(
  database: Database,
  scope: CoachScope,
  cohortId: number,
  page: number,
): Promise<CohortUsersPage> {
  await cohortOfCoach(database.query, scope, cohortId);
  const count = await memberCount(database.query, cohortId);
  const pages = Math.max(1, Math.ceil(count / COHORT_USERS_PAGE_SIZE));
  if (page > pages) throw notFound('Invalid page.');
  const results = await selectMemberPage(
    database.query,
    cohortId,
    COHORT_USERS_PAGE_SIZE,
    (page - 1) * COHORT_USERS_PAGE_SIZE,
  );
  return { count, page, next: page < pages ? page + 1 : null, previous: page > 1 ? page - 1 : null, results };
}

/** Every member of a group with their student number, for the CSV export. */
export async function cohortMembersForExport(database: Database, scope: CoachScope, cohortId: number) {
  await cohortOfCoach(database.query, scope, cohortId);
  return selectMembersForExport(database.query, cohortId);
}

/**
 * Tailoring distribution (spec §3): per characteristic, per `source__value`, the group's members with
 * that value — the enrolment's own value for enrolment-scoped characteristics — (one page of each list, see {@link distributionStudents}), and how many of the group's
 * members (`current`) and of the coach's enrolled students (`group_total`) have it (`counts`). Enrolled
 * students with no value of a characteristic are counted under its default value alone (no `__`).
 * One aggregate over the enrolled students' values (members found by a hash join), plus, for
 * characteristics where a student may have several values, a semi-join count of students with any.
 * Cost grows with enrolment × characteristics asked for: the screen should ask for one at a time. The
 * counts are kept between requests until one of their inputs is written (./distribution-cache.ts).
 */
export async function tailoringDistribution(
  database: Database,
  scope: CoachScope,
  cohortId: number,
  characteristic: string | undefined,
  paging: { page: number; page_size: number } = { page: 1, page_size: DISTRIBUTION_PAGE_SIZE },
): Promise<TailoringDistribution> {
  // Read before anything is counted: the cached counts are valid for these versions only.
  const versions = await selectCountsVersions(database.query, scope.coachId, cohortId);
  if (!versions) throw notFound();
  const dictionary = (await loadDictionary(database.query, scope.institutionId)).filter(
    (c) => characteristic === undefined || c.name === characteristic,
  );
  // Students counted once per characteristic: a sum over values, except where a student may have
  // several values (multivalued, or several sources), which needs a distinct count.
  const multi = dictionary.filter((c) => c.is_multivalued || c.sources.length > 1).map((c) => c.id);
  const ids = dictionary.map((c) => c.id);
  const { enrollment, members, byValue, byUser } = await cachedCounts(
    database,
    `${scope.coachId}:${cohortId}:${ids.join(',')}:${multi.join(',')}`,
    versions,
    async () => {
      const enrollment = await enrollmentCount(database.query, scope.coachId);
      const members = await memberCount(database.query, cohortId);
      const byValue = await selectValueCounts(database.query, scope.coachId, cohortId, ids);
      // Enrolled students (and members) with at least one value: a semi-join per such characteristic.
      const byUser: Array<{ characteristic_id: number; users: number; member_users: number }> = [];
      for (const cid of multi) {
        const row = await selectUsersWithAnyValue(database.query, scope.coachId, cohortId, cid);
        byUser.push({ characteristic_id: cid, ...row });
      }
      return { enrollment, members, byValue, byUser };
    },
  );
  const rows: Array<{
    name: string;
    key: string | null;
    group_total: number;
    current: number;
    users: number;
    member_users: number;
    default_value: string | null;
  }> = [];
  for (const c of dictionary) {
    const values = byValue.filter((v) => v.characteristic_id === c.id);
    const counted = byUser.find((u) => u.characteristic_id === c.id);
    const users = counted?.users ?? values.reduce((n, v) => n + v.group_total, 0);
    const memberUsers = counted?.member_users ?? values.reduce((n, v) => n + v.current, 0);
    const base = { name: c.name, users, member_users: memberUsers, default_value: c.default };
    if (values.length === 0) rows.push({ ...base, key: null, group_total: 0, current: 0 });
    for (const v of values)
      rows.push({ ...base, key: v.key, group_total: v.group_total, current: v.current });
  }
  const counts: TailoringDistribution['counts'] = {};
  for (const r of rows) {
    const map = counts[r.name] ?? {};
    counts[r.name] = map;
    if (r.key !== null) map[r.key] = { current: r.current, group_total: r.group_total };
  }
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    const withoutValue = enrollment - r.users;
    if (withoutValue > 0) {
      const key = r.default_value ?? '';
      const map = counts[r.name]!;
      const prev = map[key] ?? { current: 0, group_total: 0 };
      map[key] = {
        current: prev.current + (members - r.member_users),
        group_total: prev.group_total + withoutValue,
      };
    }
  }
  // The spec's shape: every counted key with its page of students (empty past the end of a list).
  const students = await distributionStudents(database.query, scope.coachId, cohortId, dictionary, paging);
  const distribution: TailoringDistribution['distribution'] = {};
  for (const [name, keys] of Object.entries(counts)) {
    const lists: Record<string, DistributionStudent[]> = {};
    for (const key of Object.keys(keys)) lists[key] = students.get(`${name}\u0000${key}`) ?? [];
    distribution[name] = lists;
  }
  return {
    enrollment_count: enrollment,
    membership_count: members,
    page: paging.page,
    page_size: paging.page_size,
    distribution,
    counts,
  };
}

/**
 * One page of the group's enrolled members per characteristic and `source__value` key (members with
 * no value of a characteristic under its default alone), by name then id. Keyed `name\0key`. One
 * query: the members' values plus, per characteristic, the members without any, numbered per key by a
 * window and cut to rows (page-1)·size+1 … page·size. Cost grows with members × characteristics.
 */
async function distributionStudents(
  q: Query,
  coachId: number,
  cohortId: number,
  dictionary: ReadonlyArray<{ id: number; name: string; default: string | null }>,
  paging: { page: number; page_size: number },
): Promise<Map<string, DistributionStudent[]>> {
  const out = new Map<string, DistributionStudent[]>();
  if (dictionary.length === 0 || paging.page_size === 0) return out;
  const rows = await selectDistributionStudents(
    q,
    coachId,
    cohortId,
    dictionary,
    (paging.page - 1) * paging.page_size,
    paging.page_size,
  );
  for (const r of rows) {
    const k = `${r.name}\u0000${r.key}`;
    const list = out.get(k) ?? [];
    list.push({ id: r.id, name: r.student, email: r.email });
    out.set(k, list);
  }
  return out;
}
