/**
 * Bulletins as readers see them (spec §2 Bulletin list and message routes, §3 Bulletin, §4 Star
 * toggle, §7 bulletin-list and star-message): the list, a message page, marking viewed and starring.
 * Who sees which bulletin: ./audience.ts.
 */
import type { Bulletin, BulletinMessage } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { noteCredit, queueScorePosts } from '../lti/index.ts';
import { recommendedIds, toBulletin } from './audience.ts';
import {
  type BulletinCaller,
  type BulletinScope,
  insertView,
  readOne,
  readPages,
  selectVisibleBulletins,
  setStarRow,
} from './queries.ts';

/**
 * The bulletin list (spec §7 GET bulletin-list): every bulletin the caller sees in the scope, newest
 * publish time first, with starred, viewed, recommended and credit status for the caller.
 */
export async function listBulletins(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<Bulletin[]> {
  const rows = await selectVisibleBulletins(database.query, caller, scope);
  const recommended = await recommendedIds(database.query, caller, rows);
  const now = new Date();
  return rows.map((r) => toBulletin(r, recommended.has(r.id), now));
}

/**
 * A message page's data (spec §2 message routes): the bulletin and its pages; 404 when the caller does
 * not see it. Reading does not mark it viewed; `markViewed` does.
 */
export async function getMessage(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
): Promise<BulletinMessage> {
  const row = await readOne(database.query, caller, scope, id);
  if (!row) throw notFound();
  const recommended = await recommendedIds(database.query, caller, [row]);
  const pages = row.is_interactive ? await readPages(database.query, id) : [];
  return { ...toBulletin(row, recommended.has(row.id), new Date()), pages };
}

/**
 * Marks a bulletin viewed by the caller (opening a message page; spec §3 viewed). The first view is
 * kept. 404 when the caller does not see it. A credit it earns is queued to the LMS on `boss`.
 */
export async function markViewed(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
  boss?: PgBoss | null,
): Promise<BulletinMessage> {
  let credits = 0;
  const message = await database.transaction(async (query) => {
    const row = await readOne(query, caller, scope, id);
    if (!row) throw notFound();
    await insertView(query, row.institution_id, id, caller.userId);
    // A for-credit bulletin viewed in time: its score to the LMS, posted by the job (docs/lti.md, Grades).
    credits = await noteCredit(query, caller.userId, 'bulletin', id);
    const fresh = (await readOne(query, caller, scope, id))!;
    const recommended = await recommendedIds(query, caller, [fresh]);
    const pages = fresh.is_interactive ? await readPages(query, id) : [];
    return { ...toBulletin(fresh, recommended.has(fresh.id), new Date()), pages };
  });
  if (credits > 0) await queueScorePosts(boss);
  return message;
}

/** Stars or un-stars a bulletin the caller sees (spec §4 Star toggle); 404 when they do not see it. */
export async function setStar(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
  starred: boolean,
): Promise<{ id: number; starred: boolean }> {
  return database.transaction(async (query) => {
    const row = await readOne(query, caller, scope, id);
    if (!row) throw notFound();
    await setStarRow(query, {
      institutionId: row.institution_id,
      bulletinId: id,
      userId: caller.userId,
      starred,
    });
    return { id, starred };
  });
}
