/**
 * Search within a course: the SQL (docs/search.md). One statement: the coach's bulletins, tips, to-do
 * items and FAQ entries the caller may see, matched with PostgreSQL full-text search and ranked. Who sees
 * what is each content's own read rule, reused here (bulletins' `scopeSql` and `VISIBLE`, the to-do reads'
 * `readableItemSql`); the links and the marked text are the service's (./service.ts).
 */
import { SEARCH_PAGE_SIZE } from '@course-coach/contracts';
import type { CoachRequestContext } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { bulletins, todoItems } from '../../db/schema/index.ts';
import { scopeSql, VISIBLE } from '../bulletins/index.ts';
import { readableItemSql } from '../todos/index.ts';

/** The kinds of document `documentsSql` writes. */
type DocumentKind = 'bulletin' | 'tip' | 'todo' | 'faq';

/**
 * One match of the page asked for, with the count of all matches (`total`). A page past the last match is
 * one row with the count and `kind` null (the other columns null too). `id` is the bulletin's, tip's,
 * to-do item's or FAQ entry's; `interactive` a bulletin's `is_interactive` (false for the others);
 * `list_id` a to-do item's `todo_list_id` (null for the others); `institution_wide` an FAQ entry of the
 * institution's own list (shown below every coach's FAQ). `title` and `body_start` are plain text, the
 * `_marked` columns ts_headline's output (matched words between chr(2) and chr(3)).
 */
export type SearchRow = Pick<typeof bulletins.$inferSelect, 'id'> & {
  total: number;
  kind: DocumentKind | null;
  interactive: (typeof bulletins.$inferSelect)['is_interactive'];
  list_id: (typeof todoItems.$inferSelect)['todo_list_id'];
  institution_wide: boolean;
  title: string;
  body_start: string;
  title_marked: string;
  snippet_marked: string;
};

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

/**
 * Page `page` (from 1, {@link SEARCH_PAGE_SIZE} rows) of the documents the caller (the guard's request
 * context) sees that match `text` (read by `websearch_to_tsquery('english', …)`), ranked by `ts_rank`
 * (title words weigh more than body words), then kind and id; each row carries the count of all matches.
 */
export function selectSearchPage(
  q: Query,
  caller: CoachRequestContext,
  text: string,
  page: number,
): Promise<SearchRow[]> {
  return q<SearchRow>(
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
}
