import {
  API,
  IMAGE_ENDPOINTS,
  IMAGE_ERRORS,
  IMAGE_FIELD_MAXLENGTH,
  ImageOptionSchema,
  MAX_IMAGE_BYTES,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import {
  cleanFileName,
  deleteImage,
  getImageField,
  listImages,
  readImage,
  setImageField,
  storeUpload,
} from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const UploadQuery = z.strictObject({
  file_name: z.string().max(IMAGE_FIELD_MAXLENGTH, IMAGE_ERRORS.fileName).optional(),
});
const errors = errorResponses;

/**
 * Images (spec §2 Image select modal, §3 Image option / Image field, §4 Image selection, §7 "Image list",
 * "Image field data"; the paths are ours). Uploads are sent as the raw file body
 * (`application/octet-stream` or `image/*`) with `?file_name=`, checked by content, size-limited and
 * stored in PostgreSQL. The JSON routes are registered from their descriptions in the contracts
 * (`IMAGE_ENDPOINTS`); the upload and the picture's bytes, which send and answer files, by hand.
 */
export const imageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  // Raw file bodies, only in this plugin's scope. Twice the limit is read so that a file just over it gets
  // the field error below rather than the generic "request too large".
  const rawBody = (
    _request: unknown,
    body: string | Buffer,
    done: (err: null, body: Buffer | string) => void,
  ) => done(null, body);
  for (const type of ['application/octet-stream', /^image\/[a-z0-9.+-]+$/]) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES * 2 }, rawBody);
  }

  app.route({
    ...endpointRoute(IMAGE_ENDPOINTS.list),
    handler: async (request) => listImages(database, coachRequestContext(request)),
  });

  /** POST images?file_name= (raw body) → 201 the stored image; 400 `file` errors for non-images and oversize files. */
  app.post(
    API.images(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      bodyLimit: MAX_IMAGE_BYTES * 2,
      schema: {
        tags: ['images'],
        params: CoachParams,
        querystring: UploadQuery,
        // The raw file (checked by content in the handler); declared so that the route takes a body.
        body: z.unknown().describe('The picture’s bytes (application/octet-stream or image/*).'),
        response: { 201: ImageOptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw badRequest({ file: ['Send the picture as the request body (application/octet-stream).'] });
      }
      const stored = await storeUpload(
        database,
        coachRequestContext(request),
        cleanFileName(request.query.file_name),
        body,
      );
      return reply.code(201).send(stored);
    },
  );

  /** GET images/{id}/file → the picture's bytes with its detected type. */
  app.get(
    API.imageFile(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['images'], params: IdParams },
    },
    async (request, reply) => {
      const image = await readImage(database, coachRequestContext(request), pathId(request.params.id));
      if (!image) throw notFound();
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(image.data);
    },
  );

  app.route({
    ...endpointRoute(IMAGE_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deleteImage(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(IMAGE_ENDPOINTS.field),
    handler: async (request) => [
      await getImageField(database, coachRequestContext(request), request.params.name),
    ],
  });

  app.route({
    ...endpointRoute(IMAGE_ENDPOINTS.setField),
    handler: async (request) =>
      setImageField(database, coachRequestContext(request), request.params.name, request.body.image_id),
  });
};
