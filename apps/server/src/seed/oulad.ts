import path from 'node:path';
import { hashPassword } from '../auth/password.ts';
import type { Database, Query } from '../db/client.ts';
import { checkOuladDir, type OuladRecord, type OuladTable, ouladFile, readOuladCsv } from './oulad-files.ts';
import { seedTailoring } from './tailoring.ts';

/**
 * Demo institution from the Open University Learning Analytics Dataset (OULAD, CC BY 4.0;
 * Kuzilek, Hlosta & Zdrahal, Scientific Data 4, 170171, 2017,
 * https://doi.org/10.1038/sdata.2017.171), shipped gzip-compressed in demo-data/oulad: see its README.md.
 */
export const DEMO_SLUG = 'demo';
export const DEMO_INSTITUTION_NAME = 'The Open University (OULAD demo)';
export const DEMO_PASSWORD = 'coach-demo';
export const DEMO_STAFF_EMAIL = 'staff@demo.edu';

/** `instructor-{code_module}-{code_presentation}@demo.edu`, lower case. */
export const instructorEmail = (module: string, presentation: string) =>
  `instructor-${module}-${presentation}@demo.edu`.toLowerCase();
/** `s{id_student}@demo.edu`. */
export const studentEmail = (idStudent: string | number) => `s${idStudent}@demo.edu`;

/**
 * The demo "current day" of a coach: halfway through the term, so that most students have points
 * earned, points missed and points remaining.
 */
export const demoCurrentDay = (lengthDays: number) => Math.floor(lengthDays / 2);

/** The OULAD tables the import reads, in the order it reads them. */
export const IMPORTED_TABLES = [
  'courses',
  'studentInfo',
  'studentRegistration',
  'assessments',
  'studentAssessment',
] as const satisfies readonly OuladTable[];

/**
 * The numbered progress lines of an import: one per file read, per insert step and per tailoring step
 * (seed/tailoring.ts logs four).
 */
export const IMPORT_STEPS = IMPORTED_TABLES.length + 5 + 4;

export interface ImportOptions {
  /** Folder with the OULAD files, `.csv.gz` or `.csv` (oulad-files.ts). */
  dir: string;
  /** `MODULE-PRESENTATION` codes to import (e.g. `AAA-2013J`); all when omitted. */
  presentations?: string[];
  /** Delete an existing demo institution first (`npm run seed -- --reset`). */
  reset?: boolean;
  onProgress?: (message: string) => void;
}

export interface ImportResult {
  imported: boolean;
  institutionId: number;
  counts: { coaches: number; users: number; enrollments: number; assignments: number; scores: number };
}

/**
 * Imports the demo institution in one transaction: one coach per module presentation, every student
 * with their registrations as enrollments, an instructor per coach, staff@demo.edu as institution admin,
 * each presentation's assessments as a gradebook, the scores, and the tailoring dictionary with every
 * student's characteristic values and a few demo Insight Groups (seed/tailoring.ts). Idempotent: when the demo institution
 * exists and `reset` is off, nothing is written. A failure rolls everything back.
 *
 * All demo accounts share one argon2id hash of `coach-demo` (a public demo password: hashing 28,785
 * accounts one by one would take many minutes and protect nothing).
 */
