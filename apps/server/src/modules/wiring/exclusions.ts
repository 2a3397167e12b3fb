import type { Query } from '../../db/client.ts';
import { deleteExclusionRows, selectExcludedUserIds } from './queries.ts';

/**
 * Exclusions of content (docs/bulletins.md and docs/emails-surveys.md "Who sees this"): students left out
 * of one bulletin, e-mail or survey whatever its targeting says (`content_exclusions`). Every path that
 * decides who sees or is sent an item (the bulletin reader, the e-mail job, the survey reader, the activity
 * figures) tests `excludedSql` (./queries.ts, with the statements), so an excluded student never gets the
 * item.
 */

/** The content kinds that take exclusions. */
export type ExclusionKind = 'bulletin' | 'email' | 'survey';

/** The excluded students' user ids of one item, in order. */
export async function loadExclusions(q: Query, kind: ExclusionKind, contentId: number): Promise<number[]> {
  return selectExcludedUserIds(q, kind, contentId);
}

/** Deletes the exclusions of content items (call it where the content is deleted, in the same transaction). */
export async function deleteExclusions(
  q: Query,
  coachId: number,
  kind: ExclusionKind,
  contentIds: number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await deleteExclusionRows(q, coachId, kind, contentIds);
}
