import { z } from 'zod';
import { access, COACH_ANY, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * Search within a course (docs/search.md; path and shapes ours): GET coach/{coachId}/search?q=&page=
 * finds the coach's bulletins, tips, to-do items and FAQ entries that the caller may see, best match
 * first.
 */

/** Results per page. */
export const SEARCH_PAGE_SIZE = 10;
/** The longest search text accepted, in characters. */
export const SEARCH_MAX_QUERY = 200;
/** The highest page number accepted (a page past the last one is empty, with the count). */
export const SEARCH_MAX_PAGE = 1000;

/** Refusals of the search's query parameters (field errors in spec §7's shape). */
export const SEARCH_QUERY_ERRORS = {
  page: 'Enter a valid page number.',
  queryTooLong: `Ensure this value has no more than ${SEARCH_MAX_QUERY} characters.`,
} as const;

/**
 * Query parameters: `q` the search text (words, "a phrase", `or`, `-word`: PostgreSQL's
 * `websearch_to_tsquery`, so any other punctuation is just text; blank or absent finds nothing and
 * answers an empty page, not an error); `page` from 1 (default 1). Anything else answers 400.
 */
export const SearchQuerySchema = z.strictObject({
  q: z.string().max(SEARCH_MAX_QUERY, SEARCH_QUERY_ERRORS.queryTooLong).optional(),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, SEARCH_QUERY_ERRORS.page)
    .pipe(z.coerce.number<string>().int().max(SEARCH_MAX_PAGE, SEARCH_QUERY_ERRORS.page))
    .optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** What a result is. */
export const SearchKindSchema = z.enum(['bulletin', 'tip', 'todo', 'faq']);
export type SearchKind = z.infer<typeof SearchKindSchema>;

/**
 * Plain text with the matched words marked: `text` holds no HTML (render it as text, never as markup),
 * `matches` are `[start, end)` offsets into it, in UTF-16 code units (JavaScript string indices), in order.
 */
export const MarkedTextSchema = z.object({
  text: z.string(),
  matches: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
export type MarkedText = z.infer<typeof MarkedTextSchema>;

/** One result: its kind, id, title and a snippet around the match (both marked), and the page it opens. */
export const SearchResultSchema = z.object({
  kind: SearchKindSchema,
  id: z.number().int(),
  title: MarkedTextSchema,
  snippet: MarkedTextSchema,
  /** The web page to open (a path of this app). */
  link: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** One page of results: `count` in all, `results` of page `page` (empty past the last page). */
export const SearchPageSchema = z.object({
  q: z.string(),
  count: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  results: z.array(SearchResultSchema),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** The search box's words (ours). */
export const SEARCH_TEXTS = {
  label: 'Search this course',
  placeholder: 'Search bulletins, tips, to-dos, FAQ',
  kinds: { bulletin: 'Bulletin', tip: 'Tip', todo: 'To-do', faq: 'FAQ' } satisfies Record<SearchKind, string>,
  noResults: (q: string) => `No results for “${q}”`,
  loading: 'Searching…',
  error: 'Search is not available right now.',
  more: (shown: number, count: number) => `Showing ${shown} of ${count} results`,
  showMore: 'Show more results',
} as const;

/** Search within a course (docs/search.md; path ours): every member of the coach may search it. */
export const SEARCH_ENDPOINTS = {
  /** GET search?q=&page= → one page of results; 400 with field errors for a bad page or an over-long q. */
  search: defineEndpoint({
    method: 'GET',
    path: API.search(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['search'],
    query: SearchQuerySchema,
    responses: { 200: SearchPageSchema },
  }),
};