export async function importOulad(database: Database, opts: ImportOptions): Promise<ImportResult> {
  const log = opts.onProgress ?? (() => undefined);
  const wanted = opts.presentations ? new Set(opts.presentations.map((p) => p.toUpperCase())) : null;
  const keep = (r: OuladRecord) => !wanted || wanted.has(`${r.code_module}-${r.code_presentation}`);

  if (!opts.reset) {
    // Fast path for every start after the first: no file is read when the demo is already there.
    const existing = await database.query<{ id: number }>('select id from institutions where slug = $1', [
      DEMO_SLUG,
    ]);
    if (existing[0]) {
      return {
        imported: false,
        institutionId: existing[0].id,
        counts: await countDemo(database.query, existing[0].id),
      };
    }
  }
  // A missing folder or file fails here, before any row is read or written (OuladDataError).
  checkOuladDir(opts.dir, IMPORTED_TABLES);
  log(
    `Importing demo data from ${opts.dir} (OULAD, CC BY 4.0): ${wanted ? [...wanted].join(', ') : 'all presentations'}`,
  );
  let step = 0;
  const progress = (m: string) => log(`Importing demo data: ${m} (${++step}/${IMPORT_STEPS})`);
  const read = async (table: OuladTable, filter: (r: OuladRecord) => boolean) => {
    const rows = await readOuladCsv(opts.dir, table, filter);
    progress(`${path.basename(ouladFile(opts.dir, table)!)} ${count(rows.length)} rows`);
    return rows;
  };
  const courses = await read('courses', keep);
  if (wanted && courses.length !== wanted.size) {
    const known = new Set(courses.map((c) => `${c.code_module}-${c.code_presentation}`));
    throw new Error(`Unknown presentation(s): ${[...wanted].filter((w) => !known.has(w)).join(', ')}`);
  }
  const info = await read('studentInfo', keep);
  const registrations = await read('studentRegistration', keep);
  const assessments = await read('assessments', keep);
  const assessmentIds = new Set(assessments.map((a) => a.id_assessment));
  const studentAssessments = await read('studentAssessment', (r) => assessmentIds.has(r.id_assessment));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return database.transaction(async (q) => {
    // Two instances starting together on one PostgreSQL: the second waits here, then finds the import done.
    await q('select pg_advisory_xact_lock(72620002)');
    const existing = await q<{ id: number }>('select id from institutions where slug = $1', [DEMO_SLUG]);
    if (existing[0] && !opts.reset) {
      return { imported: false, institutionId: existing[0].id, counts: await countDemo(q, existing[0].id) };
    }
    if (existing[0]) {
      log('removing the existing demo institution');
      await q('delete from institutions where id = $1', [existing[0].id]);
    }

    const [inst] = await q<{ id: number }>(
      'insert into institutions (name, slug) values ($1, $2) returning id',
      [DEMO_INSTITUTION_NAME, DEMO_SLUG],
    );
    const institutionId = inst!.id;

    progress(`coaches ${count(courses.length)}`);
    const coachRows = await q<{ id: number; course_code: string; term_code: string }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       select $1, c || ' ' || t, c, t, l, d
         from unnest($2::text[], $3::text[], $4::int[], $5::int[]) as x(c, t, l, d)
       returning id, course_code, term_code`,
      [
        institutionId,
        courses.map((c) => c.code_module),
        courses.map((c) => c.code_presentation),
        courses.map((c) => Number(c.module_presentation_length)),
        courses.map((c) => demoCurrentDay(Number(c.module_presentation_length))),
      ],
    );
    const coachId = new Map(coachRows.map((c) => [`${c.course_code}-${c.term_code}`, c.id]));

    // Users: staff, one instructor per coach, every student once (3,538 are in several presentations).
    const studentIds = [...new Set(info.map((r) => r.id_student as string))];
    progress(`users ${count(studentIds.length)} students, ${courses.length} instructors, 1 staff`);
    const emails = [DEMO_STAFF_EMAIL];
    const names = ['Demo Staff'];
    const externals: Array<string | null> = [null];
    for (const c of courses) {
      emails.push(instructorEmail(c.code_module!, c.code_presentation!));
      names.push(`Instructor ${c.code_module} ${c.code_presentation}`);
      externals.push(null);
    }
    for (const id of studentIds) {
      emails.push(studentEmail(id));
      names.push(`Student ${id}`);
      externals.push(id);
    }
    const userRows = await q<{ id: number; email: string; external_id: string | null }>(
      `insert into users (institution_id, email, name, password_hash, external_id)
       select $1, e, n, $2, x from unnest($3::text[], $4::text[], $5::text[]) as u(e, n, x)
       returning id, email, external_id`,
      [institutionId, passwordHash, emails, names, externals],
    );
    const userByEmail = new Map(userRows.map((u) => [u.email, u.id]));
    const userByStudent = new Map(userRows.filter((u) => u.external_id).map((u) => [u.external_id!, u.id]));
    await q(`insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'admin')`, [
      institutionId,
      userByEmail.get(DEMO_STAFF_EMAIL),
    ]);

    progress(`enrollments ${count(registrations.length)}`);
    const enr = {
      coach: [] as number[],
      user: [] as number[],
      role: [] as string[],
      reg: [] as Array<number | null>,
      unreg: [] as Array<number | null>,
    };
    for (const c of courses) {
      enr.coach.push(coachId.get(`${c.code_module}-${c.code_presentation}`)!);
      enr.user.push(userByEmail.get(instructorEmail(c.code_module!, c.code_presentation!))!);
      enr.role.push('instructor');
      enr.reg.push(null);
      enr.unreg.push(null);
    }
    for (const r of registrations) {
      enr.coach.push(coachId.get(`${r.code_module}-${r.code_presentation}`)!);
      enr.user.push(userByStudent.get(r.id_student!)!);
      enr.role.push('student');
      enr.reg.push(r.date_registration === null ? null : Number(r.date_registration));
      enr.unreg.push(r.date_unregistration === null ? null : Number(r.date_unregistration));
    }
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role, registered_day, unregistered_day)
       select $1, c, u, r, rd, ud from unnest($2::int[], $3::int[], $4::text[], $5::int[], $6::int[]) as x(c, u, r, rd, ud)`,
      [institutionId, enr.coach, enr.user, enr.role, enr.reg, enr.unreg],
    );

    progress(`gradebooks and assignments ${count(assessments.length)}`);
    const gradebookRows = await q<{ id: number; coach_id: number }>(
      `insert into gradebooks (institution_id, coach_id, title) select $1, c, 'Gradebook' from unnest($2::int[]) as x(c)
       returning id, coach_id`,
      [institutionId, coachRows.map((c) => c.id)],
    );
    const gradebookOf = new Map(gradebookRows.map((g) => [g.coach_id, g.id]));
    const lengthOf = new Map(
      courses.map((c) => [`${c.code_module}-${c.code_presentation}`, Number(c.module_presentation_length)]),
    );
    const titled = titleAssessments(assessments);
    const assignmentRows = await q<{ id: number; external_id: string }>(
      `insert into assignments (institution_id, coach_id, gradebook_id, external_id, title, assessment_type, due_day, weight)
       select $1, c, g, x, t, ty, d, w
         from unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::numeric[]) as a(c, g, x, t, ty, d, w)
       returning id, external_id`,
      [
        institutionId,
        titled.map((a) => coachId.get(a.key)!),
        titled.map((a) => gradebookOf.get(coachId.get(a.key)!)!),
        titled.map((a) => a.id),
        titled.map((a) => a.title),
        titled.map((a) => a.type),
        // An exam without a date is at the end of the presentation (OULAD README).
        titled.map((a) => a.date ?? lengthOf.get(a.key)!),
        titled.map((a) => a.weight),
      ],
    );
    const assignmentOf = new Map(assignmentRows.map((a) => [a.external_id, a.id]));

    progress(`scores ${count(studentAssessments.length)}`);
    await q(
      `insert into scores (institution_id, assignment_id, user_id, submitted_day, is_banked, score)
       select $1, a, u, d, b, s from unnest($2::int[], $3::int[], $4::int[], $5::bool[], $6::numeric[]) as x(a, u, d, b, s)`,
      [
        institutionId,
        studentAssessments.map((r) => assignmentOf.get(r.id_assessment!)!),
        studentAssessments.map((r) => userByStudent.get(r.id_student!)!),
        studentAssessments.map((r) => Number(r.date_submitted)),
        studentAssessments.map((r) => r.is_banked === '1'),
        studentAssessments.map((r) => (r.score === null ? null : Number(r.score))),
      ],
    );
    await seedTailoring(q, institutionId, info, progress);
    // Its values are written with triggers off (the replica role), so the coach activity versions
    // (db/activity-triggers.ts) are bumped here.
    await q('update coaches set activity_version = activity_version + 1 where institution_id = $1', [
      institutionId,
    ]);
    const counts = await countDemo(q, institutionId);
    log(
      `done: ${counts.coaches} coaches, ${counts.users} users, ${counts.enrollments} enrollments, ` +
        `${counts.assignments} assignments, ${counts.scores} scores`,
    );
    return { imported: true, institutionId, counts };
  });
}

