import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { importOulad } from '../src/seed/oulad.ts';
import { databaseUrl, TEST_PRESENTATIONS, testConfig } from './test-config.ts';

/**
 * Server test run setup: the two templates every test file's own database is copied from
 * (test/file-database.ts, docs/testing.md "Each file its own database").
 *
 * - `migrated`: every migration applied, no rows (the suites that import or seed themselves);
 * - `seeded`: migrated, plus the OULAD test presentations imported (what `getTestContext()` serves).
 *
 * Without DATABASE_URL (PGlite): each template is a data-folder dump (PGlite's `dumpDataDir`, an
 * uncompressed tar) in a temporary folder; a file loads its copy into memory. With DATABASE_URL (a
 * PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test): two template databases of this run on
 * that server; a file gets `CREATE DATABASE … TEMPLATE`. The database DATABASE_URL names is only used to
 * connect. Everything this run made is removed when it ends.
 */

/** What global-setup made for this run: where a file's database is copied from. */
export type TestDatabases =
  | {
      kind: 'pglite';
      /** Paths of the two templates' data-folder dumps. */
      dumps: { migrated: string; seeded: string };
    }
  | {
      kind: 'postgres';
      /** The server to create databases on (DATABASE_URL as given). */
      adminUrl: string;
      /** Every database of this run starts with this prefix (templates and files' copies). */
      prefix: string;
      /** The two template databases' names. */
      templates: { migrated: string; seeded: string };
    };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's test files copy their databases from (test/file-database.ts). */
    testDatabases: TestDatabases;
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Imports the OULAD test presentations (the OULAD_DIR of the test configuration) into `database`, then
 * gathers planner statistics: every copy inherits them (a copy is never analyzed on its own: PGlite has
 * no autovacuum, and PostgreSQL's would come after most files have ended), as `npm start`'s demo has them
 * (seed/demo.ts `analyzeDemo`).
 */
async function seed(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await importOulad(database, { dir: testConfig().OULAD_DIR, presentations: [...TEST_PRESENTATIONS] });
  await database.query('analyze');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cc-test-templates-'));
    const dumps = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
    const template = await openDatabase({ dataDir: 'memory://' });
    // The data folder as a tar, with one write-ahead-log segment instead of the three the import leaves
    // (16 MB each): after a checkpoint in a fresh segment the older ones are removed. The seeded dump goes
    // from 92 to 58 MB, and each file loads its copy that much faster.
    const dump = async (file: string) => {
      await template.query('checkpoint');
      await template.query('select pg_switch_wal()');
      await template.query('checkpoint');
      const tar = await template.pglite!.dumpDataDir('none');
      await writeFile(file, Buffer.from(await tar.arrayBuffer()));
    };
    try {
      await runMigrations(template);
      await dump(dumps.migrated);
      await seed(template);
      await dump(dumps.seeded);
    } finally {
      await template.close();
    }
    project.provide('testDatabases', { kind: 'pglite', dumps });
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
  }

  const prefix = `cc_test_${Date.now()}_${process.pid}`;
  const templates = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(templates.migrated)}`);
    const migrated = await openDatabase({
      url: databaseUrl(adminUrl, templates.migrated),
      dataDir: 'memory://',
    });
    try {
      await runMigrations(migrated);
    } finally {
      await migrated.close();
    }
    // A template must have no connections while it is copied: each is filled, then closed.
    await admin.query(
      `create database ${quoteIdent(templates.seeded)} template ${quoteIdent(templates.migrated)}`,
    );
    const seeded = await openDatabase({ url: databaseUrl(adminUrl, templates.seeded), dataDir: 'memory://' });
    try {
      await seed(seeded);
    } finally {
      await seeded.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('testDatabases', { kind: 'postgres', adminUrl, prefix, templates });

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const left = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      // WITH (FORCE) ends connections a test file or its worker processes may still hold (PostgreSQL 13+).
      for (const { datname } of left.rows)
        await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    } finally {
      await client.end();
    }
  };
}
