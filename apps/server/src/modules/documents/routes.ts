import {
  API,
  ContentDocumentSchema,
  DOCUMENT_ENDPOINTS,
  DOCUMENT_ERRORS,
  DOCUMENT_KINDS,
  DOCUMENT_NAME_MAXLENGTH,
  type DocumentKind,
  DocumentLinkBodySchema,
  type FieldErrors,
  MAX_DOCUMENT_BYTES,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { cleanFileName } from '../images/index.ts';
import {
  assertCanSee,
  attachFile,
  attachLink,
  getDocument,
  readDocumentFile,
  removeDocument,
} from './service.ts';

const Params = z.object({ coachId: z.string(), kind: z.string(), itemId: z.string() });
const UploadQuery = z.strictObject({
  file_name: z.string().max(DOCUMENT_NAME_MAXLENGTH, DOCUMENT_ERRORS.fileName).optional(),
});
const errors = errorResponses;
const tags = ['documents'];

/** The path's kind and item id; 404 for a kind that takes no document or a malformed id. */
function target(params: { kind: string; itemId: string }): { kind: DocumentKind; itemId: number } {
  if (!(DOCUMENT_KINDS as readonly string[]).includes(params.kind)) throw notFound();
  return { kind: params.kind as DocumentKind, itemId: pathId(params.itemId) };
}

/** An RFC 6266 Content-Disposition for a download: an ASCII fallback plus the UTF-8 name. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Documents of content items (packages/contracts/src/documents.ts; spec §2 Characteristics overview
 * "Document"). Staff attach (PUT: the raw file as `application/octet-stream` with `?file_name=`, or JSON
 * `{url, document_name?}` for a link) and remove (DELETE); whoever may see the item reads its document
 * (GET) and downloads the file (GET …/file, always an attachment with `nosniff`). The GET and the DELETE
 * are registered from their descriptions in the contracts (`DOCUMENT_ENDPOINTS`); the upload and the
 * download, which take and answer files, by hand.
 */
export const documentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  // Raw file bodies, only in this plugin's scope; twice the limit is read so that a file just over it
  // gets the field error rather than the generic "request too large".
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_DOCUMENT_BYTES * 2 },
    (_request: unknown, body: string | Buffer, done: (err: null, body: Buffer | string) => void) =>
      done(null, body),
  );

  /** GET documents/{kind}/{itemId} → the item's document (name, file or link, url); 404 when none. */
  app.route({
    ...endpointRoute(DOCUMENT_ENDPOINTS.get),
    handler: async (request) => {
      const { kind, itemId } = target(request.params);
      const coach = coachRequestContext(request);
      await assertCanSee(database, coach, kind, itemId);
      return getDocument(database.query, coach.coachId, kind, itemId);
    },
  });

  /**
   * GET documents/{kind}/{itemId}/file → the uploaded file, as an attachment, never sniffed. Registered by
   * hand (not described in the contracts): it answers a file, not JSON.
   */
  app.get(
    API.contentDocumentFile(':coachId', ':kind', ':itemId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: Params },
    },
    async (request, reply) => {
      const { kind, itemId } = target(request.params);
      const coach = coachRequestContext(request);
      await assertCanSee(database, coach, kind, itemId);
      const file = await readDocumentFile(database.query, coach.coachId, kind, itemId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  /**
   * PUT documents/{kind}/{itemId} → 200 the attached document; 400 `file`/`url` errors, nothing written.
   * Registered by hand (not described in the contracts): its body is a raw file or a JSON link.
   */
  app.put(
    API.contentDocument(':coachId', ':kind', ':itemId'),
    {
      // Over twice the limit the body is not read at all: the same field error as just over it.
      config: { access: access.coach(...COACH_STAFF), bodyTooLarge: { file: [DOCUMENT_ERRORS.tooLarge] } },
      bodyLimit: MAX_DOCUMENT_BYTES * 2,
      schema: {
        tags,
        params: Params,
        querystring: UploadQuery,
        body: z.unknown().describe('The file’s bytes, or a JSON link `{ url, document_name? }`.'),
        response: { 200: ContentDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, itemId } = target(request.params);
      const coach = coachRequestContext(request);
      const body = request.body;
      if (Buffer.isBuffer(body)) {
        return attachFile(database, coach, kind, itemId, cleanFileName(request.query.file_name), body);
      }
      const parsed = DocumentLinkBodySchema.safeParse(body ?? {});
      if (!parsed.success) {
        const out: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.length ? String(issue.path[0]) : 'url';
          const message = issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message;
          if (issue.code === 'unrecognized_keys') for (const k of issue.keys) out[k] = [message];
          else out[field] = [...(out[field] ?? []), message];
        }
        if (typeof body !== 'object' || body === null) out.url = [DOCUMENT_ERRORS.required];
        throw badRequest(out);
      }
      return attachLink(database, coach, kind, itemId, parsed.data.url, parsed.data.document_name);
    },
  );

  /** DELETE documents/{kind}/{itemId} → 204; 404 when the item has no document. */
  app.route({
    ...endpointRoute(DOCUMENT_ENDPOINTS.remove),
    handler: async (request, reply) => {
      const { kind, itemId } = target(request.params);
      await removeDocument(database, coachRequestContext(request), kind, itemId);
      return reply.code(204).send(null);
    },
  });
};
