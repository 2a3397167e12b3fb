import type { Database, Query } from '../../db/client.ts';
import { AGS_SCOPES, agsEndpoint, type CreditType, creditItemTitle, findOrCreateLineItem } from './ags.ts';
import {
  CREDIT_TYPES,
  claimDueLineItems,
  claimLineItem,
  insertCourseLineItems,
  insertItemLineItems,
  type LineItemKey,
  releaseLineItemRow,
  selectAgsContext,
  selectLineItemUrl,
  selectNextLineItemAt,
  storeLineItemUrl,
} from './ags-queries.ts';

export type { LineItemKey } from './ags-queries.ts';

import { nrpsAccessToken, type PlatformCallOptions, RosterError } from './nrps.ts';
import { registrationById } from './registrations.ts';

/**
 * Line items up front (docs/lti.md, Grades): every published for-credit item of a coach linked to an LMS
 * course with a grade service gets its line item (gradebook column) before any student earns its credit.
 * `lti_line_items` is the outbox: a `pending` row is inserted when an item is saved for credit
 * (`noteLineItems`) and for every such item when a course is linked, launched or its roster synced
 * (`backfillLineItems`); the `lti-score-post` job creates the due ones (`createDueLineItems`), retrying a
 * 5xx with a doubling delay. One row per (course, item): an item never gets two line items, and a score
 * post that finds the row not created yet claims and creates it the same way (`lineItemUrl`).
 *
 * Not done: a changed title or credit of an item whose line item exists is not sent to the platform (AGS
 * allows a PUT of the line item's label; the stand-in and this job have no update step yet), and an item
 * no longer for credit keeps its line item. Checklists are not for-credit items here (no `related_credit`).
 */

/** How the job calls the platform and backs off (tests shorten them); shared with the score posts. */
export interface OutboxOptions extends PlatformCallOptions {
  /** The first retry's delay (ms), doubled per attempt; default 60 s. */
  retryBaseMs?: number;
  /** Attempts before a row is `failed`; default 10. */
  maxAttempts?: number;
}

/**
 * In the caller's transaction: a `pending` line item row for item `itemId` in every LMS course with a grade
 * service linked to its coach, when it is published and for credit. Returns the rows added (0 when each
 * course has one already).
 */
export async function noteLineItems(q: Query, type: CreditType, itemId: number): Promise<number> {
  return insertItemLineItems(q, type, itemId);
}

/** A `pending` line item row for every published for-credit item of the course's coach (a backfill). Returns the rows added. */
export async function backfillLineItems(q: Query, contextRowId: number): Promise<number> {
  let added = 0;
  for (const type of CREDIT_TYPES) {
    added += await insertCourseLineItems(q, type, contextRowId);
  }
  return added;
}

/** A course's grade access: the access token (lineitem and score scopes) and its line items endpoint. */
export interface CourseAccess {
  token: string;
  lineitems: string;
  registrationId: number;
}

/** The access token and line items endpoint of one LMS course. @throws RosterError when it takes no grades. */
export async function courseAccess(
  database: Database,
  key: Buffer,
  contextRowId: number,
  call: PlatformCallOptions,
): Promise<CourseAccess> {
  const context = await selectAgsContext(database.query, contextRowId);
  const registration = context && (await registrationById(database, context.registration_id));
  if (!context?.coach_id || !registration) throw new RosterError('The LMS course is no longer linked.');
  const endpoint = agsEndpoint(context.ags, registration.platform_origin);
  if (!endpoint.ok) throw new RosterError(endpoint.error);
  if (!registration.token_url)
    throw new RosterError('The platform registration has no token URL, which grades need.');
  const token = await nrpsAccessToken(
    database,
    key,
    { client_id: registration.client_id, token_url: registration.token_url },
    call,
    `${AGS_SCOPES.lineitem} ${AGS_SCOPES.score}`,
  );
  return { token, lineitems: endpoint.lineitems, registrationId: registration.id };
}

