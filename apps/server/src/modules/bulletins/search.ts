/**
 * The institution bulletin list with filters, search and paging (ours, on top of spec §7's
 * GET institution/{institutionId}/bulletin-list; the parameters are BulletinListQuerySchema in
 * packages/contracts, the rules docs/bulletins.md "Lists"), and the choices of its filters. Who sees
 * which bulletin is ./audience.ts's rule, unchanged: filters only narrow it.
 */
import {
  BULLETIN_PAGE_SIZE,
  type Bulletin,
  type BulletinFilters,
  type BulletinListQuery,
  type BulletinSearchPage,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  type BulletinCaller,
  type BulletinScope,
  COLUMNS,
  FROM,
  type Row,
  recommendedIds,
  scopeSql,
  toBulletin,
  VISIBLE,
} from './audience.ts';

/** The filters of a list, as parsed from its query (paging apart). */
export type BulletinFilter = Pick<BulletinListQuery, 'coach' | 'topic' | 'unread' | 'starred' | 'q'>;

/**
 * The description as text for the search: its HTML tags replaced by spaces (descriptions are sanitised
 * HTML, docs/decisions/0004), so that searching "strong" does not find every bold word.
 */
const DESCRIPTION_TEXT = `regexp_replace(b.description, '<[^>]*>', ' ', 'g')`;

/**
 * The SQL condition and its parameters for `filter`, numbered from `$4` (after the scope's three).
 * The search is `strpos` on lower-cased text: a plain substring, so `%`, `_`, `'`, `\` and regular
 * expression syntax in it are ordinary characters (and it is a bound parameter, never SQL).
 */
function filterSql(filter: BulletinFilter): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length + 3}`;
  };
  if (filter.coach !== undefined) parts.push(`b.coach_id = ${param(filter.coach)}`);
  const topic = filter.topic?.trim();
  if (topic) parts.push(`t.name = ${param(topic)}`);
  if (filter.unread === 'true') parts.push('v.viewed_at is null');
  if (filter.starred === 'true') {
    parts.push('exists (select 1 from bulletin_stars s where s.bulletin_id = b.id and s.user_id = $2)');
  }
  const q = filter.q?.trim();
  if (q) {
    const p = `lower(${param(q)})`;
    parts.push(`(strpos(lower(b.title), ${p}) > 0 or strpos(lower(b.subtitle), ${p}) > 0
                 or strpos(lower(${DESCRIPTION_TEXT}), ${p}) > 0)`);
  }
  return { where: parts.map((p) => ` and ${p}`).join(''), params };
}

/** Rows to wire bulletins: recommended and credit status for the caller, now. */
async function toBulletins(database: Database, caller: BulletinCaller, rows: Row[]): Promise<Bulletin[]> {
  const recommended = await recommendedIds(database.query, caller, rows);
  const now = new Date();
  return rows.map((r) => toBulletin(r, recommended.has(r.id), now));
}

/**
 * The bulletins the caller sees in the scope that pass `filter`, newest publish time first: the whole
 * list when `paging` is null (spec §7's array), else one page of it with the total count. A page past
 * the end is empty, with the count.
 */
export async function searchBulletins(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  filter: BulletinFilter,
  paging: { page?: number; page_size?: number } | null,
): Promise<Bulletin[] | BulletinSearchPage> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  const { where, params } = filterSql(filter);
  const base = [scopeId, caller.userId, caller.institutionStaff, ...params];
  const matched = `with ${scopeSql(scope)} select ${COLUMNS} from ${FROM} where ${VISIBLE}${where}`;
  const order = 'order by publish_timestamp desc, id desc';
  if (!paging) {
    const rows = await database.query<Row>(`select * from (${matched}) m ${order}`, base);
    return toBulletins(database, caller, rows);
  }
  const page = paging.page ?? 1;
  const pageSize = paging.page_size ?? BULLETIN_PAGE_SIZE;
  const n = base.length;
  // One pass: the page's rows with the count of every matching row beside each (a window over the
  // whole match, computed before the limit), instead of a second statement that evaluated the same
  // visibility test again. A page past the end has no row to carry the count: then it is counted alone.
  const rows = await database.query<Row & { total_count: number }>(
    `select *, (count(*) over ())::int as total_count from (${matched}) m ${order} limit $${n + 1} offset $${n + 2}`,
    [...base, pageSize, (page - 1) * pageSize],
  );
  let total = rows[0]?.total_count;
  if (total === undefined) {
    // No row: nothing matches (page 1), or the page is past the end and has no row to carry the count.
    const [counted] =
      page === 1
        ? [{ count: 0 }]
        : await database.query<{ count: number }>(`select count(*)::int as count from (${matched}) m`, base);
    total = counted?.count ?? 0;
  }
  return {
    count: total,
    page,
    page_size: pageSize,
    results: await toBulletins(database, caller, rows),
  };
}

/**
 * The choices of the institution list's filters for the caller (BulletinFiltersSchema): the coaches of
 * the scope they have a role in, by label, and the topic names of the bulletins they see there.
 */
export async function bulletinFilters(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<BulletinFilters> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  const params = [scopeId, caller.userId, caller.institutionStaff];
  const [coaches, topics] = await Promise.all([
    database.query<{ id: number; label: string }>(
      `with ${scopeSql(scope)} select coach_id as id, coach_label as label from scope
        order by coach_label, coach_id`,
      params,
    ),
    database.query<{ name: string }>(
      `with ${scopeSql(scope)}
       select distinct t.name from bulletins b join scope sc on sc.coach_id = b.coach_id
         join bulletin_topics t on t.id = b.topic_id
        where ${VISIBLE} order by t.name`,
      params,
    ),
  ]);
  return { coaches, topics: topics.map((t) => t.name) };
}
