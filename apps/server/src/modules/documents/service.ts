import {
  API,
  type ContentDocument,
  DOCUMENT_ERRORS,
  DOCUMENT_MIME_TYPES,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
} from '@course-coach/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { getMessage } from '../bulletins/index.ts';
import { isWholeImage } from '../images/index.ts';
import { getSurvey } from '../surveys/index.ts';
import {
  type DocRow,
  deleteDocument,
  type ItemTable,
  isCoachItem,
  isDeliveredEmail,
  isReleasedPlaybook,
  selectDocument,
  selectDocumentFile,
  upsertDocument,
} from './queries.ts';

/**
 * Documents of content items (packages/contracts/src/documents.ts; spec §2 Characteristics overview
 * "Document"). One per item, a file kept in PostgreSQL (like images) or a link.
 */

/** The database's content kind and table of each path kind. */
const KINDS: Record<DocumentKind, { kind: string; table: ItemTable }> = {
  bulletins: { kind: 'bulletin', table: 'bulletins' },
  emails: { kind: 'email', table: 'emails' },
  surveys: { kind: 'survey', table: 'surveys' },
  playbooks: { kind: 'playbook', table: 'playbooks' },
  gradebooks: { kind: 'gradebook', table: 'gradebooks' },
  assignments: { kind: 'assignment', table: 'assignments' },
};

/** The database content kind of a path kind (`bulletins` → `bulletin`). */
export function contentKindOf(kind: DocumentKind): string {
  return KINDS[kind].kind;
}

function describe(coachId: number, kind: DocumentKind, itemId: number, row: DocRow): ContentDocument {
  return {
    document_name: row.document_name,
    kind: row.url === null ? 'file' : 'link',
    url: row.url ?? API.contentDocumentFile(coachId, kind, itemId),
    content_type: row.content_type,
    byte_size: row.byte_size,
  };
}

/** 404 unless the item is the coach's. */
async function itemOfCoach(q: Query, coachId: number, kind: DocumentKind, itemId: number): Promise<void> {
  if (!(await isCoachItem(q, KINDS[kind].table, coachId, itemId))) throw notFound();
}

/**
 * Whether `caller` (the guard's request context) may see the item, hence its document (404 otherwise).
 * Staff of the coach (its `isStaff`) see every item of it; a student sees: a bulletin or survey they see (the bulletin list's and survey page's own
 * rules: published, not queued or under review, wiring matched), an email delivered to them, a released
 * playbook, and the coach's gradebooks and assignments (their grade pages show these).
 */
export async function assertCanSee(
  database: Database,
  caller: CoachCaller,
  kind: DocumentKind,
  itemId: number,
): Promise<void> {
  const q = database.query;
  const { userId, coachId, institutionId } = caller;
  await itemOfCoach(q, coachId, kind, itemId);
  if (caller.isStaff) return;
  switch (kind) {
    case 'bulletins':
      await getMessage(
        database,
        { userId, institutionId, institutionStaff: false },
        { kind: 'coach', coachId },
        itemId,
      );
      return;
    case 'surveys':
      await getSurvey(q, caller, itemId);
      return;
    case 'emails': {
      if (!(await isDeliveredEmail(q, itemId, userId))) throw notFound();
      return;
    }
    case 'playbooks': {
      // Released and meant for the student (its planning wiring), as on the Playbook Planning card.
      if (!(await isReleasedPlaybook(q, coachId, userId, itemId))) throw notFound();
      return;
    }
    case 'gradebooks':
    case 'assignments':
      return;
  }
}

/** The item's document, or 404 when it has none. */
export async function getDocument(
  q: Query,
  coachId: number,
  kind: DocumentKind,
  itemId: number,
): Promise<ContentDocument> {
  const row = await selectDocument(q, coachId, contentKindOf(kind), itemId);
  if (!row) throw notFound('This item has no document.');
  return describe(coachId, kind, itemId, row);
}

