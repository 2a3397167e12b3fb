import type { Query } from '../../db/client.ts';

/**
 * Exclusions of content (docs/bulletins.md and docs/emails-surveys.md "Who sees this"): students left out
 * of one bulletin, e-mail or survey whatever its targeting says (`content_exclusions`). Every path that
 * decides who sees or is sent an item (the bulletin reader, the e-mail job, the survey reader, the activity
 * figures) tests `excludedSql`, so an excluded student never gets the item.
 */

/** The content kinds that take exclusions. */
export type ExclusionKind = 'bulletin' | 'email' | 'survey';

/**
 * A SQL boolean: the student whose user id is the expression `user` is excluded from the item `idExpr`
 * of `kind` (a literal, not user input).
 */
export function excludedSql(kind: ExclusionKind, idExpr: string, user: string): string {
  return `exists (select 1 from content_exclusions x
                   where x.content_kind = '${kind}' and x.content_id = ${idExpr} and x.user_id = ${user})`;
}

/**
 * `not excludedSql(...)` for a list over many items of one student (`user` a parameter or literal, not a
 * column): the same test as an uncorrelated `not in` (`content_id` is never null, so `not in` and `not
 * exists` agree), which PostgreSQL evaluates with one hash of the student's exclusions instead of one
 * probe of `content_exclusions` per item (docs/bulletins.md "Lists").
 */
export function notExcludedListSql(kind: ExclusionKind, idExpr: string, user: string): string {
  return `${idExpr} not in (select x.content_id from content_exclusions x
                             where x.content_kind = '${kind}' and x.user_id = ${user})`;
}

/** The excluded students' user ids of one item, in order. */
export async function loadExclusions(q: Query, kind: ExclusionKind, contentId: number): Promise<number[]> {
  const rows = await q<{ user_id: number }>(
    'select user_id from content_exclusions where content_kind = $1 and content_id = $2 order by user_id',
    [kind, contentId],
  );
  return rows.map((r) => r.user_id);
}

/** Deletes the exclusions of content items (call it where the content is deleted, in the same transaction). */
export async function deleteExclusions(
  q: Query,
  coachId: number,
  kind: ExclusionKind,
  contentIds: number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await q(
    'delete from content_exclusions where coach_id = $1 and content_kind = $2 and content_id = any($3::int[])',
    [coachId, kind, contentIds],
  );
}
