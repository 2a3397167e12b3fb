import { z } from 'zod';
import {
  CharacteristicDefinitionBodySchema,
  CharacteristicDefinitionSchema,
  CharacteristicUseSchema,
} from './characteristic-definitions.ts';
import {
  AssignmentBodySchema,
  AssignmentSchema,
  CharacteristicWiringItemSchema,
  CharacteristicWiringListSchema,
  CourseCharacteristicBodySchema,
  GradebookBodySchema,
  GradebookSchema,
  GradebookWiringListSchema,
  PlaybookWiringListSchema,
} from './characteristics.ts';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema, FieldErrorsSchema } from './error-schemas.ts';
import { API } from './paths.ts';

/*
 * The characteristics endpoints, apart from characteristics.ts and characteristic-definitions.ts (their
 * schemas and texts) so that each file stays under the size limit.
 */

const TAGS = ['characteristics'];
const STAFF = access.coach(...COACH_STAFF);

/**
 * The characteristics overview (spec §2, §7 GET /api/v1/coach/{coachId}/characteristics/{kind}) and the
 * gradebook, assignment and course-characteristic editors behind its Edit links (paths ours). Staff of
 * the coach only (spec §6: "evidently for staff or administrators").
 */
export const CHARACTERISTIC_ENDPOINTS = {
  /** GET characteristics/bulletins → the bulletins with their wiring. */
  overviewBulletins: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'bulletins'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringListSchema },
  }),
  /** GET characteristics/emails → the e-mails with their wiring. */
  overviewEmails: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'emails'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringListSchema },
  }),
  /** GET characteristics/surveys → the surveys with their wiring. */
  overviewSurveys: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'surveys'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringListSchema },
  }),
  /** GET characteristics/todolists → the to-do lists with their wiring. */
  overviewTodolists: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'todolists'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringListSchema },
  }),
  /** GET characteristics/course → the course characteristics with their wiring. */
  overviewCourse: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'course'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringListSchema },
  }),
  /** GET characteristics/playbooks → planning (general, emotions) and reflection wiring per playbook. */
  overviewPlaybooks: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'playbooks'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: PlaybookWiringListSchema },
  }),
  /** GET characteristics/gradebooks → each gradebook's wiring and its assignments' wiring. */
  overviewGradebooks: defineEndpoint({
    method: 'GET',
    path: API.characteristics(':coachId', 'gradebooks'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: GradebookWiringListSchema },
  }),
  /** GET gradebooks/{id} → the gradebook's title, wiring and assignments. */
  gradebook: defineEndpoint({
    method: 'GET',
    path: API.gradebook(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: GradebookSchema },
  }),
  /** PUT gradebooks/{id} → saves title and wiring together (400 with field errors, nothing written). */
  updateGradebook: defineEndpoint({
    method: 'PUT',
    path: API.gradebook(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: GradebookBodySchema,
    responses: { 200: GradebookSchema },
  }),
  /** GET gradebooks/{gradebookId}/assignments/{id} → the assignment with its wiring. */
  assignment: defineEndpoint({
    method: 'GET',
    path: API.assignment(':coachId', ':gradebookId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: AssignmentSchema },
  }),
  /** PUT gradebooks/{gradebookId}/assignments/{id} → saves title and wiring together. */
  updateAssignment: defineEndpoint({
    method: 'PUT',
    path: API.assignment(':coachId', ':gradebookId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: AssignmentBodySchema,
    responses: { 200: AssignmentSchema },
  }),
  /** POST course-characteristics → 201 with a new course characteristic and its wiring. */
  createCourseCharacteristic: defineEndpoint({
    method: 'POST',
    path: API.courseCharacteristics(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: CourseCharacteristicBodySchema,
    responses: { 201: CharacteristicWiringItemSchema },
  }),
  /** GET course-characteristics/{id} → one with its wiring. */
  courseCharacteristic: defineEndpoint({
    method: 'GET',
    path: API.courseCharacteristic(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CharacteristicWiringItemSchema },
  }),
  /** PUT course-characteristics/{id} → replaces it and its wiring in one transaction. */
  updateCourseCharacteristic: defineEndpoint({
    method: 'PUT',
    path: API.courseCharacteristic(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: CourseCharacteristicBodySchema,
    responses: { 200: CharacteristicWiringItemSchema },
  }),
  /** DELETE course-characteristics/{id} → 204, its wiring with it. */
  removeCourseCharacteristic: defineEndpoint({
    method: 'DELETE',
    path: API.courseCharacteristic(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
};

const DEFINITION_TAGS = ['characteristic definitions'];
const INSTITUTION_STAFF = access.institution('staff', 'admin');
/**
 * The definitions' error answers: the spec's four (400 field errors, 401/403/404 `{ detail }`) and the
 * 409 `{ detail, uses }` of a definition in use (DESIGN.md "Characteristic definitions").
 */
const IN_USE = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: z.object({ detail: z.string(), uses: z.array(CharacteristicUseSchema) }),
};

/** DELETE characteristic-definitions/{id} query: `force=true` retires a definition still in use. */
export const RetireDefinitionQuerySchema = z.strictObject({ force: z.enum(['true', 'false']).optional() });

/**
 * Characteristic definitions (DESIGN.md "Characteristic definitions"; paths ours). Staff and admins of
 * the institution only: instructors and students get 403, other tenants 404 (the guard). Every route
 * documents the 409 `{ detail, uses }` of a definition in use, as before.
 */
export const CHARACTERISTIC_DEFINITION_ENDPOINTS = {
  /** GET characteristic-definitions → every characteristic (retired last) with its uses. */
  list: defineEndpoint({
    method: 'GET',
    path: API.characteristicDefinitions(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: DEFINITION_TAGS,
    responses: { 200: z.array(CharacteristicDefinitionSchema) },
    errors: IN_USE,
  }),
  /** POST characteristic-definitions → 201 with the new definition; 400 with field errors. */
  create: defineEndpoint({
    method: 'POST',
    path: API.characteristicDefinitions(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: DEFINITION_TAGS,
    body: CharacteristicDefinitionBodySchema,
    responses: { 201: CharacteristicDefinitionSchema },
    errors: IN_USE,
  }),
  /** GET characteristic-definitions/{id} → one definition; 404 when not the institution's. */
  get: defineEndpoint({
    method: 'GET',
    path: API.characteristicDefinition(':institutionId', ':id'),
    access: INSTITUTION_STAFF,
    tags: DEFINITION_TAGS,
    responses: { 200: CharacteristicDefinitionSchema },
    errors: IN_USE,
  }),
  /** PUT characteristic-definitions/{id} → the edited definition (its Insight Groups re-synced). */
  update: defineEndpoint({
    method: 'PUT',
    path: API.characteristicDefinition(':institutionId', ':id'),
    access: INSTITUTION_STAFF,
    tags: DEFINITION_TAGS,
    body: CharacteristicDefinitionBodySchema,
    responses: { 200: CharacteristicDefinitionSchema },
    errors: IN_USE,
  }),
  /** DELETE characteristic-definitions/{id}[?force=true] → 204, retired; 409 when in use and not forced. */
  retire: defineEndpoint({
    method: 'DELETE',
    path: API.characteristicDefinition(':institutionId', ':id'),
    access: INSTITUTION_STAFF,
    tags: DEFINITION_TAGS,
    query: RetireDefinitionQuerySchema,
    responses: { 204: z.null() },
    errors: IN_USE,
  }),
};
