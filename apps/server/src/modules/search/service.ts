/**
 * Search within a course (docs/search.md): the coach's bulletins, tips, to-do items and FAQ entries that
 * the caller may see, matched with PostgreSQL full-text search (the `english` configuration, so "running"
 * finds "run"), best match first. Who sees what is each content's own read rule, reused here, never
 * restated: bulletins the bulletin reader's (`scopeSql` and `VISIBLE`: publish state, Insight Group
 * targeting, exclusions), to-do items the to-do reads' (`readableItemSql`: published lists meant for the
 * student, their own items), tips and the FAQ (the coach's and its institution's, as the FAQ page shows
 * them) every member of the coach.
 */
import {
  bulletinMessagePath,
  type MarkedText,
  PAGES,
  SEARCH_PAGE_SIZE,
  type SearchPage,
  type SearchResult,
} from '@course-coach/contracts';
import type { CoachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { type SearchRow, selectSearchPage } from './queries.ts';

/** Marks ts_headline puts around matched words; removed from the text first, so they mark only matches. */
const START = '\u0002';
const STOP = '\u0003';

/** Splits ts_headline's output at its marks: the plain text and the `[start, end)` ranges marked. */
export function parseMarked(marked: string): MarkedText {
  let text = '';
  const matches: Array<[number, number]> = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === START) start = text.length;
    else if (ch === STOP) {
      if (start >= 0 && text.length > start) matches.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, matches };
}

/** A tip has no title: its first words stand for one (as the trash names it). */
function tipTitle(text: string): MarkedText {
  return { text: text.length > 80 ? `${text.slice(0, 79)}…` : text, matches: [] };
}

/** The page a result opens: the student's page of it, or for staff the manager that edits it. */
function linkFor(caller: CoachRequestContext, row: SearchRow): string {
  const coachId = caller.coachId;
  switch (row.kind) {
    case 'bulletin':
      return bulletinMessagePath({ coachId }, { id: row.id, is_interactive: row.interactive });
    case 'tip':
      return caller.isStaff ? PAGES.tipManager(coachId) : PAGES.tips(coachId);
    case 'todo':
      if (!caller.isStaff) return PAGES.todos(coachId);
      return row.list_id === null ? PAGES.todoManager(coachId) : PAGES.editTodoList(coachId, row.list_id);
    default:
      return caller.isStaff && !row.institution_wide ? PAGES.faqManager(coachId) : PAGES.faq(coachId);
  }
}

/**
 * One page (from 1, {@link SEARCH_PAGE_SIZE} results) of the matches for `q` in the coach of `caller`
 * (the guard's request context: its `isStaff` picks the staff links and the to-do reads, its institution
 * role the bulletins institution staff see),
 * ranked by `ts_rank` (title words weigh more than body words), then kind and id so the order is stable.
 * `q` is read by `websearch_to_tsquery`: words, "quoted phrases", `or` and `-word`; every other character
 * is text, and a `q` with no words (blank, or punctuation alone) matches nothing. Past the last page the
 * results are empty, with the count. Titles and snippets are plain text with the matched words marked.
 */
export async function searchCoach(
  database: Database,
  caller: CoachRequestContext,
  q: string,
  page: number,
): Promise<SearchPage> {
  const text = q.trim();
  const empty = { q: text, count: 0, page, page_size: SEARCH_PAGE_SIZE, results: [] };
  if (text === '') return empty;
  const rows = await selectSearchPage(database.query, caller, text, page);
  const count = rows[0]?.total ?? 0;
  const results: SearchResult[] = rows
    .filter((r) => r.kind !== null)
    .map((r) => ({
      kind: r.kind!,
      id: r.id,
      title: r.kind === 'tip' ? tipTitle(r.body_start) : parseMarked(r.title_marked),
      snippet: parseMarked(r.snippet_marked),
      link: linkFor(caller, r),
    }));
  return { ...empty, count, results };
}
