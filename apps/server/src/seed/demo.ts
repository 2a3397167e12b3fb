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
  let wrote = result.imported;
  const contentStarted = performance.now();
  if (await seedDemoContent(database, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo bulletins, surveys and playbooks with student activity (${((performance.now() - contentStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const bulletinsStarted = performance.now();
  if (await seedDemoBulletins(database, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo interactive bulletins, bulletin wiring and stars (${((performance.now() - bulletinsStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const todosStarted = performance.now();
  if (await seedDemoTodos(database, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo tips, to-do lists with completions and picture library (${((performance.now() - todosStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const wiringStarted = performance.now();
  if (await seedDemoWiring(database, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo characteristic wiring and course characteristics (${((performance.now() - wiringStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const emailsStarted = performance.now();
  if (await seedDemoEmailsSurveys(database, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo emails (one delivered, one scheduled, one draft) and survey questions (${((performance.now() - emailsStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const engagementStarted = performance.now();
  if (await seedDemoEngagement(database, config, result.institutionId)) {
    wrote = true;
    console.log(
      `[seed] demo LMS click logs (AAA 2013J, DDD 2013B) and engagement characteristics (${((performance.now() - engagementStarted) / 1000).toFixed(1)} s)`,
    );
  }
  if (await seedWizardReference(database, result.institutionId, { halfFinished: true })) {
    console.log('[seed] coach setup wizard terms and courses, and one half-finished set-up');
  }
  // Fresh planner statistics for everything the seeds wrote (content.ts analyzes only its own share;
  // PGlite has no autovacuum, and PostgreSQL's comes a while later): stale ones gave the wiring checks
  // plans of seconds per request.
  if (wrote) await database.query('analyze');
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
