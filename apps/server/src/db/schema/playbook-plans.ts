import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { playbooks } from './content.ts';
import { institutions, users } from './institutions.ts';
import { characteristics } from './tailoring.ts';

/**
 * A student's answers in a playbook (docs/playbooks.md): one row per chosen value of a question (the
 * characteristic the playbook's wiring names), by phase. The same answer is also the student's
 * characteristic value from the source `playbook` (enrolment-scoped characteristics: of the enrolment),
 * written in the same transaction; these rows keep which playbook it was given in, for progress and the
 * staff aggregates.
 */
export const playbookAnswers = pgTable(
  'playbook_answers',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    playbook_id: integer('playbook_id')
      .notNull()
      .references(() => playbooks.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['planning', 'reflection'] }).notNull(),
    characteristic_id: integer('characteristic_id')
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playbook_id, t.user_id, t.phase, t.characteristic_id, t.value] }),
    index('playbook_answers_user_idx').on(t.user_id),
    check('playbook_answers_phase', sql`${t.phase} in ('planning', 'reflection')`),
  ],
);

/**
 * Playbook reminder e-mails sent (docs/playbooks.md "Reminders"): the primary key makes a second
 * reminder of a kind to a student impossible. A row is claimed before the message is handed to SMTP
 * and deleted when the server refuses it (so a later run retries).
 */
export const playbookReminders = pgTable(
  'playbook_reminders',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    playbook_id: integer('playbook_id')
      .notNull()
      .references(() => playbooks.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['planning_open', 'planning_closing'] }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playbook_id, t.user_id, t.kind] }),
    check('playbook_reminders_kind', sql`${t.kind} in ('planning_open', 'planning_closing')`),
  ],
);
