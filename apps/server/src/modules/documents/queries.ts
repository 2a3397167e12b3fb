/**
 * Documents of content items: the SQL (packages/contracts/src/documents.ts; spec §2 Characteristics
 * overview "Document"). Every statement is limited to one coach (`coachId`); which kinds of item there
 * are, who may see a document and what an upload may be are the service's (./service.ts). Imports no
 * content module but content/ (the released playbooks' SQL), so the cleanup (./cleanup.ts) that the
 * content modules call stays free of import cycles.
 */
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { contentDocuments } from '../../db/schema/index.ts';
import { RELEASED_PLAYBOOKS } from '../content/index.ts';

type ContentDocuments = typeof contentDocuments.$inferSelect;

/** The tables of the content items a document can belong to. */
export type ItemTable = 'bulletins' | 'emails' | 'surveys' | 'playbooks' | 'gradebooks' | 'assignments';

/** A document as the API describes it: the `content_documents` columns without the bytes. */
export type DocRow = Pick<ContentDocuments, 'document_name' | 'content_type' | 'byte_size' | 'url'>;

/**
 * An uploaded file: its name, its type (set for every file) and its bytes as the driver gives them (pg a
 * Buffer, PGlite a Uint8Array).
 */
export type FileRow = Pick<ContentDocuments, 'document_name'> & {
  content_type: NonNullable<ContentDocuments['content_type']>;
  data: Buffer | Uint8Array;
};

/** Whether item `itemId` of `table` is the coach's. */
export async function isCoachItem(
  q: Query,
  table: ItemTable,
  coachId: number,
  itemId: number,
): Promise<boolean> {
  const [row] = await q(`select 1 from ${table} where id = $1 and coach_id = $2`, [itemId, coachId]);
  return row !== undefined;
}

/** Whether email `emailId` was delivered to the user (a delivery of theirs that is not merely claimed). */
export async function isDeliveredEmail(q: Query, emailId: number, userId: number): Promise<boolean> {
  const [row] = await q(
    `select 1 from email_deliveries where email_id = $1 and user_id = $2 and state <> 'claimed'`,
    [emailId, userId],
  );
  return row !== undefined;
}

/** Whether playbook `playbookId` is released in the coach and meant for the student (content/queries.ts). */
export async function isReleasedPlaybook(
  q: Query,
  coachId: number,
  userId: number,
  playbookId: number,
): Promise<boolean> {
  const [row] = await q(`select 1 from (${RELEASED_PLAYBOOKS}) p where p.id = $3`, [
    coachId,
    userId,
    playbookId,
  ]);
  return row !== undefined;
}

/** The document of the coach's item (`contentKind`, `itemId`); undefined when it has none. */
export async function selectDocument(
  q: Query,
  coachId: number,
  contentKind: string,
  itemId: number,
): Promise<DocRow | undefined> {
  const [row] = await q<DocRow>(
    `select document_name, content_type, byte_size, url from content_documents
      where coach_id = $1 and content_kind = $2 and content_id = $3`,
    [coachId, contentKind, itemId],
  );
  return row;
}

/** The uploaded file of the coach's item (`contentKind`, `itemId`); undefined when it has none (or a link). */
export async function selectDocumentFile(
  q: Query,
  coachId: number,
  contentKind: string,
  itemId: number,
): Promise<FileRow | undefined> {
  const [row] = await q<FileRow>(
    `select document_name, content_type, data from content_documents
      where coach_id = $1 and content_kind = $2 and content_id = $3 and data is not null`,
    [coachId, contentKind, itemId],
  );
  return row;
}

/** Gives the item (`contentKind`, `itemId`) the document `doc`, replacing any it has; the stored document. */
export async function upsertDocument(
  q: Query,
  coach: Pick<CoachCaller, 'coachId' | 'institutionId'>,
  contentKind: string,
  itemId: number,
  doc: DocRow & Pick<ContentDocuments, 'data'>,
): Promise<DocRow> {
  const [row] = await q<DocRow>(
    `insert into content_documents
       (institution_id, coach_id, content_kind, content_id, document_name, content_type, byte_size, data, url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (content_kind, content_id) do update set
       document_name = excluded.document_name, content_type = excluded.content_type,
       byte_size = excluded.byte_size, data = excluded.data, url = excluded.url, created_at = now()
     returning document_name, content_type, byte_size, url`,
    [
      coach.institutionId,
      coach.coachId,
      contentKind,
      itemId,
      doc.document_name,
      doc.content_type,
      doc.byte_size,
      doc.data,
      doc.url,
    ],
  );
  return row!;
}

/** Deletes the document of the coach's item (`contentKind`, `itemId`); whether there was one. */
export async function deleteDocument(
  q: Query,
  coachId: number,
  contentKind: string,
  itemId: number,
): Promise<boolean> {
  const rows = await q(
    'delete from content_documents where coach_id = $1 and content_kind = $2 and content_id = $3 returning 1',
    [coachId, contentKind, itemId],
  );
  return rows.length > 0;
}

/** Deletes the documents of the coach's items `ids` of `contentKind`. */
export async function deleteDocumentsOf(
  q: Query,
  coachId: number,
  contentKind: string,
  ids: number[],
): Promise<void> {
  await q(
    'delete from content_documents where coach_id = $1 and content_kind = $2 and content_id = any($3::int[])',
    [coachId, contentKind, ids],
  );
}
