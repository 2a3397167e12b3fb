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
  type BulletinSearchPage,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { recommendedIds, toBulletin } from './audience.ts';
import type { BulletinCaller, BulletinScope, Row } from './queries.ts';
import {
  type BulletinFilter,
  countMatching,
  selectFilterCoaches,
  selectFilterTopics,
  selectMatching,
  selectMatchingPage,
} from './search-queries.ts';

export type { BulletinFilter } from './search-queries.ts';

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
  if (!paging) {
    return toBulletins(database, caller, await selectMatching(database.query, caller, scope, filter));
  }
  const page = paging.page ?? 1;
  const pageSize = paging.page_size ?? BULLETIN_PAGE_SIZE;
  const rows = await selectMatchingPage(database.query, caller, scope, filter, {
    pageSize,
    offset: (page - 1) * pageSize,
  });
  // No row: nothing matches (page 1), or the page is past the end and has no row to carry the count.
  const total =
    rows[0]?.total_count ?? (page === 1 ? 0 : await countMatching(database.query, caller, scope, filter));
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
  const [coaches, topics] = await Promise.all([
    selectFilterCoaches(database.query, caller, scope),
    selectFilterTopics(database.query, caller, scope),
  ]);
  return { coaches, topics: topics.map((t) => t.name) };
}
