/**
 * Benchmark: emails rendered and handed to SMTP per second, for one email to 30,000 recipients.
 *
 * A scratch database (PostgreSQL at DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; or the
 * embedded PGlite with `-- pglite`) gets a generated institution: one coach with BENCH_RECIPIENTS students
 * (default 30,000), each with a value of two characteristics. One email with four sections (two chosen by
 * a characteristic) and a wiring every student matches is sent by the real email job
 * (`deliverEmail`: claim row committed before each send, per-student rendering, delivered marks) through
 * nodemailer's SMTP pool to a real SMTP server on 127.0.0.1 (the `smtp-server` package), which counts
 * the messages it accepts (in a child process of its own). Printed: messages/s end to end, and, for scale, the renderer alone.
 *
 *   npm run bench:emails               # PostgreSQL
 *   npm run bench:emails -- pglite     # embedded database
 *   BENCH_RECIPIENTS=5000 npm run bench:emails
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import nodemailer from 'nodemailer';
import type { Database } from '../apps/server/src/db/client.ts';
import { deliverEmail } from '../apps/server/src/modules/emails/delivery.ts';
import { renderEmail, withText } from '../apps/server/src/modules/emails/render.ts';
import { SMTP_CONNECTIONS } from '../apps/server/src/modules/emails/transport.ts';
import { withScratchDatabase } from './lib/scratch-db.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 30_000);
const onPglite = process.argv[2] === 'pglite';

/** Generates the institution, coach, students, characteristics and values; returns the email id. */
async function setup(database: Database): Promise<number> {
  const q = database.query;
  const [inst] = await q<{ id: number }>(
    `insert into institutions (name, slug) values ('Bench University', 'bench-emails') returning id`,
  );
  const institutionId = inst!.id;
  const [coach] = await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'Bench 101', 'BEN', '2026J', 200, 100) returning id`,
    [institutionId],
  );
  const coachId = coach!.id;
  await q(
    `insert into users (institution_id, email, name, password_hash)
     select $1, 'student' || g || '@bench.example.edu', 'Student ' || g, 'x' from generate_series(1, $2) g`,
    [institutionId, RECIPIENTS],
  );
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role)
     select $1, $2, id, 'student' from users where institution_id = $1`,
    [institutionId, coachId],
  );
  const [src] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar') returning id`,
    [institutionId],
  );
  await q(
    `insert into characteristics (institution_id, name, question, kind, restriction_values)
     values ($1, 'track', 'Which track?', 'set', '[{"value":"A","label":"A"},{"value":"B","label":"B"},{"value":"C","label":"C"}]'),
            ($1, 'enrolled', 'Enrolled?', 'set', '[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]')`,
    [institutionId],
  );
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select $1, c.id, u.id, $2,
            case when c.name = 'track' then (array['A','B','C'])[1 + u.id % 3] else 'yes' end
       from users u cross join characteristics c
      where u.institution_id = $1 and c.institution_id = $1`,
    [institutionId, src!.id],
  );
  await q('analyze');
  const [email] = await q<{ id: number }>(
    `insert into emails (institution_id, coach_id, title, subject, state, send_at)
     values ($1, $2, 'Bench', 'Your weekly check-in', 'scheduled', now() - interval '1 minute') returning id`,
    [institutionId, coachId],
  );
  await q(
    `insert into email_sections (institution_id, email_id, position, characteristic, value, body)
     values ($1, $2, 0, null, null, '<p>Hello! Here is what is coming up this week.</p><ul><li>TMA 2 due Friday</li><li>Quiz on Monday</li></ul>'),
            ($1, $2, 1, 'track', 'A', '<p>Track A: the lab is in room 1.</p>'),
            ($1, $2, 2, 'track', 'B', '<p>Track B: the lab is in room 2.</p>'),
            ($1, $2, 3, null, null, '<p>Good luck, <strong>your coach</strong>.</p>')`,
    [institutionId, email!.id],
  );
  await q(
    `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
     values ($1, $2, 'email', $3, 'enrolled', 'yes')`,
    [institutionId, coachId, email!.id],
  );
  return email!.id;
}

async function main() {
  // The SMTP server runs in its own process (as a mail server would), counting what it accepts.
  const sink = fork(new URL('./lib/smtp-sink.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const ask = <T>(message: string | null): Promise<T> =>
    new Promise((resolve) => {
      sink.once('message', (m) => resolve(m as T));
      if (message) sink.send(message);
    });
  const { port } = await ask<{ port: number }>(null);

  // The renderer alone, for scale.
  const sections = withText([
    { characteristic: null, value: null, body: '<p>Hello! Here is what is coming up this week.</p>' },
    { characteristic: 'track', value: 'A', body: '<p>Track A: the lab is in room 1.</p>' },
    { characteristic: 'track', value: 'B', body: '<p>Track B: the lab is in room 2.</p>' },
  ]);
  const t0 = performance.now();
  for (let i = 0; i < RECIPIENTS; i++) {
    renderEmail({ subject: 'x' }, sections, { name: `Student ${i}` }, [
      { name: 'track', value: i % 2 ? 'A' : 'B', num: null },
    ]);
  }
  const renderPerSec = RECIPIENTS / ((performance.now() - t0) / 1000);

  const result = await withScratchDatabase(
    'emails',
    async (database) => {
      const setupStart = performance.now();
      const emailId = await setup(database);
      const setupMs = performance.now() - setupStart;
      const transport = nodemailer.createTransport({
        url: `smtp://127.0.0.1:${port}`,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
      });
      const start = performance.now();
      const run = await deliverEmail(database, emailId, {
        transport,
        from: 'Coach <coach@bench.example.edu>',
      });
      const ms = performance.now() - start;
      transport.close();
      const [rows] = await database.query<{ delivered: number }>(
        `select count(*)::int as delivered from email_deliveries where email_id = $1 and state = 'delivered'`,
        [emailId],
      );
      return { run, ms, setupMs, delivered: rows!.delivered };
    },
    onPglite ? 'pglite' : 'postgres',
  );
  const { accepted } = await ask<{ accepted: number }>('count');
  sink.send('stop');

  const perSec = accepted / (result.ms / 1000);
  console.log(
    `bench:emails — ${onPglite ? 'PGlite (embedded)' : 'PostgreSQL'}, ${os.cpus().length} CPU(s), Node ${process.version}`,
  );
  console.log(
    `  recipients generated:            ${RECIPIENTS.toLocaleString('en')} (setup ${(result.setupMs / 1000).toFixed(1)} s)`,
  );
  console.log(`  SMTP connections:                ${SMTP_CONNECTIONS}`);
  console.log(`  messages accepted by SMTP:       ${accepted.toLocaleString('en')}`);
  console.log(`  delivery rows 'delivered':       ${result.delivered.toLocaleString('en')}`);
  console.log(`  job result:                      ${JSON.stringify(result.run)}`);
  console.log(
    `  end to end:                      ${(result.ms / 1000).toFixed(2)} s → ${perSec.toFixed(0)} emails/s rendered and handed to SMTP`,
  );
  console.log(`  renderer alone:                  ${renderPerSec.toFixed(0)} emails/s`);
  console.log(`  reproduce: npm run bench:emails${onPglite ? ' -- pglite' : ''}`);
  if (accepted !== RECIPIENTS || result.delivered !== RECIPIENTS) {
    console.error('  MISMATCH: every recipient should have exactly one message and one delivered row');
    process.exit(1);
  }
}

await main();
