import type { Query } from '../../db/client.ts';
import { deleteDocumentsOf } from './queries.ts';

/**
 * Deletes the documents (file or link, docs/spec.md §3 "Document") of content items being deleted, inside
 * the caller's transaction, so that no document outlives its item. Kept apart from `service.ts` (which
 * reads bulletins and surveys) so the content modules can call it without an import cycle; its statement
 * is in `queries.ts`, which reads neither.
 *
 * @param q the transaction's query function
 * @param coachId the coach owning the items
 * @param contentKind the database content kind: `bulletin`, `email`, `survey`, `playbook`, `gradebook`
 *   or `assignment` (as stored in `content_documents.content_kind`)
 * @param ids the items' ids
 */
export async function deleteDocuments(
  q: Query,
  coachId: number,
  contentKind: 'bulletin' | 'email' | 'survey' | 'playbook' | 'gradebook' | 'assignment',
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  await deleteDocumentsOf(q, coachId, contentKind, ids);
}
