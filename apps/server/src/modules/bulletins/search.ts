/**
 * The institution bulletin list with filters, search and paging (ours, on top of spec §7's
 * GET institution/{institutionId}/bulletin-list; the parameters are BulletinListQuerySchema in
 * packages/contracts, the rules docs/bulletins.md "Lists"), and the choices of its filters. Who sees
 * which bulletin is ./audience.ts's rule, unchanged: filters only narrow it.
 */
import {
  BULLETIN_MAX_PAGE_SIZE,
  BULLETIN_PAGE_SIZE,
  type Bulletin,
  type BulletinFilters,
  type BulletinListQuery,
  type BulletinSearchPage,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { recommendedIds, toBulletin } from './audience.ts';
import {
  type BulletinCaller,
  type BulletinScope,
  COLUMNS,
  FROM,
  type Row,
  scopeSql,
  VISIBLE,
} from './queries.ts';

/** The filters of a list, as parsed from its query (paging apart). */
export type BulletinFilter = Pick<BulletinListQuery, 'coach' | 'topic' | 'unread' | 'starred' | 'q'>;

/**
 * The description as text for the search: its HTML tags replaced by spaces (descriptions are sanitised
 * HTML, docs/decisions/0004), so that searching "strong" does not find every bold word.
 */
const DESCRIPTION_TEXT = `regexp_replace(m.description, '<[^>]*>', ' ', 'g')`;

/** At most this many words of a search are tested on the raw description before its tags are removed. */
const MAX_SEARCH_WORDS = 4;

/**
 * The bulletins the caller sees in the scope that pass `filter`, as SQL selecting `id` and
 * `publish_timestamp` (after a `with` holding `scopeSql`), and its parameters numbered from `$4` (after
 * the scope's three).
 *
 * The search is `strpos` on lower-cased text: a plain substring, so `%`, `_`, `'`, `\` and regular
 * expression syntax in it are ordinary characters (and it is a bound parameter, never SQL). It is tested
 * last, on the bulletins that pass every other test, and the description's tags are removed only from a
 * description whose raw text holds each space-free word of the search: removing a tag puts a space in
 * its place, so a word (which has no space) found in the text without tags is found in the raw text too.
 * Both only skip work; which bulletins match is the same (docs/bulletins.md "Lists").
 */
function matchSql(filter: BulletinFilter): { sql: string; params: unknown[] } {
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
  const where = parts.map((p) => ` and ${p}`).join('');
  // Only the joins a test needs: the topic for `topic`, the caller's view for `unread`.
  const from = `bulletins b join scope sc on sc.coach_id = b.coach_id${
    topic ? ' left join bulletin_topics t on t.id = b.topic_id' : ''
  }${filter.unread === 'true' ? ' left join bulletin_views v on v.bulletin_id = b.id and v.user_id = $2' : ''}`;
  const q = filter.q?.trim();
  if (!q) {
    return { sql: `select b.id, b.publish_timestamp from ${from} where ${VISIBLE}${where}`, params };
  }
  const p = `lower(${param(q)})`;
  const words = [...new Set(q.split(' ').filter((w) => w !== ''))].slice(0, MAX_SEARCH_WORDS);
  const inRaw = words.map((w) => `strpos(m.raw, lower(${param(w)})) > 0 and `).join('');
  // `offset 0` keeps the search out of the inner query, so that it runs after the other tests.
  return {
    sql: `select m.id, m.publish_timestamp from (
            select b.id, b.publish_timestamp, b.title, b.subtitle, b.description, lower(b.description) as raw
              from ${from} where ${VISIBLE}${where} offset 0) m
           where strpos(lower(m.title), ${p}) > 0 or strpos(lower(m.subtitle), ${p}) > 0
              or (${inRaw}strpos(lower(${DESCRIPTION_TEXT}), ${p}) > 0)`,
    params,
  };
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
  const match = matchSql(filter);
  const base = [scopeId, caller.userId, caller.institutionStaff, ...match.params];
  // The match is found on narrow rows (id and publish time), and only the bulletins to answer are then
  // joined to their columns, stars and views: carrying every candidate's description through the
  // count and the sort cost more than the page itself (docs/bulletins.md "Lists").
  if (!paging) {
    const rows = await database.query<Row>(
      `with ${scopeSql(scope)}, m as (${match.sql})
       select ${COLUMNS} from ${FROM} join m on m.id = b.id order by b.publish_timestamp desc, b.id desc`,
      base,
    );
    return toBulletins(database, caller, rows);
  }
  const page = paging.page ?? 1;
  const pageSize = paging.page_size ?? BULLETIN_PAGE_SIZE;
  // The page size is written into the statement (a whole number 1–BULLETIN_MAX_PAGE_SIZE, checked by
  // BulletinListQuerySchema and here): with a `limit` parameter PostgreSQL's generic plan of the named
  // statement guessed a tenth of the match instead of one page, looked dearer than planning anew, and
  // every request paid a fresh plan. The offset stays a parameter.
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > BULLETIN_MAX_PAGE_SIZE) {
    throw new Error(`page size out of range: ${pageSize}`);
  }
  const n = base.length;
  // One pass over the match: the page's ids with the count of every match beside each (a window over
  // the whole match, computed before the limit). A page past the end has no row to carry the count:
  // then it is counted alone.
  const rows = await database.query<Row & { total_count: number }>(
    `with ${scopeSql(scope)},
     page as (select m.id, (count(*) over ())::int as total_count from (${match.sql}) m
               order by m.publish_timestamp desc, m.id desc limit ${pageSize} offset $${n + 1})
     select ${COLUMNS}, p.total_count from ${FROM} join page p on p.id = b.id
      order by b.publish_timestamp desc, b.id desc`,
    [...base, (page - 1) * pageSize],
  );
  let total = rows[0]?.total_count;
  if (total === undefined) {
    // No row: nothing matches (page 1), or the page is past the end and has no row to carry the count.
    const [counted] =
      page === 1
        ? [{ count: 0 }]
        : await database.query<{ count: number }>(
            `with ${scopeSql(scope)} select count(*)::int as count from (${match.sql}) m`,
            base,
          );
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
