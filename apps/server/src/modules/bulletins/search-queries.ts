/**
 * Bulletins' SQL of the institution list with filters, search and paging (docs/bulletins.md "Lists") and
 * of its filters' choices: the match of a filter as SQL, the whole list, one page with the count, the
 * count alone, and the coaches and topics to choose from. Who sees which bulletin is ./queries.ts's
 * `scopeSql` and `VISIBLE`, unchanged: filters only narrow it. Paging and the wire shapes are ./search.ts's.
 */
import { BULLETIN_MAX_PAGE_SIZE, type BulletinListQuery } from '@course-coach/contracts';
import { descriptionTextSql } from '../../db/bulletin-triggers.ts';
import type { Query } from '../../db/client.ts';
import type { bulletinTopics, coaches } from '../../db/schema/index.ts';
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
 * The description as lower-cased text for the search, its HTML tags replaced by spaces: the stored
 * `description_text`, which a trigger keeps (db/bulletin-triggers.ts), or, for a row written before the
 * trigger existed and not yet filled, the same computed from the description.
 */
const DESCRIPTION_TEXT = `coalesce(m.description_text, ${descriptionTextSql('m.description')})`;

/**
 * The bulletins the caller sees in the scope that pass `filter`, as SQL selecting `id` and
 * `publish_timestamp` (after a `with` holding `scopeSql`), and its parameters numbered from `$4` (after
 * the scope's three).
 *
 * The search is `strpos` on lower-cased text: a plain substring, so `%`, `_`, `'`, `\` and regular
 * expression syntax in it are ordinary characters (and it is a bound parameter, never SQL). It is tested
 * last, on the bulletins that pass every other test, against the title, the subtitle and the
 * description's stored search text (`DESCRIPTION_TEXT`; docs/bulletins.md "Lists").
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
  // `offset 0` keeps the search out of the inner query, so that it runs after the other tests.
  return {
    sql: `select m.id, m.publish_timestamp from (
            select b.id, b.publish_timestamp, b.title, b.subtitle, b.description, b.description_text
              from ${from} where ${VISIBLE}${where} offset 0) m
           where strpos(lower(m.title), ${p}) > 0 or strpos(lower(m.subtitle), ${p}) > 0
              or strpos(${DESCRIPTION_TEXT}, ${p}) > 0`,
    params,
  };
}

/** The scope's three parameters (`$1` scope id, `$2` the user, `$3` institution staff), then the match's. */
function matchParams(caller: BulletinCaller, scope: BulletinScope, match: { params: unknown[] }): unknown[] {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  return [scopeId, caller.userId, caller.institutionStaff, ...match.params];
}

/**
 * Every bulletin the caller sees in the scope that passes `filter`, newest publish time first (ties:
 * newest id). The match is found on narrow rows (id and publish time), and only the bulletins to answer
 * are then joined to their columns, stars and views: carrying every candidate's description through the
 * count and the sort cost more than the page itself (docs/bulletins.md "Lists").
 */
export function selectMatching(
  q: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
  filter: BulletinFilter,
): Promise<Row[]> {
  const match = matchSql(filter);
  return q<Row>(
    `with ${scopeSql(scope)}, m as (${match.sql})
       select ${COLUMNS} from ${FROM} join m on m.id = b.id order by b.publish_timestamp desc, b.id desc`,
    matchParams(caller, scope, match),
  );
}

/** A bulletin of a page, with the count of every match (the same on each row). */
export type PageRow = Row & { total_count: number };

/**
 * The `pageSize` bulletins from `offset` of those `selectMatching` answers, in its order, each with the
 * count of every match: one pass over the match (a window over the whole match, computed before the
 * limit). A page past the end has no row, hence no count (`countMatching`). Throws when `pageSize` is not
 * a whole number 1–BULLETIN_MAX_PAGE_SIZE.
 */
export function selectMatchingPage(
  q: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
  filter: BulletinFilter,
  page: { pageSize: number; offset: number },
): Promise<PageRow[]> {
  const { pageSize, offset } = page;
  // The page size is written into the statement (a whole number 1–BULLETIN_MAX_PAGE_SIZE, checked by
  // BulletinListQuerySchema and here): with a `limit` parameter PostgreSQL's generic plan of the named
  // statement guessed a tenth of the match instead of one page, looked dearer than planning anew, and
  // every request paid a fresh plan. The offset stays a parameter.
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > BULLETIN_MAX_PAGE_SIZE) {
    throw new Error(`page size out of range: ${pageSize}`);
  }
  const match = matchSql(filter);
  const base = matchParams(caller, scope, match);
  const n = base.length;
  // The page's bulletins are picked by `b.id = any(array(…))` rather than joined to the page: the join
  // was planned as a scan of every bulletin (and of every view of the caller) hashed against the page's
  // ids; the array is looked up in the primary key (docs/bulletins.md "How a page is computed").
  return q<PageRow>(
    `with ${scopeSql(scope)},
     page as (select m.id, (count(*) over ())::int as total_count from (${match.sql}) m
               order by m.publish_timestamp desc, m.id desc limit ${pageSize} offset $${n + 1})
     select ${COLUMNS}, (select p.total_count from page p limit 1) as total_count from ${FROM}
      where b.id = any(array(select p.id from page p))
      order by b.publish_timestamp desc, b.id desc`,
    [...base, offset],
  );
}

/** How many bulletins the caller sees in the scope pass `filter`. */
export async function countMatching(
  q: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
  filter: BulletinFilter,
): Promise<number> {
  const match = matchSql(filter);
  const [counted] = await q<{ count: number }>(
    `with ${scopeSql(scope)} select count(*)::int as count from (${match.sql}) m`,
    matchParams(caller, scope, match),
  );
  return counted?.count ?? 0;
}

/** A coach to filter by: its id and name. */
export type FilterCoachRow = Pick<typeof coaches.$inferSelect, 'id'> & {
  label: (typeof coaches.$inferSelect)['name'];
};

/** The coaches of the scope the caller has a role in, by label (then id). */
export function selectFilterCoaches(
  q: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<FilterCoachRow[]> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  return q<FilterCoachRow>(
    `with ${scopeSql(scope)} select coach_id as id, coach_label as label from scope
        order by coach_label, coach_id`,
    [scopeId, caller.userId, caller.institutionStaff],
  );
}

/** The topic names of the bulletins the caller sees in the scope, each once, in order. */
export function selectFilterTopics(
  q: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<Array<Pick<typeof bulletinTopics.$inferSelect, 'name'>>> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  return q<Pick<typeof bulletinTopics.$inferSelect, 'name'>>(
    `with ${scopeSql(scope)}
       select distinct t.name from bulletins b join scope sc on sc.coach_id = b.coach_id
         join bulletin_topics t on t.id = b.topic_id
        where ${VISIBLE} order by t.name`,
    [scopeId, caller.userId, caller.institutionStaff],
  );
}
