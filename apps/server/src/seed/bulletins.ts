import type { Database } from '../db/client.ts';

/**
 * Demo bulletins (interactive ones, wiring, stars), on top of `seedDemoContent`'s: in every coach of the demo institution,
 * - 'Your exam: what to expect' becomes an interactive bulletin with three pages (no bulletin is added,
 *   so the activity figures of the issue-3 demo stay as they were);
 * - characteristic wiring ('Recommended' for the students whose real OULAD registrar values match):
 *   'Taking good notes' → highest_education: Lower Than A Level or No Formal quals; 'Looking after
 *   yourself' → disability: Y; 'Your exam: what to expect' → age_band: 0-35. Only values present in the
 *   dictionary's restriction sets are wired;
 * - stars: about one in six live bulletins of each student who had not withdrawn (stable hash).
 *
 * Set-wise SQL in one transaction; idempotent (nothing is written when the institution already has
 * bulletin pages). Needs `seedDemoContent` first.
 *
 * @returns whether anything was written.
 */
export async function seedDemoBulletins(database: Database, institutionId: number): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620005)');
    const [done] = await q<{ present: boolean }>(
      'select exists (select 1 from bulletin_pages where institution_id = $1) as present',
      [institutionId],
    );
    if (done?.present) return false;
    await q(
      `update bulletins set is_interactive = true
        where institution_id = $1 and title = 'Your exam: what to expect'`,
      [institutionId],
    );
    await q(
      `insert into bulletin_pages (institution_id, bulletin_id, position, title, body)
       select $1, b.id, p.position, p.title, p.body
         from bulletins b
        cross join (values
          (0, 'Step 1: know the format', '<p>Check how long the exam is and which questions are compulsory.</p>'),
          (1, 'Step 2: plan your revision', '<p>List the topics, then give each one a slot in your week.</p>'),
          (2, 'Step 3: practise', '<p>Do one past paper under timed conditions and mark it.</p>')
        ) as p(position, title, body)
        where b.institution_id = $1 and b.title = 'Your exam: what to expect'`,
      [institutionId],
    );
    await q(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic,
                                            value, position)
       select $1, b.coach_id, 'bulletin', b.id, w.characteristic, w.value, w.position
         from bulletins b
         join (values
           ('Taking good notes', 'highest_education', 'Lower Than A Level', 0),
           ('Taking good notes', 'highest_education', 'No Formal quals', 1),
           ('Looking after yourself', 'disability', 'Y', 0),
           ('Your exam: what to expect', 'age_band', '0-35', 0)
         ) as w(title, characteristic, value, position) on w.title = b.title
         join characteristics c on c.institution_id = $1 and c.name = w.characteristic
          and c.restriction_values @> jsonb_build_array(jsonb_build_object('value', w.value))
        where b.institution_id = $1
       on conflict do nothing`,
      [institutionId],
    );
    await q(
      `insert into bulletin_stars (institution_id, bulletin_id, user_id)
       select $1, b.id, e.user_id
         from enrollments e
         join bulletins b on b.coach_id = e.coach_id and b.is_published and not b.is_queued
                         and not b.under_review and b.publish_timestamp <= now()
        where e.institution_id = $1 and e.role = 'student' and e.unregistered_day is null
          and abs(hashtext(e.user_id::text || ':' || b.id::text || 's')) % 6 = 0`,
      [institutionId],
    );
    return true;
  });
}
