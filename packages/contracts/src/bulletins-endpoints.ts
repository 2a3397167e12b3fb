import { z } from 'zod';
import {
  BulletinAdminListSchema,
  BulletinAdminSchema,
  BulletinBodySchema,
  BulletinFiltersSchema,
  BulletinListQuerySchema,
  BulletinListSchema,
  BulletinMessageSchema,
  BulletinSearchPageSchema,
  StarBodySchema,
  StarResultSchema,
} from './bulletins.ts';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/*
 * The bulletin endpoints, apart from bulletins.ts (its schemas and texts) so that each file stays under
 * the size limit. The list and star paths are the spec's (§7 bulletin-list, star-message); the message,
 * filter and authoring paths are ours.
 */

const TAGS = ['bulletins'];
/** The coach side: anyone in the coach (spec §7). */
const COACH = access.coach(...COACH_ANY);
/**
 * The institution side: any signed-in user; the server lets in members of the institution only (404
 * otherwise, modules/bulletins/routes.ts).
 */
const INSTITUTION = access.authenticated();
const STAFF = access.coach(...COACH_STAFF);

/**
 * The bulletin endpoints (spec §2 Bulletin list and message routes, §4 Star toggle, §7): the reader's
 * list, star, message and message view, once in a coach and once over an institution's coaches; the
 * institution list's filter choices; and the staff manager's list, create, read, replace and delete.
 * Who sees which bulletin: apps/server/src/modules/bulletins/audience.ts.
 */
export const BULLETIN_ENDPOINTS = {
  /** GET coach bulletin-list → the bulletins the caller sees in the coach (spec §7). */
  list: defineEndpoint({
    method: 'GET',
    path: API.bulletinList(':coachId'),
    access: COACH,
    tags: TAGS,
    responses: { 200: BulletinListSchema },
  }),
  /**
   * GET institution bulletin-list → the bulletins the caller sees in the institution (spec §7); with
   * `page` or `page_size`, one page of them (ours), filtered and searched by BulletinListQuerySchema.
   */
  institutionList: defineEndpoint({
    method: 'GET',
    path: API.institutionBulletinList(':institutionId'),
    access: INSTITUTION,
    tags: TAGS,
    query: BulletinListQuerySchema,
    responses: { 200: z.union([BulletinListSchema, BulletinSearchPageSchema]) },
  }),
  /** POST coach star-message `{ starred }` → the wanted star state (spec §4 Star toggle, §7). */
  star: defineEndpoint({
    method: 'POST',
    path: API.starMessage(':coachId', ':bulletinId'),
    access: COACH,
    tags: TAGS,
    body: StarBodySchema,
    responses: { 200: StarResultSchema },
  }),
  /** POST institution star-message `{ starred }` → the wanted star state. */
  institutionStar: defineEndpoint({
    method: 'POST',
    path: API.institutionStarMessage(':institutionId', ':bulletinId'),
    access: INSTITUTION,
    tags: TAGS,
    body: StarBodySchema,
    responses: { 200: StarResultSchema },
  }),
  /** GET coach message → one bulletin the caller sees, with its pages. */
  message: defineEndpoint({
    method: 'GET',
    path: API.message(':coachId', ':bulletinId'),
    access: COACH,
    tags: TAGS,
    responses: { 200: BulletinMessageSchema },
  }),
  /** POST coach message view → marks it viewed by the caller (opening a message page) and returns it. */
  view: defineEndpoint({
    method: 'POST',
    path: API.messageView(':coachId', ':bulletinId'),
    access: COACH,
    tags: TAGS,
    responses: { 200: BulletinMessageSchema },
  }),
  /** GET institution message → one bulletin the caller sees, with its pages. */
  institutionMessage: defineEndpoint({
    method: 'GET',
    path: API.institutionMessage(':institutionId', ':bulletinId'),
    access: INSTITUTION,
    tags: TAGS,
    responses: { 200: BulletinMessageSchema },
  }),
  /** POST institution message view → marks it viewed by the caller and returns it. */
  institutionView: defineEndpoint({
    method: 'POST',
    path: API.institutionMessageView(':institutionId', ':bulletinId'),
    access: INSTITUTION,
    tags: TAGS,
    responses: { 200: BulletinMessageSchema },
  }),
  /** GET institution bulletin-filters (ours) → the choices of the institution list's filters. */
  institutionFilters: defineEndpoint({
    method: 'GET',
    path: API.institutionBulletinFilters(':institutionId'),
    access: INSTITUTION,
    tags: TAGS,
    responses: { 200: BulletinFiltersSchema },
  }),
  /** GET bulletins → every bulletin of the coach as staff edit it (the bulletin manager). */
  staffList: defineEndpoint({
    method: 'GET',
    path: API.bulletins(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: BulletinAdminListSchema },
  }),
  /** POST bulletins → a new bulletin with pages and wiring (staff). */
  create: defineEndpoint({
    method: 'POST',
    path: API.bulletins(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: BulletinBodySchema,
    responses: { 201: BulletinAdminSchema },
  }),
  /** GET bulletins/{id} → one bulletin as staff edit it. */
  get: defineEndpoint({
    method: 'GET',
    path: API.bulletin(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: BulletinAdminSchema },
  }),
  /** PUT bulletins/{id} → the bulletin with new fields, pages and wiring (staff). */
  update: defineEndpoint({
    method: 'PUT',
    path: API.bulletin(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: BulletinBodySchema,
    responses: { 200: BulletinAdminSchema },
  }),
  /** DELETE bulletins/{id} → 204; its pages, views, stars and wiring go with it (staff). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.bulletin(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
};
