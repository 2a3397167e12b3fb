/**
 * The signed-in user's notifications (docs/notifications.md): a page of them, the unread count, marking
 * one or all read, and the digest setting. Notifications are computed on read (./compute.ts).
 */
import {
  type DigestFrequency,
  type MarkReadBody,
  NOTIFICATION_PAGE_SIZE,
  type NotificationPage,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { computeNotifications, readKind } from './compute.ts';
import { insertReadRows, selectDigest, upsertDigest } from './queries.ts';

/**
 * One page (from 1) of the user's notifications, `count` and `unread` over all of them. A page past the
 * end answers no results with the counts (the route refuses pages below 1).
 */
export async function notificationPage(
  database: Database,
  userId: number,
  page = 1,
  pageSize = NOTIFICATION_PAGE_SIZE,
): Promise<NotificationPage> {
  const all = await computeNotifications(database, userId);
  return {
    count: all.length,
    unread: all.filter((n) => !n.read).length,
    page,
    page_size: pageSize,
    results: all.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** The number of the user's unread notifications (the header's badge). */
export async function unreadCount(database: Database, userId: number): Promise<{ unread: number }> {
  const all = await computeNotifications(database, userId);
  return { unread: all.filter((n) => !n.read).length };
}

async function insertReads(
  query: Query,
  userId: number,
  marks: Array<{ kind: string; source_id: number }>,
): Promise<void> {
  if (marks.length === 0) return;
  await insertReadRows(
    query,
    userId,
    marks.map((m) => m.kind),
    marks.map((m) => m.source_id),
  );
}

/**
 * Marks one of the user's notifications read (opening it). 404 when the user has no such notification
 * now (another user's, or one that no longer applies), so nothing is written for it. Answers how many
 * were marked (0 when it was read already) and the unread count after.
 */
export async function markRead(
  database: Database,
  userId: number,
  body: MarkReadBody,
): Promise<{ marked: number; unread: number }> {
  const all = await computeNotifications(database, userId);
  const itemType = body.kind === 'credit' ? (body.item_type ?? null) : null;
  const hit = all.find(
    (n) => n.kind === body.kind && n.source_id === body.source_id && n.item_type === itemType,
  );
  if (!hit) throw notFound();
  if (!hit.read)
    await insertReads(database.query, userId, [{ kind: readKind(hit), source_id: hit.source_id }]);
  return { marked: hit.read ? 0 : 1, unread: all.filter((n) => !n.read && n !== hit).length };
}

/** Marks every unread notification of the user read ("Mark all read"); answers how many it marked. */
export async function markAllRead(
  database: Database,
  userId: number,
): Promise<{ marked: number; unread: number }> {
  const unread = (await computeNotifications(database, userId)).filter((n) => !n.read);
  await insertReads(
    database.query,
    userId,
    unread.map((n) => ({ kind: readKind(n), source_id: n.source_id })),
  );
  return { marked: unread.length, unread: 0 };
}

/** The user's digest setting (`off` when never set). */
export async function getSettings(database: Database, userId: number): Promise<{ digest: DigestFrequency }> {
  const row = await selectDigest(database.query, userId);
  return { digest: row?.digest ?? 'off' };
}

/** Sets the user's digest (`off`, `daily` or `weekly`); answers the setting saved. */
export async function saveSettings(
  database: Database,
  userId: number,
  digest: DigestFrequency,
): Promise<{ digest: DigestFrequency }> {
  await upsertDigest(database.query, userId, digest);
  return { digest };
}
