import { z } from 'zod';
import { access, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * Notifications of a signed-in student (docs/notifications.md): computed from the content tables on
 * every read, each marked read per user by (kind, source id).
 *
 * Kinds: `bulletin` (a new bulletin for me), `todo_due` (a to-do item due within 48 hours),
 * `survey_open` / `survey_closing` (a survey opened, or due within 48 hours), `playbook_open` /
 * `playbook_closing` (a playbook's planning opened, or closes within 48 hours), `credit` (credit
 * received for a bulletin, survey or playbook; the source id is that item's, its type in `item_type`).
 */
export const NotificationKindSchema = z.enum([
  'bulletin',
  'todo_due',
  'survey_open',
  'survey_closing',
  'playbook_open',
  'playbook_closing',
  'credit',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Credit items are told apart by their kind of content; the read marker's kind is `credit_<type>`. */
export const CreditItemTypeSchema = z.enum(['bulletin', 'survey', 'playbook']);

export const NotificationSchema = z.object({
  kind: NotificationKindSchema,
  /** The id of the bulletin, to-do item, survey or playbook. */
  source_id: z.number().int(),
  item_type: CreditItemTypeSchema.nullable(),
  coach: z.number().int(),
  coach_label: z.string(),
  title: z.string(),
  /** The sentence shown, e.g. “New bulletin: Exam tips”. */
  text: z.string(),
  /** When it happened or falls due (ISO). */
  at: z.string(),
  /** The page it opens (a path of the web app). */
  link: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Notifications per page when no `page_size` is asked for, and the largest page size accepted. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE_SIZE = 100;

export const NOTIFICATION_ERRORS = {
  page: 'Enter a valid page number.',
  pageSize: `Enter a page size from 1 to ${NOTIFICATION_MAX_PAGE_SIZE}.`,
  token: 'This unsubscribe link is not valid. Nothing was changed.',
} as const;

/** GET notifications: `page` from 1, `page_size` 1–100; anything else (negative, zero, text) is a 400. */
export const NotificationQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, NOTIFICATION_ERRORS.page)
    .pipe(z.coerce.number<string>().int())
    .optional(),
  page_size: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, NOTIFICATION_ERRORS.pageSize)
    .pipe(z.coerce.number<string>().int().max(NOTIFICATION_MAX_PAGE_SIZE, NOTIFICATION_ERRORS.pageSize))
    .optional(),
});

/** One page: `count` all notifications, `unread` the unread ones; a page past the end has no results. */
export const NotificationPageSchema = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(NotificationSchema),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** POST notifications/read: marks one notification read (404 when the caller has no such notification). */
export const MarkReadBodySchema = z.strictObject({
  kind: NotificationKindSchema,
  source_id: z.number().int().min(1).max(2_147_483_647),
  item_type: CreditItemTypeSchema.nullable().optional(),
});
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

export const MarkedSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** The e-mail digest: off (default), daily or weekly (docs/notifications.md "E-mail digest"). */
export const DigestFrequencySchema = z.enum(['off', 'daily', 'weekly']);
export type DigestFrequency = z.infer<typeof DigestFrequencySchema>;

export const NotificationSettingsSchema = z.strictObject({ digest: DigestFrequencySchema });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** POST notifications/unsubscribe: the signed token of the e-mail's link (or `?token=` for RFC 8058). */
export const UnsubscribeBodySchema = z.object({ token: z.string().min(1).max(500) });
/** `unsubscribed`: the digest was turned off now; `already`: it was off already (a reused link). */
export const UnsubscribeResultSchema = z.object({ status: z.enum(['unsubscribed', 'already']) });

/** Texts of the notifications screens and the unsubscribe page. */
export const NOTIFICATION_TEXTS = {
  empty: 'No notifications. You are all caught up.',
  unsubscribed: 'You are unsubscribed from the notification digest. You will get no more digest e-mails.',
  already: 'You are already unsubscribed from the notification digest. Nothing was changed.',
  digestLabel: 'E-mail digest of my notifications',
} as const;

/** Web pages of notifications. */
export const NOTIFICATION_PAGES = {
  list: '/Notifications/',
  unsubscribe: '/Unsubscribe/',
} as const;

const TAGS = ['notifications'];
const ME = access.authenticated();

/**
 * The notification endpoints of the signed-in user (docs/notifications.md; paths ours): each answers
 * about the caller only. The digest's one-click unsubscribe (public, a form post without CSRF, RFC 8058)
 * is not described here: the server registers it by hand (modules/notifications/routes.ts).
 */
export const NOTIFICATION_ENDPOINTS = {
  /** GET notifications?page=&page_size= → one page and the counts (a bad page or size: 400). */
  page: defineEndpoint({
    method: 'GET',
    path: API.notifications,
    access: ME,
    tags: TAGS,
    query: NotificationQuerySchema,
    responses: { 200: NotificationPageSchema },
  }),
  /** GET notifications/unread-count → `{ unread }` (the header's badge). */
  unreadCount: defineEndpoint({
    method: 'GET',
    path: API.notificationsUnreadCount,
    access: ME,
    tags: TAGS,
    responses: { 200: UnreadCountSchema },
  }),
  /** POST notifications/read `{ kind, source_id, item_type? }` → marks one read (404 when not theirs). */
  markRead: defineEndpoint({
    method: 'POST',
    path: API.notificationsRead,
    access: ME,
    tags: TAGS,
    body: MarkReadBodySchema,
    responses: { 200: MarkedSchema },
  }),
  /** POST notifications/read-all → marks every unread one read. */
  markAllRead: defineEndpoint({
    method: 'POST',
    path: API.notificationsReadAll,
    access: ME,
    tags: TAGS,
    responses: { 200: MarkedSchema },
  }),
  /** GET notifications/settings → `{ digest }`. */
  settings: defineEndpoint({
    method: 'GET',
    path: API.notificationSettings,
    access: ME,
    tags: TAGS,
    responses: { 200: NotificationSettingsSchema },
  }),
  /** PUT notifications/settings `{ digest: off|daily|weekly }` → the saved setting. */
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: API.notificationSettings,
    access: ME,
    tags: TAGS,
    body: NotificationSettingsSchema,
    responses: { 200: NotificationSettingsSchema },
  }),
};
