import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoBulletins } from './bulletins.ts';
import { seedDemoContent } from './content.ts';
import { seedDemoEmailsSurveys } from './emails-surveys.ts';
import { seedDemoEngagement } from './engagement.ts';
import { DEMO_PASSWORD, DEMO_STAFF_EMAIL, type ImportResult, importOulad } from './oulad.ts';
import { seedDemoTodos } from './todos.ts';
import { seedDemoWiring } from './wiring.ts';
import { seedWizardReference } from './wizard.ts';

/** Parses SEED_PRESENTATIONS (`AAA-2013J,DDD-2013B`) into a list, or undefined for all. */
export function presentationsFrom(config: Config): string[] | undefined {
  const list = config.SEED_PRESENTATIONS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list && list.length > 0 ? list : undefined;
}

/**
 * Imports the demo institution when the database has none (idempotent), printing a progress line per
 * step, then prints the demo sign-ins.
 */
export async function seedDemo(
  database: Database,
  config: Config,
  opts: { reset?: boolean } = {},
): Promise<ImportResult> {
  const started = performance.now();
  const result = await importOulad(database, {
    dir: config.OULAD_DIR,
    presentations: presentationsFrom(config),
    reset: opts.reset,
    onProgress: (m) => console.log(`[seed] ${m} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
  });
  if (!result.imported) console.log('[seed] demo institution already present; nothing imported');
  // The demo content on top of the import: each step writes only what is missing and prints a
  // numbered line when it wrote something.
  const steps: Array<[string, () => Promise<boolean>]> = [
    [
      'bulletins, surveys and playbooks with student activity',
      () => seedDemoContent(database, result.institutionId),
    ],
    [
      'interactive bulletins, bulletin wiring and stars',
      () => seedDemoBulletins(database, result.institutionId),
    ],
    [
      'tips, to-do lists with completions and picture library',
      () => seedDemoTodos(database, result.institutionId),
    ],
    [
      'characteristic wiring and course characteristics',
      () => seedDemoWiring(database, result.institutionId),
    ],
    [
      'emails (one delivered, one scheduled, one draft) and survey questions',
      () => seedDemoEmailsSurveys(database, result.institutionId),
    ],
    [
      'LMS click logs (AAA 2013J, DDD 2013B) and engagement characteristics',
      () => seedDemoEngagement(database, config, result.institutionId),
    ],
    [
      'coach setup wizard terms and courses, and one half-finished set-up',
      () => seedWizardReference(database, result.institutionId, { halfFinished: true }),
    ],
  ];
  let wrote = result.imported;
  for (const [i, [what, seed]] of steps.entries()) {
    const stepStarted = performance.now();
    if (!(await seed())) continue;
    wrote = true;
    console.log(
      `[seed] Adding demo content: ${what} (${i + 1}/${steps.length}) (${((performance.now() - stepStarted) / 1000).toFixed(1)} s)`,
    );
  }
  // Fresh planner statistics for everything the seeds wrote (content.ts analyzes only its own share;
  // PGlite has no autovacuum, and PostgreSQL's comes a while later): stale ones gave the wiring checks
  // plans of seconds per request.
  if (wrote) {
    const analyzeStarted = performance.now();
    await database.query('analyze');
    console.log(
      `[seed] planner statistics updated (${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s)`,
    );
  }
  await printDemoAccounts(database, result.institutionId);
  return result;
}

/** Prints the demo sign-ins: staff, an instructor and a few real students with varied grades. */
export async function printDemoAccounts(database: Database, institutionId: number): Promise<void> {
  const instructors = await database.query<{ email: string }>(
    `select u.email from users u join enrollments e on e.user_id = u.id and e.role = 'instructor'
      where u.institution_id = $1 order by u.email limit 1`,
    [institutionId],
  );
  const students = await database.query<{ email: string }>(
    `select u.email from users u where u.institution_id = $1 and u.external_id is not null order by u.external_id::int limit 3`,
    [institutionId],
  );
  console.log(
    [
      '',
      `Demo sign-ins (password for all: ${DEMO_PASSWORD}):`,
      `  staff:       ${DEMO_STAFF_EMAIL}`,
      `  instructors: instructor-{module}-{presentation}@demo.edu, e.g. ${instructors[0]?.email ?? '-'}`,
      `  students:    s{id_student}@demo.edu, e.g. ${students.map((s) => s.email).join(', ')}`,
      '',
    ].join('\n'),
  );
}
