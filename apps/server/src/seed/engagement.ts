import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { importOuladActivity } from '../modules/engagement/service.ts';

/** The presentations whose click logs the shared OULAD copy holds (see its README). */
export const DEMO_CLICK_LOGS = [
  { module: 'AAA', presentation: '2013J' },
  { module: 'DDD', presentation: '2013B' },
] as const;

/**
 * Demo engagement: imports the OULAD click logs of AAA 2013J and DDD 2013B (those of the two present in
 * the demo institution) from config.OULAD_DIR (`studentVle.csv` or `.csv.gz`, streamed), and derives
 * the engagement characteristics as of each coach's current day, in short transactions
 * (modules/engagement/service.ts). Coaches that have activity and figures are skipped; one left
 * half-written is written again. Returns whether anything was written.
 */
export async function seedDemoEngagement(
  database: Database,
  config: Config,
  institutionId: number,
): Promise<boolean> {
  const coaches = await database.query<{ id: number; course_code: string; term_code: string }>(
    'select id, course_code, term_code from coaches where institution_id = $1',
    [institutionId],
  );
  const wanted = DEMO_CLICK_LOGS.flatMap((l) => {
    const c = coaches.find((x) => x.course_code === l.module && x.term_code === l.presentation);
    return c ? [{ coachId: c.id, module: l.module, presentation: l.presentation }] : [];
  });
  const done = await importOuladActivity({ database, boss: null }, config.OULAD_DIR, wanted);
  return done.length > 0;
}
