import { describe, expect, it } from 'vitest';
import { ACTIVITY_TRIGGERS_SQL } from '../src/db/activity-triggers.ts';
import { GRADE_TRIGGERS_SQL } from '../src/db/grade-triggers.ts';
import { transitionTriggers } from '../src/db/transition-triggers.ts';

/**
 * The statement-level trigger triple both version bumps use (db/transition-triggers.ts): the text is the
 * one db/grade-triggers.ts and db/activity-triggers.ts wrote out before they shared it, written out here by
 * hand, so `runMigrations` replaces each trigger with the same definition.
 */
describe('transition triggers', () => {
  it('makes the insert, update and delete triggers of a table with their transition tables', () => {
    expect(transitionTriggers('cc_grades', 'scores', 'cc_bump_grades_version')).toEqual([
      `create or replace trigger cc_grades_scores_ins after insert on scores
       referencing new table as cc_new for each statement execute function cc_bump_grades_version()`,
      `create or replace trigger cc_grades_scores_upd after update on scores
       referencing new table as cc_new old table as cc_old
       for each statement execute function cc_bump_grades_version()`,
      `create or replace trigger cc_grades_scores_del after delete on scores
       referencing old table as cc_old for each statement execute function cc_bump_grades_version()`,
    ]);
  });

  it('the grade and activity triggers are those triples, one per table', () => {
    expect(GRADE_TRIGGERS_SQL).toContain(
      `create or replace trigger cc_grades_enrollments_del after delete on enrollments
       referencing old table as cc_old for each statement execute function cc_bump_grades_version()`,
    );
    expect(ACTIVITY_TRIGGERS_SQL).toContain(
      `create or replace trigger cc_activity_bulletin_views_upd after update on bulletin_views
       referencing new table as cc_new old table as cc_old
       for each statement execute function cc_fold_activity_completion()`,
    );
    expect(ACTIVITY_TRIGGERS_SQL).toContain(
      `create or replace trigger cc_activity_enrollments_del after delete on enrollments
       referencing old table as cc_old for each statement execute function cc_bump_activity_version()`,
    );
    expect(GRADE_TRIGGERS_SQL).toHaveLength(2 + 3 * 3 + 1);
  });
});
