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
  type SearchKind,
  type SearchPage,
  type SearchResult,
} from '@course-coach/contracts';
import type { CoachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { scopeSql, VISIBLE } from '../bulletins/index.ts';
import { readableItemSql } from '../todos/index.ts';

/** Marks ts_headline puts around matched words; removed from the text first, so they mark only matches. */
const START = '\u0002';
const STOP = '\u0003';

/**
 * SQL: the plain text of a stored (sanitised) HTML fragment: tags replaced by spaces, the entities
 * sanitize-html writes decoded (`&amp;` last), the headline marks removed, white space collapsed.
 */
export const plainTextSql = (html: string) => `btrim(regexp_replace(translate(
  replace(replace(replace(replace(replace(replace(regexp_replace(${html}, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
  chr(2) || chr(3), ''), '\\s+', ' ', 'g'))`;

/** SQL: the same for text that holds no HTML (titles, questions). */
const cleanTextSql = (text: string) =>
  `btrim(regexp_replace(translate(${text}, chr(2) || chr(3), ''), '\\s+', ' ', 'g'))`;

/** ts_headline options: the marks, and a snippet of about 10 to 25 words around the best match. */
const MARKS = `'StartSel=' || chr(2) || ', StopSel=' || chr(3)`;
const SNIPPET_OPTIONS = `${MARKS} || ', MaxWords=25, MinWords=10, ShortWord=2, MaxFragments=1'`;
const TITLE_OPTIONS = `${MARKS} || ', HighlightAll=true'`;

/**
 * The searchable documents the caller sees, one row each: kind, id, title, body (plain text), and what
 * the link needs. `$1` coach, `$2` user, `$3` institution staff (the bulletin reader's parameters).
 */
function documentsSql(caller: CoachRequestContext): string {
  return `
    select 'bulletin' as kind, b.id, ${cleanTextSql('b.title')} as title,
           btrim(${cleanTextSql('b.subtitle')} || ' ' || ${plainTextSql('b.description')}) as body,
           b.is_interactive as interactive, null::int as list_id, false as institution_wide
      from bulletins b join scope sc on sc.coach_id = b.coach_id
     where ${VISIBLE}
    union all
    select 'tip', t.id, '', ${plainTextSql('t.html')}, false, null, false from tips t where t.coach_id = $1
    union all
    select 'todo', i.id, ${cleanTextSql('i.title')}, ${plainTextSql('i.description')}, false, i.todo_list_id, false
      from todo_items i left join todo_lists l on l.id = i.todo_list_id
     where ${readableItemSql(caller)}
    union all
    select 'faq', f.id, ${cleanTextSql('f.question')}, ${plainTextSql('f.answer')}, false, null,
           f.coach_id is null
      from faq_entries f
     where f.institution_id = (select c.institution_id from coaches c where c.id = $1)
       and (f.coach_id = $1 or f.coach_id is null)`;
}

interface Row {
  total: number;
  kind: SearchKind | null;
  id: number;
  interactive: boolean;
  list_id: number | null;
  /** An FAQ entry of the institution's own list (shown below every coach's FAQ). */
  institution_wide: boolean;
  title: string;
  body_start: string;
  title_marked: string;
  snippet_marked: string;
}

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
function linkFor(caller: CoachRequestContext, row: Row): string {
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
  const rows = await database.query<Row>(
    `with ${scopeSql({ kind: 'coach', coachId: caller.coachId })},
     query as (select websearch_to_tsquery('english', $4::text) as tsq),
     docs as (${documentsSql(caller)}),
     matched as (
       select d.*, ts_rank(setweight(to_tsvector('english', d.title), 'A')
                           || setweight(to_tsvector('english', d.body), 'B'), query.tsq) as rank
         from docs d, query
        where (setweight(to_tsvector('english', d.title), 'A')
               || setweight(to_tsvector('english', d.body), 'B')) @@ query.tsq)
     select c.total, p.*
       from (select count(*)::int as total from matched) c
       left join lateral (
         select m.kind, m.id, m.interactive, m.list_id, m.institution_wide, m.title, left(m.body, 100) as body_start,
                ts_headline('english', m.title, query.tsq, ${TITLE_OPTIONS}) as title_marked,
                ts_headline('english', m.body, query.tsq, ${SNIPPET_OPTIONS}) as snippet_marked
           from matched m, query
          order by m.rank desc, m.kind, m.id
          limit $5 offset $6) p on true`,
    [
      caller.coachId,
      caller.userId,
      caller.institutionRole !== null,
      text,
      SEARCH_PAGE_SIZE,
      (page - 1) * SEARCH_PAGE_SIZE,
    ],
  );
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
