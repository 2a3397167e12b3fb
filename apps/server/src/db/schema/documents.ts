import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions } from './institutions.ts';

/** PostgreSQL `bytea` as a Node Buffer (pg returns Buffer, PGlite Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/**
 * The document of a content item (spec §2 Characteristics overview "Document" column, §3
 * "Characteristic wiring item": document_name): at most one per item, either an uploaded file (bytes in
 * PostgreSQL like images, `content_type` from the magic bytes) or a link (`url`, http or https).
 * `content_kind` names the item's table (bulletin, email, survey, playbook, gradebook, assignment), as
 * `content_characteristics` does for wiring. Every read joins the item, so a deleted item's document is never served.
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    content_kind: text('content_kind').notNull(),
    content_id: integer('content_id').notNull(),
    document_name: text('document_name').notNull(),
    content_type: text('content_type'),
    byte_size: integer('byte_size'),
    data: bytea('data'),
    url: text('url'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_documents_item_key').on(t.content_kind, t.content_id),
    check(
      'content_documents_kind',
      sql`${t.content_kind} in ('bulletin', 'email', 'survey', 'playbook', 'gradebook', 'assignment')`,
    ),
    check('content_documents_file_or_link', sql`(${t.data} is null) <> (${t.url} is null)`),
  ],
);
