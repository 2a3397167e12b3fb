import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/*
 * Documents of content items (spec §2 Characteristics overview: the Document column and 'No document';
 * §3 "Characteristic wiring item": document_name). Staff attach one document per item: an uploaded file
 * (PDF, DOCX, PPTX, XLSX, plain text or an image, checked by its content, at most 10 MB) or a link
 * (an http or https URL). Paths, kinds and limits are ours (the spec shows none).
 */

/** The content kinds that take a document, as they appear in paths (plural, like the overview's). */
export const DOCUMENT_KINDS = [
  'bulletins',
  'emails',
  'surveys',
  'playbooks',
  'gradebooks',
  'assignments',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Largest uploaded document (10 MB). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Longest document name and link. */
export const DOCUMENT_NAME_MAXLENGTH = 200;
export const DOCUMENT_URL_MAXLENGTH = 2000;

/** The file types accepted, as detected from the content (magic bytes; text by being clean UTF-8). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

/** Field errors of a document upload or link. */
export const DOCUMENT_ERRORS = {
  badType:
    'Upload a PDF, Word (DOCX), PowerPoint (PPTX), Excel (XLSX), plain-text or image (PNG, JPEG, GIF, WebP) file.',
  tooLarge: 'The file is too large: upload one of at most 10 MB.',
  empty: 'The file is empty.',
  fileName: `Ensure the file name has no more than ${DOCUMENT_NAME_MAXLENGTH} characters.`,
  url: 'Enter a valid URL starting with http:// or https://.',
  required: 'This field is required.',
} as const;

/**
 * A content item's document: its name, `kind` (file or link), and `url`: for a file the download path
 * (served as an attachment), for a link the link itself.
 */
export const ContentDocumentSchema = z.object({
  document_name: z.string(),
  kind: z.enum(['file', 'link']),
  url: z.string(),
  content_type: z.string().nullable(),
  byte_size: z.number().int().nullable(),
});
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;

/** PUT .../documents/{kind}/{itemId} as JSON: attach a link (name optional: the URL's host is used). */
export const DocumentLinkBodySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, DOCUMENT_ERRORS.required)
    .max(DOCUMENT_URL_MAXLENGTH, DOCUMENT_ERRORS.url)
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][^\s]*)?$/i, DOCUMENT_ERRORS.url),
  document_name: z
    .string()
    .trim()
    .max(DOCUMENT_NAME_MAXLENGTH, `Ensure this field has no more than ${DOCUMENT_NAME_MAXLENGTH} characters.`)
    .optional(),
});
export type DocumentLinkBody = z.input<typeof DocumentLinkBodySchema>;

/**
 * The documents' described endpoints (server: modules/documents/routes.ts). The attach (PUT: a raw file
 * body or a JSON link) and the file's download (GET …/file) send and answer files, not only JSON: they
 * are registered by hand.
 */
export const DOCUMENT_ENDPOINTS = {
  /** GET documents/{kind}/{itemId} → the item's document (name, file or link, url); 404 when none. */
  get: defineEndpoint({
    method: 'GET',
    path: API.contentDocument(':coachId', ':kind', ':itemId'),
    access: access.coach(...COACH_ANY),
    tags: ['documents'],
    responses: { 200: ContentDocumentSchema },
  }),
  /** DELETE documents/{kind}/{itemId} → 204; 404 when the item has no document (staff). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.contentDocument(':coachId', ':kind', ':itemId'),
    access: access.coach(...COACH_STAFF),
    tags: ['documents'],
    responses: { 204: z.null() },
  }),
};
