import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoBulletins } from './bulletins.ts';
import { seedDemoContent } from './content.ts';
import { seedDemoEmailsSurveys } from './emails-surveys.ts';
import { seedDemoEngagement } from './engagement.ts';
import { seedDemoFaqChecklists } from './faq-checklists.ts';
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

/** One step of the demo content on top of the import: writes only what is missing, says whether it wrote. */
interface DemoStep {
  what: string;
  /** Run after the server listens (docs/design.md "The first start"): not needed to sign in or see a dashboard. */
  background: boolean;
  seed: (database: Database, config: Config, institutionId: number) => Promise<boolean>;
}

/**
 * The demo content steps, in the order they run: first those a sign-in and the dashboards need (before
 * listening), then the heavy ones that `npm start` runs after it listens. The wiring step wires the
 * to-do lists, so it follows the to-dos; the wizard's half-finished set-up adds a coach, so it comes last,
 * as it always did (the steps before it give every coach there is their content). Each step is idempotent
 * on its own.
 */
export const DEMO_STEPS: readonly DemoStep[] = [
  {
    what: 'bulletins, surveys and playbooks with student activity',
    background: false,
    seed: (db, _c, id) => seedDemoContent(db, id),
  },
  {
    what: 'interactive bulletins, bulletin wiring and stars',
    background: false,
    seed: (db, _c, id) => seedDemoBulletins(db, id),
  },
  {
    what: 'emails (one delivered, one scheduled, one draft) and survey questions',
    background: false,
    seed: (db, _c, id) => seedDemoEmailsSurveys(db, id),
  },
  {
    what: 'tips, to-do lists with completions and picture library',
    background: true,
    seed: (db, _c, id) => seedDemoTodos(db, id),
  },
  {
    what: 'FAQ lists, support e-mails and getting-started checklists',
    background: true,
    seed: (db, _c, id) => seedDemoFaqChecklists(db, id),
  },
  {
    what: 'characteristic wiring and course characteristics',
    background: true,
    seed: (db, _c, id) => seedDemoWiring(db, id),
  },
  {
    what: 'LMS click logs (AAA 2013J, DDD 2013B) and engagement characteristics',
    background: true,
    seed: (db, config, id) => seedDemoEngagement(db, config, id),
  },
  {
    what: 'coach setup wizard terms and courses, and one half-finished set-up',
    background: true,
    seed: (db, _c, id) => seedWizardReference(db, id, { halfFinished: true }),
  },
];

const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/**
 * Runs the demo steps of one kind (`background` or not) in order, printing a numbered
 * `[seed] Adding demo content: …` line for each that wrote something. `stopped` is asked before each
 * step (a shutdown stops between steps; each step is one or more committed transactions, so a later
 * start goes on where this one stopped). Returns whether any step wrote.
 */
export async function runDemoSteps(
  database: Database,
  config: Config,
  institutionId: number,
  background: boolean,
  stopped: () => boolean = () => false,
): Promise<boolean> {
  let wrote = false;
  for (const [i, step] of DEMO_STEPS.entries()) {
    if (step.background !== background) continue;
    if (stopped()) break;
    const stepStarted = performance.now();
    if (!(await step.seed(database, config, institutionId))) continue;
    wrote = true;
    console.log(
      `[seed] Adding demo content: ${step.what} (${i + 1}/${DEMO_STEPS.length}) (${since(stepStarted)})`,
    );
  }
  return wrote;
}

/**
 * Fresh planner statistics for everything the seeds wrote (content.ts analyzes only its own share;
 * PGlite has no autovacuum, and PostgreSQL's comes a while later): stale ones gave the wiring checks
 * plans of seconds per request.
 */
export async function analyzeDemo(database: Database): Promise<void> {
  const analyzeStarted = performance.now();
  await database.query('analyze');
  console.log(`[seed] planner statistics updated (${since(analyzeStarted)})`);
}

/**
 * The part of the demo that the server needs before it listens (`npm start`, main.ts): imports the demo
 * institution when the database has none (seed/oulad.ts: institution, users, coaches, enrolments,
 * grades, tailoring values and Insight Groups), then the light demo content (bulletins, surveys,
 * playbooks, emails). Idempotent; prints a progress line per step. The rest of the demo is
 * {@link runDemoSteps} with `background` true, which main.ts runs after listening (seed/preparation.ts).
 */
export async function seedDemoCore(
  database: Database,
  config: Config,
  opts: { reset?: boolean } = {},
): Promise<ImportResult> {
  const started = performance.now();
  const result = await importOulad(database, {
    dir: config.OULAD_DIR,
    presentations: presentationsFrom(config),
    reset: opts.reset,
    onProgress: (m) => console.log(`[seed] ${m} (${since(started)})`),
  });
  if (!result.imported) console.log('[seed] demo institution already present; nothing imported');
  const wrote = await runDemoSteps(database, config, result.institutionId, false);
  if (wrote || result.imported) await analyzeDemo(database);
  return result;
}

/**
 * Imports the whole demo when the database has none (idempotent), printing a progress line per step,
 * then prints the demo sign-ins: {@link seedDemoCore}, then the background steps in this call
 * (`npm run seed`, and the tests). Both orders of running (this, and `npm start`'s core then background
 * work) write the same demo.
 */
export async function seedDemo(
  database: Database,
  config: Config,
  opts: { reset?: boolean } = {},
): Promise<ImportResult> {
  const result = await seedDemoCore(database, config, opts);
  if (await runDemoSteps(database, config, result.institutionId, true)) await analyzeDemo(database);
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
