import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { surveys } from './content.ts';
import { institutions } from './institutions.ts';
import { characteristics } from './tailoring.ts';

/**
 * Survey questions. Each question asks for one characteristic of the tailoring
 * dictionary; its options are the characteristic's restriction set (values, or a number within its
 * ranges). A student's answer becomes their value of that characteristic from the source `survey`.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The question shown; empty: the characteristic's own question. */
    prompt: text('prompt').notNull().default(''),
    characteristic_id: integer('characteristic_id')
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
  },
  (t) => [index('survey_questions_survey_idx').on(t.survey_id, t.position)],
);

/** A student's answer to a question: one row per chosen value (several for a multivalued one). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    value: text('value').notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.question_id, t.user_id, t.value] }),
    index('survey_answers_user_idx').on(t.user_id),
  ],
);