/** A failure's plain sentence and whether it is worth another attempt (a 5xx, the network, a bug). */
export function failureOf(error: unknown, fallback: string): { message: string; retryable: boolean } {
  if (error instanceof RosterError) return { message: error.message, retryable: error.retryable };
  return { message: fallback, retryable: true };
}

/** The delay (ms) before attempt `attempts + 1`: the base doubled per attempt made. */
export const backoffMs = (o: OutboxOptions, attempts: number) =>
  (o.retryBaseMs ?? 60_000) * 2 ** (attempts - 1);

/** Puts a claimed line item row back: pending again later (retryable, attempts left) or failed. */
async function releaseLineItem(
  database: Database,
  row: { id: number; attempts: number },
  error: unknown,
  o: OutboxOptions,
): Promise<'retrying' | 'failed'> {
  const { message, retryable } = failureOf(
    error,
    'Creating the line item failed unexpectedly; it is tried again.',
  );
  const again = retryable && row.attempts < (o.maxAttempts ?? 10);
  await releaseLineItemRow(
    database.query,
    row.id,
    again ? 'pending' : 'failed',
    message,
    again ? backoffMs(o, row.attempts) : 0,
  );
  return again ? 'retrying' : 'failed';
}

/** Creates (or finds by resourceId) the platform's line item of a claimed row and stores its URL. */
async function create(
  database: Database,
  id: number,
  key: LineItemKey,
  access: CourseAccess,
  call: PlatformCallOptions,
) {
  const title = await creditItemTitle(database.query, key.item_type, key.item_id);
  if (title === null) throw new RosterError('The item is gone.');
  const url = await findOrCreateLineItem(
    access.lineitems,
    access.token,
    { type: key.item_type, id: key.item_id, title },
    call,
  );
  await storeLineItemUrl(database.query, id, url);
  return url;
}

/**
 * The line item of a score's item in its course (the score job): the stored one, else created now by
 * this worker when it can claim the row (inserting it, or taking a pending, failed or expired claim);
 * while another worker holds it, a retryable error.
 */
export async function lineItemUrl(
  database: Database,
  key: LineItemKey,
  access: CourseAccess,
  o: OutboxOptions,
): Promise<string> {
  const stored = () => selectLineItemUrl(database.query, key);
  const known = await stored();
  if (known) return known;
  const claimed = await claimLineItem(database.query, key);
  if (!claimed) {
    const now = await stored();
    if (now) return now;
    throw new RosterError('The line item is being created by another worker.', true);
  }
  try {
    return await create(database, claimed.id, key, access, o);
  } catch (error) {
    await releaseLineItem(database, claimed, error, o);
    throw error;
  }
}

/** What one run of the line items outbox did. */
export interface LineItemRunResult {
  created: number;
  retrying: number;
  failed: number;
}

/**
 * Creates every due line item (pending and due, or claimed by a worker that died): per course one access
 * token, then per row the line item, found by resourceId first so the platform never gets two. A row whose
 * course cannot take grades fails with the plain reason; a 5xx is retried with a doubling delay.
 */
export async function createDueLineItems(
  database: Database,
  key: Buffer,
  options: OutboxOptions = {},
): Promise<LineItemRunResult> {
  const call: PlatformCallOptions = { attempts: options.attempts ?? 1, backoffMs: options.backoffMs };
  const result: LineItemRunResult = { created: 0, retrying: 0, failed: 0 };
  const rows = await claimDueLineItems(database.query);
  const courses = new Map<number, Promise<CourseAccess>>();
  for (const row of rows) {
    try {
      let access = courses.get(row.context_row_id);
      if (!access) {
        access = courseAccess(database, key, row.context_row_id, call);
        courses.set(row.context_row_id, access);
      }
      await create(database, row.id, row, await access, call);
      result.created++;
    } catch (error) {
      result[await releaseLineItem(database, row, error, options)]++;
    }
  }
  return result;
}

/** When the next pending line item is due, or null. */
export async function nextLineItemAttempt(database: Database): Promise<Date | null> {
  const at = await selectNextLineItemAt(database.query);
  return at ? new Date(at) : null;
}
