import { z } from 'zod';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import {
  BomSchema,
  CommitBodySchema,
  DelimiterSchema,
  DryRunSchema,
  EngagementSchema,
  IMPORT_API,
  ImportMappingSchema,
  LineEndingSchema,
  QuoteSchema,
  SavedMappingBodySchema,
  SavedMappingSchema,
  UploadSchema,
} from './imports.ts';

/** The guided import's endpoints, described once (docs/architecture.md "An endpoint, described once"). */

const IMPORT_TAGS = ['imports'];
/** The coach's staff side: its instructors, the institution's staff and admins (docs/design.md Roles). */
const IMPORT_STAFF = access.coach(...COACH_STAFF);

/**
 * GET imports/uploads/{id}'s query: how to read the file again (each optional; a value outside its list
 * answers 400 with a field error, and so does an unknown parameter).
 */
export const UploadRereadQuerySchema = z.strictObject({
  delimiter: DelimiterSchema.optional(),
  quote: QuoteSchema.optional(),
  bom: BomSchema.optional(),
  line_ending: LineEndingSchema.optional(),
});

/** POST imports/uploads/{id}/dry-run's body: the mapping to check. */
export const DryRunBodySchema = z.object({ mapping: ImportMappingSchema });

/** POST imports/uploads/{id}/commit's answer (202): the import's id (its progress at GET mts-import/{id}). */
export const CommitAnswerSchema = z.object({ id: z.number().int(), rows_total: z.number().int() });

/** POST imports/mappings's answer (201): the saved mapping's id. */
export const SavedMappingIdSchema = z.object({ id: z.number().int() });

/**
 * The guided import's JSON endpoints (README "Importing a registrar's file"; docs/engagement.md; paths
 * ours). All are for the coach's staff side: students 403, other institutions 404 (the guard); uploads and
 * mappings of another coach answer 404. The two routes that take a file as text (POST imports/uploads
 * and POST engagement/activity) are not described here: the server registers them by hand.
 */
export const IMPORT_ENDPOINTS = {
  /**
   * GET imports/uploads/{id}[?delimiter=…&quote=…&bom=present|absent&line_ending=LF|CRLF|CR] → the file
   * described again, read another way.
   */
  upload: defineEndpoint({
    method: 'GET',
    path: IMPORT_API.upload(':coachId', ':uploadId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    query: UploadRereadQuerySchema,
    responses: { 200: UploadSchema },
  }),
  /** POST imports/uploads/{id}/dry-run `{mapping}` → the mapping checked against the file; writes nothing. */
  dryRun: defineEndpoint({
    method: 'POST',
    path: IMPORT_API.dryRun(':coachId', ':uploadId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    body: DryRunBodySchema,
    responses: { 200: DryRunSchema },
  }),
  /** POST imports/uploads/{id}/commit `{mapping, save_as?}` → 202; all or nothing, as a job. */
  commit: defineEndpoint({
    method: 'POST',
    path: IMPORT_API.commit(':coachId', ':uploadId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    body: CommitBodySchema,
    responses: { 202: CommitAnswerSchema },
  }),
  /** GET imports/mappings → the coach's saved mappings, newest first. */
  mappings: defineEndpoint({
    method: 'GET',
    path: IMPORT_API.mappings(':coachId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    responses: { 200: z.array(SavedMappingSchema) },
  }),
  /** POST imports/mappings `{name, mapping}` → 201 `{id}`; saves (or replaces by name) a mapping. */
  saveMapping: defineEndpoint({
    method: 'POST',
    path: IMPORT_API.mappings(':coachId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    body: SavedMappingBodySchema,
    responses: { 201: SavedMappingIdSchema },
  }),
  /** DELETE imports/mappings/{id} → 204; removes a saved mapping (404 when not the coach's). */
  deleteMapping: defineEndpoint({
    method: 'DELETE',
    path: IMPORT_API.mapping(':coachId', ':mappingId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    responses: { 204: z.null() },
  }),
  /** GET engagement → every enrolled student's engagement figures as of the coach's current day. */
  engagement: defineEndpoint({
    method: 'GET',
    path: IMPORT_API.engagement(':coachId'),
    access: IMPORT_STAFF,
    tags: IMPORT_TAGS,
    responses: { 200: EngagementSchema },
  }),
};
