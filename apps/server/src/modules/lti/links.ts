import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { backfillLineItems } from './line-items.ts';
import {
  insertLinkOffer,
  selectLinkedCoach,
  selectOfferedContext,
  selectSetUpCoaches,
  takeLinkOffer,
  updateContextCoach,
} from './queries.ts';
import type { LtiRegistrationRow } from './registrations.ts';

/**
 * Linking an LMS course (LTI context) to a coach (docs/lti.md, Linking a course): after a staff member's
 * launch into an unlinked course, a one-time offer (valid 30 minutes, bound to that user) lets them pick
 * one of their institution's coaches.
 */

/** How long a link offer stays usable. */
export const LINK_OFFER_MINUTES = 30;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The set-up coach the registration's context is linked to, or null (unknown or unlinked context). */
export async function contextCoach(
  database: Database,
  registration: LtiRegistrationRow,
  contextId: string,
): Promise<number | null> {
  return (await selectLinkedCoach(database.query, registration.id, contextId.slice(0, 300))) ?? null;
}

/**
 * Stores a link offer for `userId` on the context row and lists the institution's set-up coaches.
 * @returns the offer's token (only its digest is stored) and the coaches, by name.
 */
export async function createLinkOffer(
  database: Database,
  contextRowId: number,
  userId: number,
  institutionId: number,
): Promise<{ token: string; coaches: Array<{ id: number; name: string; term: string }> }> {
  const token = randomBytes(32).toString('base64url');
  await insertLinkOffer(database.query, digest(token), contextRowId, userId, LINK_OFFER_MINUTES);
  const coaches = await selectSetUpCoaches(database.query, institutionId);
  return { token, coaches };
}

/**
 * Takes `userId`'s link offer of `token` (single use) and links its context to `coachId`, in one
 * transaction, audited as `lti.context.link` (kind settings). Refused (null, nothing written) for an
 * unknown, used, expired or other user's token, a user no longer staff or admin of the institution, or a
 * coach that is not a set-up coach of it. Queues (in the transaction) a line item for each of the coach's
 * published for-credit items when the course offers a grade service.
 * @returns the coach id and the line items queued, or null.
 */
export async function linkContext(
  database: Database,
  userId: number,
  token: string | undefined,
  coachId: number,
): Promise<{ coachId: number; lineItems: number } | null> {
  if (!token || !Number.isInteger(coachId) || coachId <= 0 || coachId > 2_147_483_647) return null;
  return database.transaction(async (q) => {
    const offer = await takeLinkOffer(q, digest(token), userId);
    if (!offer?.live) return null;
    const row = await selectOfferedContext(q, offer.context_row_id, userId, coachId);
    if (!row) return null;
    await updateContextCoach(q, offer.context_row_id, coachId);
    // The new coach's for-credit items get their line items (docs/lti.md, Grades; the route queues the job).
    const lineItems = await backfillLineItems(q, offer.context_row_id);
    await recordAudit(q, {
      kind: 'settings',
      action: 'lti.context.link',
      target: `LMS course ${row.title ?? row.context_id} (LTI context ${row.context_id})`,
      before: { coach_id: row.coach_id },
      after: { coach_id: coachId },
      institutionId: row.institution_id,
    });
    return { coachId, lineItems };
  });
}
