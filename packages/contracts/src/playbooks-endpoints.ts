import { z } from 'zod';
import { PlaybookBodySchema, PlaybookListSchema, PlaybookSchema } from './characteristics.ts';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';
import {
  MyPlaybookDetailSchema,
  MyPlaybookSchema,
  PlaybookPhaseBodySchema,
  PlaybookPhaseNameSchema,
  PlaybookSummarySchema,
} from './playbook-plan.ts';
import { PLAYBOOK_PLAN_API } from './playbook-plan-texts.ts';

/*
 * The playbook endpoints, apart from the schemas (characteristics.ts for the staff editor,
 * playbook-plan.ts for the student's playbook), which the web's first load keeps apart too. The paths
 * are ours (docs/playbooks.md).
 */

const TAGS = ['playbooks'];
/** Staff of the coach (spec §6: "evidently for staff or administrators"). */
const STAFF = access.coach(...COACH_STAFF);
/** The student's playbook: students of the coach only (staff and instructors answer 403). */
const STUDENT = access.coach('student');

/**
 * The playbook endpoints (docs/playbooks.md): staff list, create, read, replace (with the three wirings)
 * and delete playbooks and read the answers' aggregates; students read their released playbooks and save
 * planning or reflection answers.
 */
export const PLAYBOOK_ENDPOINTS = {
  /** GET playbooks → the coach's playbooks with their wirings (staff). */
  list: defineEndpoint({
    method: 'GET',
    path: API.playbooks(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: PlaybookListSchema },
  }),
  /** POST playbooks → a new playbook with its wirings (staff). */
  create: defineEndpoint({
    method: 'POST',
    path: API.playbooks(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: PlaybookBodySchema,
    responses: { 201: PlaybookSchema },
  }),
  /** GET playbooks/{id} → one playbook with its wirings (staff). */
  get: defineEndpoint({
    method: 'GET',
    path: API.playbook(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: PlaybookSchema },
  }),
  /** PUT playbooks/{id} → the playbook and its wirings replaced in one transaction (staff). */
  update: defineEndpoint({
    method: 'PUT',
    path: API.playbook(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: PlaybookBodySchema,
    responses: { 200: PlaybookSchema },
  }),
  /** DELETE playbooks/{id} → 204; its wirings go with it (staff). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.playbook(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** GET my-playbooks → the released playbooks of the coach with the student's stage and completions. */
  mine: defineEndpoint({
    method: 'GET',
    path: PLAYBOOK_PLAN_API.mine(':coachId'),
    access: STUDENT,
    tags: TAGS,
    responses: { 200: z.array(MyPlaybookSchema) },
  }),
  /** GET my-playbooks/{id} → one released playbook with its questions and the student's answers. */
  myOne: defineEndpoint({
    method: 'GET',
    path: PLAYBOOK_PLAN_API.one(':coachId', ':id'),
    access: STUDENT,
    tags: TAGS,
    responses: { 200: MyPlaybookDetailSchema },
  }),
  /**
   * PUT my-playbooks/{id}/{planning|reflection} → saves answers (submit: completes the phase); 403 when
   * the phase is not open today, 404 when the playbook is not released in this coach.
   */
  savePhase: defineEndpoint({
    method: 'PUT',
    path: PLAYBOOK_PLAN_API.phase(':coachId', ':id', ':phase'),
    access: STUDENT,
    tags: TAGS,
    params: { phase: PlaybookPhaseNameSchema },
    body: PlaybookPhaseBodySchema,
    responses: { 200: MyPlaybookDetailSchema },
  }),
  /** GET playbooks/{id}/answers-summary → per-question aggregates of the students' answers (staff). */
  summary: defineEndpoint({
    method: 'GET',
    path: PLAYBOOK_PLAN_API.summary(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: PlaybookSummarySchema },
  }),
};
