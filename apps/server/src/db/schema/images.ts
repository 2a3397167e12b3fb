import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

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
 * An image (spec §3 "Image option": file_name, file, file_path). Library images (`owner_user_id`
 * null) are offered to everyone of the coach; uploads belong to their uploader. The bytes live in
 * PostgreSQL so every server instance can serve them; `content_type` comes from the magic bytes.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    byte_size: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_coach_idx').on(t.coach_id),
    check('images_content_type', sql`${t.content_type} like 'image/%'`),
  ],
);

/**
 * An image field (spec §3 "Image field": name, id, default_image, default_image_path): a named picture
 * slot of a coach, e.g. a testimonial's icon, for one user. `image_id` null means the default image.
 */
export const imageFields = pgTable(
  'image_fields',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('image_fields_coach_user_name_key').on(t.coach_id, t.user_id, t.name)],
);