/** The bytes of the item's uploaded file; 404 when it has none (or only a link). */
export async function readDocumentFile(
  q: Query,
  coachId: number,
  kind: DocumentKind,
  itemId: number,
): Promise<{ name: string; contentType: string; data: Buffer }> {
  const row = await selectDocumentFile(q, coachId, contentKindOf(kind), itemId);
  if (!row) throw notFound('This item has no uploaded document.');
  return {
    name: row.document_name,
    contentType: row.content_type,
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
  };
}

/** Whether bytes are plain text: valid UTF-8 without control characters other than tab, newlines, form feed. */
function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * The type of an uploaded document by its content (never its name or declared type): PDF and the Office
 * Open XML formats and images by their magic bytes (`file-type`; images also whole by structure), else
 * plain text when it is clean UTF-8. 400 `file` errors: empty, over MAX_DOCUMENT_BYTES, other type.
 */
export async function detectDocumentType(data: Buffer): Promise<string> {
  if (data.length === 0) throw badRequest({ file: [DOCUMENT_ERRORS.empty] });
  if (data.length > MAX_DOCUMENT_BYTES) throw badRequest({ file: [DOCUMENT_ERRORS.tooLarge] });
  const type = await fileTypeFromBuffer(data);
  if (type) {
    const ok =
      (DOCUMENT_MIME_TYPES as readonly string[]).includes(type.mime) &&
      (!type.mime.startsWith('image/') || isWholeImage(data, type.mime));
    if (!ok) throw badRequest({ file: [DOCUMENT_ERRORS.badType] });
    return type.mime;
  }
  if (isPlainText(data)) return 'text/plain';
  throw badRequest({ file: [DOCUMENT_ERRORS.badType] });
}

/** Attaches an uploaded file to the item, replacing its document (one statement: nothing half-written). */
export async function attachFile(
  database: Database,
  coach: Pick<CoachCaller, 'coachId' | 'institutionId'>,
  kind: DocumentKind,
  itemId: number,
  fileName: string,
  data: Buffer,
): Promise<ContentDocument> {
  await itemOfCoach(database.query, coach.coachId, kind, itemId);
  const contentType = await detectDocumentType(data);
  return upsert(database.query, coach, kind, itemId, {
    document_name: fileName,
    content_type: contentType,
    byte_size: data.length,
    data,
    url: null,
  });
}

/** Attaches a link (http/https, checked by the body schema); the name defaults to the URL's host. */
export async function attachLink(
  database: Database,
  coach: Pick<CoachCaller, 'coachId' | 'institutionId'>,
  kind: DocumentKind,
  itemId: number,
  url: string,
  name: string | undefined,
): Promise<ContentDocument> {
  await itemOfCoach(database.query, coach.coachId, kind, itemId);
  return upsert(database.query, coach, kind, itemId, {
    document_name: name || new URL(url).hostname,
    content_type: null,
    byte_size: null,
    data: null,
    url,
  });
}

async function upsert(
  q: Query,
  coach: Pick<CoachCaller, 'coachId' | 'institutionId'>,
  kind: DocumentKind,
  itemId: number,
  doc: DocRow & { data: Buffer | null },
): Promise<ContentDocument> {
  const row = await upsertDocument(q, coach, contentKindOf(kind), itemId, doc);
  return describe(coach.coachId, kind, itemId, row);
}

/** Removes the item's document; 404 when the item is not the coach's or has none. */
export async function removeDocument(
  database: Database,
  coach: Pick<CoachCaller, 'coachId' | 'institutionId'>,
  kind: DocumentKind,
  itemId: number,
): Promise<void> {
  await itemOfCoach(database.query, coach.coachId, kind, itemId);
  const deleted = await deleteDocument(database.query, coach.coachId, contentKindOf(kind), itemId);
  if (!deleted) throw notFound('This item has no document.');
}