/** Gives each assessment a readable title: `TMA 1`, `CMA 3`, `Exam` (numbered by due date within its type). */
function titleAssessments(rows: OuladRecord[]) {
  const byKey = new Map<string, OuladRecord[]>();
  for (const r of rows) {
    const key = `${r.code_module}-${r.code_presentation}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  const out: Array<{
    key: string;
    id: string;
    title: string;
    type: string;
    date: number | null;
    weight: number;
  }> = [];
  for (const [key, list] of byKey) {
    const sorted = [...list].sort(
      (a, b) =>
        Number(a.date ?? 1e9) - Number(b.date ?? 1e9) || Number(a.id_assessment) - Number(b.id_assessment),
    );
    const seen = new Map<string, number>();
    const totals = new Map<string, number>();
    for (const r of sorted) totals.set(r.assessment_type!, (totals.get(r.assessment_type!) ?? 0) + 1);
    for (const r of sorted) {
      const type = r.assessment_type!;
      const n = (seen.get(type) ?? 0) + 1;
      seen.set(type, n);
      out.push({
        key,
        id: r.id_assessment!,
        title: totals.get(type) === 1 ? type : `${type} ${n}`,
        type,
        date: r.date === null ? null : Number(r.date),
        weight: Number(r.weight),
      });
    }
  }
  return out;
}

/** `32,593`: a count as the progress lines print it. */
const count = (n: number) => n.toLocaleString('en-US');

async function countDemo(q: Query, institutionId: number): Promise<ImportResult['counts']> {
  const [row] = await q<ImportResult['counts']>(
    `select (select count(*)::int from coaches where institution_id = $1) as coaches,
            (select count(*)::int from users where institution_id = $1) as users,
            (select count(*)::int from enrollments where institution_id = $1) as enrollments,
            (select count(*)::int from assignments where institution_id = $1) as assignments,
            (select count(*)::int from scores where institution_id = $1) as scores`,
    [institutionId],
  );
  return row!;
}
