import { z } from 'zod';
import { EMAIL_API } from './email-texts.ts';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { WiringItemSchema, WiringListSchema } from './wiring.ts';

export * from './email-texts.ts';

/** Email states; `sending` shows as Scheduled (spec §4 status vocabulary: Draft, Scheduled, Delivered). */
export const EMAIL_STATES = ['draft', 'scheduled', 'sending', 'delivered'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];
/** What a client may ask for: keep as a draft, or schedule for the send time. */
export const EmailSaveStateSchema = z.enum(['draft', 'scheduled']);

/** The status label of an email state (spec §4). */
export function emailStatus(state: EmailState): 'Draft' | 'Scheduled' | 'Delivered' {
  if (state === 'draft') return 'Draft';
  if (state === 'delivered') return 'Delivered';
  return 'Scheduled';
}

export const EMAIL_TITLE_MAX = 200;
export const EMAIL_SECTION_MAX = 20_000;
export const EMAIL_SECTIONS_MAX = 20;

/** Messages of email validation and refusals (ours). */
export const EMAIL_MESSAGES = {
  required: 'This field is required.',
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
  sendAtRequired: 'Choose a send time to schedule this email.',
  noSections: 'Write at least one section.',
  emptySection: 'This section has no text.',
  conditionPair: 'Choose both a characteristic and a value, or neither.',
  delivered: 'This email has been delivered and can no longer be changed.',
  sending: 'This email is being sent and can no longer be changed.',
  notAStudent: 'Choose a student enrolled in this coach.',
  subjectOneLine: 'Write the subject on one line, without line breaks.',
} as const;

/** Texts of the email screens (ours; the spec names the statuses). */
export const EMAIL_TEXTS = {
  managerTitle: 'Emails',
  newEmail: 'New Email',
  editTitle: 'Edit Email',
  createTitle: 'New Email',
  title: 'Title',
  subject: 'Subject',
  sendAt: 'Send time',
  state: 'Status',
  draft: 'Draft',
  scheduled: 'Scheduled',
  delivered: 'Delivered',
  sections: 'Sections',
  section: (n: number) => `Section ${n}`,
  sectionFor: 'Only for students whose',
  everyone: 'Everyone',
  addSection: 'Add section',
  removeSection: (n: number) => `Remove section ${n}`,
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  saved: 'Email saved.',
  empty: 'No emails have been written for this coach yet.',
  recipients: (delivered: number) => `Delivered to ${delivered} student${delivered === 1 ? '' : 's'}`,
  readOnly: 'This email has been delivered; it can no longer be changed.',
  preview: 'Preview for a student',
  edit: 'Edit',
} as const;

/** A section as stored and sent: `characteristic`/`value` null → for every recipient. */
export const EmailSectionSchema = z.object({
  id: z.number().int(),
  characteristic: z.string().nullable(),
  value: z.string().nullable(),
  body: z.string(),
});
export type EmailSection = z.infer<typeof EmailSectionSchema>;

export const EmailSectionInputSchema = z.strictObject({
  id: z.number().int().nullish(),
  characteristic: z.string().max(200).nullish(),
  value: z.string().max(200).nullish(),
  body: z.string().max(EMAIL_SECTION_MAX, EMAIL_MESSAGES.tooLong(EMAIL_SECTION_MAX)),
});

/** An email as staff see it (the wiring item of the overview carries `characteristics`). */
export const EmailSchema = z.object({
  id: z.number().int(),
  coach: z.number().int(),
  title: z.string(),
  subject: z.string(),
  state: z.enum(EMAIL_STATES),
  status: z.enum(['Draft', 'Scheduled', 'Delivered']),
  send_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  sections: z.array(EmailSectionSchema),
  characteristics: z.array(WiringItemSchema),
  delivered_count: z.number().int(),
  unconfirmed_count: z.number().int(),
});
export type Email = z.infer<typeof EmailSchema>;
export const EmailListSchema = z.array(EmailSchema);

/** POST/PUT body of an email. */
export const EmailBodySchema = z.strictObject({
  title: z.string().max(EMAIL_TITLE_MAX, EMAIL_MESSAGES.tooLong(EMAIL_TITLE_MAX)),
  // A line break in a subject would start a new mail header (header injection): refused.
  subject: z
    .string()
    .max(EMAIL_TITLE_MAX, EMAIL_MESSAGES.tooLong(EMAIL_TITLE_MAX))
    .refine((v) => !/[\r\n\u2028\u2029]/.test(v), EMAIL_MESSAGES.subjectOneLine),
  state: EmailSaveStateSchema,
  send_at: z.iso.datetime({ offset: true, message: 'Enter a valid date and time.' }).nullish(),
  sections: z.array(EmailSectionInputSchema).max(EMAIL_SECTIONS_MAX),
  characteristics: WiringListSchema.default([]),
});
export type EmailBody = z.input<typeof EmailBodySchema>;

/** The email as one student receives it. */
export const EmailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** False when the student does not match the email's wiring (they would not receive it). */
  recipient: z.boolean(),
});
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;

/** GET emails/{id}/preview query: the student to preview for, given as digits. */
export const EmailPreviewQuerySchema = z.strictObject({
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Choose a student.')
    .pipe(z.coerce.number<string>().int()),
});

const EMAIL_TAGS = ['emails'];
const EMAIL_STAFF = access.coach(...COACH_STAFF);

/**
 * The email endpoints (paths ours, see EMAIL_API). Staff of the coach only (its instructors, the
 * institution's staff and admins): students 403, other institutions 404. The sending itself is the
 * server's email job.
 */
export const EMAIL_ENDPOINTS = {
  /** GET emails → the coach's emails with sections, wiring and delivery counts. */
  list: defineEndpoint({
    method: 'GET',
    path: EMAIL_API.emails(':coachId'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    responses: { 200: EmailListSchema },
  }),
  /** POST emails → a new email (Draft, or Scheduled with a send time). */
  create: defineEndpoint({
    method: 'POST',
    path: EMAIL_API.emails(':coachId'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    body: EmailBodySchema,
    responses: { 201: EmailSchema },
  }),
  /** GET emails/{id} → one email. */
  get: defineEndpoint({
    method: 'GET',
    path: EMAIL_API.email(':coachId', ':id'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    responses: { 200: EmailSchema },
  }),
  /** PUT emails/{id} → the email replaced (not once it is sending or delivered). */
  update: defineEndpoint({
    method: 'PUT',
    path: EMAIL_API.email(':coachId', ':id'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    body: EmailBodySchema,
    responses: { 200: EmailSchema },
  }),
  /** DELETE emails/{id} → 204. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: EMAIL_API.email(':coachId', ':id'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    responses: { 204: z.null() },
  }),
  /** GET emails/{id}/preview?user_id= → the email as that student would receive it. */
  preview: defineEndpoint({
    method: 'GET',
    path: EMAIL_API.emailPreview(':coachId', ':id'),
    access: EMAIL_STAFF,
    tags: EMAIL_TAGS,
    query: EmailPreviewQuerySchema,
    responses: { 200: EmailPreviewSchema },
  }),
};
