import { z } from 'zod';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';

type Id = number | string;

/**
 * Send log API and page (ours). Staff of the coach only (docs/emails-surveys.md "Send log"). Generic, as
 * `API`'s, so that the paths of `EMAIL_LOG_ENDPOINTS` keep their literal types.
 */
export const EMAIL_LOG_API = {
  /** GET: the email's delivered / unconfirmed / failed counts and the recipients not confirmed. */
  log: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/emails/${id}/log` as const,
  /** POST: sends the email again to its unconfirmed and failed recipients only (none: sends nothing, says so). */
  resend: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/emails/${id}/resend` as const,
} as const;

export const EMAIL_LOG_PAGES = {
  log: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EmailLog/${id}/`,
} as const;

/** Messages and texts of the send log (ours). */
export const EMAIL_LOG_TEXTS = {
  title: (email: string) => `Send log: ${email}`,
  sendLog: 'Send log',
  delivered: 'Delivered',
  unconfirmed: 'Unconfirmed',
  failed: 'Failed',
  pending: 'Being sent',
  unconfirmedHelp:
    'Unconfirmed: the sending stopped (a crash) after the message may have been handed to the mail server, so it may or may not have arrived.',
  recipients: 'Recipients not confirmed',
  none: 'Every recipient’s message was delivered.',
  resend: 'Resend to unconfirmed',
  resendConfirm:
    'Send this email again to the unconfirmed and failed recipients? Some of them may then get it twice; delivered recipients are never sent it again.',
  resent: (sent: number, failed: number) =>
    `Sent again to ${sent} recipient${sent === 1 ? '' : 's'}${failed ? `; ${failed} refused by the mail server` : ''}.`,
  nothingToResend: 'Nothing was sent: no recipient of this email is unconfirmed or failed.',
  notDelivered: 'Nothing was sent: this email is not Delivered yet (resend once it is).',
  name: 'Name',
  email: 'Email',
  state: 'State',
} as const;

export const EmailLogRecipientSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  state: z.enum(['unconfirmed', 'failed', 'claimed']),
});

export const EmailLogSchema = z.object({
  email: z.number().int(),
  title: z.string(),
  status: z.string(),
  delivered: z.number().int(),
  unconfirmed: z.number().int(),
  failed: z.number().int(),
  /** Claimed by a run under way (not yet confirmed). */
  pending: z.number().int(),
  /** Unconfirmed, failed and pending recipients, by name. */
  recipients: z.array(EmailLogRecipientSchema),
});
export type EmailLog = z.infer<typeof EmailLogSchema>;

export const EmailResendSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  message: z.string(),
});
export type EmailResend = z.infer<typeof EmailResendSchema>;

/**
 * The send log endpoints (docs/emails-surveys.md "Send log"; paths ours). Staff of the coach only
 * (its instructors, the institution's staff and admins): students 403, another coach's email 404.
 */
export const EMAIL_LOG_ENDPOINTS = {
  /** GET emails/{id}/log → delivered / unconfirmed / failed counts and the recipients not confirmed. */
  log: defineEndpoint({
    method: 'GET',
    path: EMAIL_LOG_API.log(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: ['emails'],
    responses: { 200: EmailLogSchema },
  }),
  /** POST emails/{id}/resend → sends again to unconfirmed and failed recipients only (409: nobody). */
  resend: defineEndpoint({
    method: 'POST',
    path: EMAIL_LOG_API.resend(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: ['emails'],
    responses: { 200: EmailResendSchema },
  }),
};
