import type { Database } from '../db/client.ts';

/**
 * Demo content for the activity cards and the completion history: in every coach of
 * the demo institution, bulletins with topics (live, Scheduled and Drafted ones, two for credit),
 * surveys (two for credit), playbooks (two released, one not; the Exam Playbook for credit, due on its exam
 * day), and, for the real OULAD students enrolled
 * in it who had not withdrawn, bulletin views, survey responses and completed plans.
 *
 * Who did what is chosen deterministically from a hash of the student and the item, so every start
 * gives the same picture, with different students at different points. Dates are relative to the
 * moment of seeding. Written set-wise in SQL in one transaction; idempotent (nothing is written when the
 * institution already has bulletins). Afterwards the tables are analysed, so that the planner knows the
 * imported data.
 *
 * @returns whether anything was written.
 */
export async function seedDemoContent(database: Database, institutionId: number): Promise<boolean> {
  const written = await database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620003)');
    const [done] = await q<{ present: boolean }>(
      'select exists (select 1 from bulletins where institution_id = $1) as present',
      [institutionId],
    );
    if (done?.present) return false;

    await q(
      `insert into bulletin_topics (institution_id, coach_id, name)
       select $1, c.id, t.name from coaches c
        cross join (values ('Exam Preparation'), ('Study Skills'), ('Wellbeing')) as t(name)
        where c.institution_id = $1`,
      [institutionId],
    );
    // title, subtitle, topic, published days ago (negative: in the future), queued, under review,
    // credit deadline in days from now (null: not for credit), share of students who view it (%).
    await q(
      `insert into bulletins (institution_id, coach_id, topic_id, title, subtitle, description, is_published,
                              is_queued, under_review, publish_timestamp, related_credit, credit_deadline)
       select $1, c.id, t.id, b.title, b.subtitle, b.description, true, b.queued, b.review,
              now() - make_interval(days => b.ago), b.credit is not null,
              case when b.credit is not null then now() + make_interval(days => b.credit) end
         from coaches c
        cross join (values
          ('Welcome to your coach', 'Start here', '<p>Everything for this course in one place.</p>', null, 30, false, false, null::int),
          ('How to prepare for your TMAs', 'Tutor-marked assignments', '<p>Read the question twice, plan, then write.</p>', 'Exam Preparation', 25, false, false, -5),
          ('Your exam: what to expect', 'Format and timing', '<p>How the exam works and how to revise for it.</p>', 'Exam Preparation', 3, false, false, 7),
          ('Planning your study week', 'Make a timetable', '<p>Block out regular study sessions.</p>', 'Study Skills', 20, false, false, null),
          ('Taking good notes', 'Active reading', '<p>Summarise each section in your own words.</p>', 'Study Skills', 12, false, false, null),
          ('Looking after yourself', 'Rest and support', '<p>Sleep, breaks and where to find help.</p>', 'Wellbeing', 8, false, false, null),
          ('Next week’s live session', 'Join us', '<p>A live revision session.</p>', null, -7, true, false, null),
          ('Revision timetable (draft)', 'Under review', '<p>Draft.</p>', 'Study Skills', 1, false, true, null)
        ) as b(title, subtitle, description, topic, ago, queued, review, credit)
         left join bulletin_topics t on t.coach_id = c.id and t.name = b.topic
        where c.institution_id = $1`,
      [institutionId],
    );
    await q(
      `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp, related_credit, due_at)
       select $1, c.id, s.title, true, now() - make_interval(days => s.ago), s.due is not null,
              case when s.due is not null then now() + make_interval(days => s.due) end
         from coaches c
        cross join (values ('Start-of-term survey', 28, -14), ('Mid-term check-in', 6, 5),
                           ('Course feedback', 2, null::int)) as s(title, ago, due)
        where c.institution_id = $1`,
      [institutionId],
    );
    await q(
      `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, custom_date_message,
                              is_released, planning_opens_on, related_credit, due_at)
       select $1, c.id, p.title, p.kind,
              case when p.exam_in is not null then (now() at time zone 'UTC')::date + p.exam_in end,
              p.message, p.released, (now() at time zone 'UTC')::date - 9,
              p.credit, case when p.credit then now() + make_interval(days => p.exam_in) end
         from coaches c
        cross join (values ('Exam Playbook', 'exam', 12, null, true, true),
                           ('TMA Playbook', 'assessment', null::int, 'Your tutor will confirm the date.', true, false),
                           ('Final Exam Playbook', 'exam', 40, null, false, false))
                   as p(title, kind, exam_in, message, released, credit)
        where c.institution_id = $1`,
      [institutionId],
    );

    // The activity rows below are many (one per student and item) and every id in them is read from rows of
    // this transaction, so the per-row foreign-key triggers only cost time: skip them where the database
    // allows it (a superuser, as on the embedded database); elsewhere they run as usual.
    await q('savepoint seed_fk');
    try {
      await q(`set local session_replication_role = replica`);
      await q('release savepoint seed_fk');
    } catch {
      await q('rollback to savepoint seed_fk');
    }
    // Students who had not withdrawn: a stable pseudo-random number 0–99 per student and item.
    const students = `select e.coach_id, e.user_id from enrollments e
                       where e.institution_id = $1 and e.role = 'student' and e.unregistered_day is null`;
    const roll = (item: string) => `(abs(hashtext(st.user_id::text || ':' || ${item}::text)) % 100)`;
    await q(
      `insert into bulletin_views (institution_id, bulletin_id, user_id, viewed_at)
       select $1, b.id, st.user_id,
              least(now(), b.publish_timestamp + make_interval(hours => ${roll('b.id')} * 2))
         from (${students}) st
         join bulletins b on b.coach_id = st.coach_id and b.is_published and not b.is_queued
                         and not b.under_review and b.publish_timestamp <= now()
        where ${roll("b.id || 'v'")} < 65`,
      [institutionId],
    );
    await q(
      `insert into survey_responses (institution_id, survey_id, user_id, completed_at)
       select $1, s.id, st.user_id, least(now(), s.publish_timestamp + make_interval(hours => ${roll('s.id')}))
         from (${students}) st join surveys s on s.coach_id = st.coach_id
        where ${roll("s.id || 's'")} < 55`,
      [institutionId],
    );
    await q(
      `insert into playbook_plans (institution_id, playbook_id, user_id, started_at, completed_at)
       select $1, p.id, st.user_id, now() - interval '5 days',
              case when ${roll("p.id || 'c'")} < 50 then now() - make_interval(hours => ${roll('p.id')}) end
         from (${students}) st join playbooks p on p.coach_id = st.coach_id and p.is_released
        where ${roll("p.id || 'p'")} < 75`,
      [institutionId],
    );
    // Triggers do not fire under the replica role set above, so the coach activity cache's versions
    // (db/activity-triggers.ts) are bumped here for everything this seed wrote.
    await q('update coaches set activity_version = activity_version + 1 where institution_id = $1', [
      institutionId,
    ]);
    return true;
  });
  // Fresh planner statistics for the imported tables (the embedded database has no autovacuum to do it).
  if (written) await database.query('analyze');
  return written;
}
