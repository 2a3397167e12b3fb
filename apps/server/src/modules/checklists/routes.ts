import {
  API,
  ChecklistCompletionBodySchema,
  ChecklistItemBodySchema,
  ChecklistItemSchema,
  ChecklistSchema,
  FaqOrderBodySchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { CoachParams, errorResponses as errors, pathId } from '../../http/route-common.ts';
import {
  createChecklistItem,
  deleteChecklistItem,
  getChecklist,
  reorderChecklist,
  setChecklistCompletion,
  updateChecklistItem,
} from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const tags = ['checklists'];
const staff = { access: access.coach(...COACH_STAFF) };

/**
 * Checklist routes (docs/faq-checklists.md; paths ours): members read the coach's checklist with their
 * own ticks; staff (instructors, institution staff and admins) create, edit, reorder and delete items;
 * students tick items off. An item of another coach answers 404 with a sentence.
 */
export const checklistRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET checklist → { items (with the caller's ticks), completed_count, total_count }. */
  app.get(
    API.checklist(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: CoachParams, response: { 200: ChecklistSchema, ...errors } },
    },
    async (request) => getChecklist(database, coachRequestContext(request)),
  );

  /** POST checklist { title, description? } → the new item (staff). */
  app.post(
    API.checklist(':coachId'),
    {
      config: staff,
      schema: {
        tags,
        params: CoachParams,
        body: ChecklistItemBodySchema,
        response: { 201: ChecklistItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createChecklistItem(database, coachRequestContext(request), request.body)),
  );

  /** POST checklist/order { ids } → the checklist in the new order (staff). */
  app.post(
    API.checklistOrder(':coachId'),
    {
      config: staff,
      schema: {
        tags,
        params: CoachParams,
        body: FaqOrderBodySchema,
        response: { 200: ChecklistSchema, ...errors },
      },
    },
    async (request) => reorderChecklist(database, coachRequestContext(request), request.body.ids),
  );

  /** PUT checklist/{id} { title, description? } → the updated item (staff). */
  app.put(
    API.checklistItem(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags,
        params: IdParams,
        body: ChecklistItemBodySchema,
        response: { 200: ChecklistItemSchema, ...errors },
      },
    },
    async (request) =>
      updateChecklistItem(database, coachRequestContext(request), pathId(request.params.id), request.body),
  );

  /** DELETE checklist/{id} → 204 (staff). */
  app.delete(
    API.checklistItem(':coachId', ':id'),
    { config: staff, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteChecklistItem(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  /** PUT checklist/{id}/completion { completed } → the item with the student's tick (students). */
  app.put(
    API.checklistCompletion(':coachId', ':id'),
    {
      config: { access: access.coach('student') },
      schema: {
        tags,
        params: IdParams,
        body: ChecklistCompletionBodySchema,
        response: { 200: ChecklistItemSchema, ...errors },
      },
    },
    async (request) =>
      setChecklistCompletion(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body.completed,
      ),
  );
};
