import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { API, HealthSchema, TodoItemSchema, TodoListSchema, UI_TEXTS } from '@course-coach/contracts';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { QUEUES } from '../src/jobs/queue.ts';
import { importOulad } from '../src/seed/oulad.ts';
import { postgresAdminUrl } from './file-database.ts';
import { Browser, STAFF_EMAIL, testConfig } from './helpers.ts';
import { bundleServer, type ServerProcess, sleep, startServer, until } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * The PostgreSQL server going away under a running server, and not being there at start. A real server
 * process (`main.ts`, with its in-process pg-boss workers) reaches PostgreSQL through a TCP proxy
 * (tcp-proxy.ts) that the test cuts (every connection destroyed, new ones refused) and restores.
 * While cut: the process stays up, API requests answer 503 with a plain sentence, /api/health answers
 * 503 `degraded`. Afterwards: everything answers again without a restart, every write that was
 * acknowledged (201) is in the database, and jobs queued before and during the cut complete.
 * At start: the server waits for the database (DATABASE_CONNECT_TIMEOUT_S), one line per retry, and
 * gives up with exit code 1 and one sentence when it does not come.
 * PostgreSQL only (the embedded PGlite database cannot go away).
 */
/** The PostgreSQL server (this suite makes and drops a database of its own there), '' on PGlite. */
const url = postgresAdminUrl();
/** The smallest presentation (365 students): a quick import. */
const P = 'AAA-2014J';
/** How long the database stays away in the outage test. */
const CUT_MS = 8000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.runIf(!!url)('the database going away (PostgreSQL only: an embedded database cannot)', () => {
  const dbName = `cc_outage_${Date.now()}_${process.pid}`;
  const scratch = path.join(REPO_ROOT, 'node_modules/.cache', `cc-outage-${process.pid}`);
  const pgUrl = new URL(url || 'postgres://localhost/x');
  /** The test's own connection, straight to PostgreSQL (never through the proxy). */
  const directUrl = (() => {
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  /** The app's DATABASE_URL: the same database through the proxy on `port`. */
  const viaProxy = (port: number) => {
    const u = new URL(directUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const target = { host: pgUrl.hostname, port: Number(pgUrl.port || 5432) };
  let db: pg.Pool;
  let mainJs: string;
  let coachId: number;
  let studentEmail: string;
  const servers: ServerProcess[] = [];
  const proxies: TcpProxy[] = [];
  let sender: PgBoss | undefined;

  const query = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];

  const start = (port: number, env: Record<string, string>) => {
    const server = startServer(mainJs, port, { SEED_DEMO: 'false', WORKERS: 'true', ...env });
    servers.push(server);
    return server;
  };

  const health = async (server: ServerProcess) => {
    const res = await fetch(`${server.baseUrl}${API.health}`);
    return { status: res.status, body: HealthSchema.parse(await res.json()) };
  };

  const healthy = (server: ServerProcess, ms = 90_000) =>
    until(
      'the server to answer /api/health with 200',
      async () => {
        if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
        const res = await fetch(`${server.baseUrl}${API.health}`).catch(() => null);
        return res?.status === 200;
      },
      ms,
    );

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    // The database is ready before the server starts: migrated, one presentation imported.
    const database = await openDatabase({ url: directUrl, dataDir: 'memory://' });
    try {
      await runMigrations(database);
      await importOulad(database, { dir: testConfig().OULAD_DIR, presentations: [P] });
    } finally {
      await database.close();
    }
    db = new pg.Pool({ connectionString: directUrl, max: 3 });
    const [row] = await query<{ coach_id: number; email: string }>(
      `select e.coach_id, u.email from enrollments e join users u on u.id = e.user_id
         join coaches c on c.id = e.coach_id
        where c.course_code = 'AAA' and c.term_code = '2014J' and e.role = 'student' order by u.id limit 1`,
    );
    coachId = row!.coach_id;
    studentEmail = row!.email;
    mainJs = await bundleServer(scratch);
  }, 180_000);

  afterAll(async () => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    for (const p of proxies) await p.cut();
    await sender?.stop({ graceful: false }).catch(() => undefined);
    fs.rmSync(scratch, { recursive: true, force: true });
    await db?.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    await admin.end();
  });

  it('stays up through an outage: 503s and `degraded` meanwhile, then reconnects, keeps every acknowledged write and runs the jobs', async () => {
    const proxy = await TcpProxy.create(target);
    proxies.push(proxy);
    const server = start(await freePort(), { DATABASE_URL: viaProxy(proxy.port) });
    await healthy(server);
    expect((await health(server)).body).toMatchObject({
      status: 'ok',
      database: { ok: true },
      jobs: { ok: true },
    });

    // A staff member makes a list; a student keeps adding to-do items to it.
    const staff = new Browser(server.baseUrl);
    expect((await staff.signIn(STAFF_EMAIL)).status).toBe(200);
    const list = await staff.post(API.todoLists(coachId), { title: 'Outage week' });
    expect(list.status, list.text).toBe(201);
    const listId = TodoListSchema.parse(list.body).id;
    const student = new Browser(server.baseUrl);
    expect((await student.signIn(studentEmail)).status).toBe(200);

    const acked: Array<{ id: number; title: string; at: number }> = [];
    const unavailable: Array<{ status: number; body: unknown; retryAfter: string | null }> = [];
    const other: string[] = [];
    const noAnswer: string[] = [];
    let writing = true;
    /** Fails the wait at once when the server has died. */
    const alive = () => {
      if (server.child.exitCode !== null)
        throw new Error(`the server exited with code ${server.child.exitCode}: ${server.output()}`);
    };
    const writer = (async () => {
      for (let n = 0; writing && server.child.exitCode === null; n++) {
        const title = `outage ${n}`;
        try {
          const res = await student.post(API.todoItems(coachId), { title, todo_list: listId });
          if (res.status === 201)
            acked.push({ id: TodoItemSchema.parse(res.body).id, title, at: Date.now() });
          else if (res.status === 503)
            unavailable.push({
              status: res.status,
              body: res.body,
              retryAfter: res.headers.get('retry-after'),
            });
          else other.push(`${res.status} ${res.text}`);
        } catch (error) {
          // No answer at all: the server died (checked below).
          noAnswer.push(String(error));
        }
        await sleep(50);
      }
    })();
    writer.catch(() => undefined); // awaited below
    await until('a few acknowledged writes', async () => acked.length >= 5);

    // A job queued before the cut, due during it; another queued during it (by a process that still
    // reaches the database: the test's own sender, straight to PostgreSQL).
    sender = new PgBoss({
      connectionString: directUrl,
      supervise: false,
      schedule: false,
      migrate: false,
      max: 2,
    });
    sender.on('error', () => undefined);
    await sender.start();
    const before = await sender.send(QUEUES.maintenance, { outage: 'before' }, { startAfter: 2 });

    // --- The database goes away.
    await proxy.cut();
    const cutAt = Date.now();
    const during = await sender.send(QUEUES.maintenance, { outage: 'during' });
    await until(
      'the writes to answer 503',
      async () => {
        alive();
        return unavailable.length >= 3;
      },
      30_000,
    );
    const h = await health(server);
    expect(h.status).toBe(503);
    expect(h.body).toMatchObject({
      status: 'degraded',
      database: { ok: false, kind: 'postgres' },
      jobs: { ok: false },
    });
    // A read needing the session answers 503 too, with the sentence and no trace of the error.
    const me = await student.get(API.me);
    expect(me.status).toBe(503);
    expect(me.body).toEqual({ detail: UI_TEXTS.databaseUnavailable });
    expect(me.headers.get('retry-after')).toBe('5');
    // Signing in as well.
    const fresh = new Browser(server.baseUrl);
    const login = await fresh.signIn(studentEmail);
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ detail: UI_TEXTS.databaseUnavailable });
    await sleep(Math.max(0, CUT_MS - (Date.now() - cutAt)));
    expect(server.child.exitCode).toBeNull();
    const ackedBeforeRestore = acked.length;
    // No write was acknowledged while the database was away.
    expect(acked.filter((w) => w.at > cutAt + 1000)).toEqual([]);

    // --- It comes back: the server reconnects by itself.
    await proxy.open();
    const restoredAt = Date.now();
    await until('/api/health to answer ok again', async () => (await health(server)).status === 200, 30_000);
    expect((await health(server)).body).toMatchObject({
      status: 'ok',
      database: { ok: true },
      jobs: { ok: true },
    });
    await until(
      'writes to be acknowledged again',
      async () => acked.length >= ackedBeforeRestore + 5,
      30_000,
    );
    writing = false;
    await writer;
    expect((await student.get(API.me)).status).toBe(200);
    // Both jobs ran on the server (its worker), after the database came back.
    const jobs = await until(
      'both maintenance jobs to complete',
      async () => {
        const rows = await query<{ id: string; state: string; completed_on: Date | null }>(
          `select id::text, state::text, completed_on from pgboss.job where id = any($1::uuid[])`,
          [[before, during]],
        );
        return rows.length === 2 && rows.every((r) => r.state === 'completed') ? rows : undefined;
      },
      60_000,
    );
    for (const job of jobs) expect(job.completed_on!.getTime()).toBeGreaterThan(restoredAt - 1000);

    // Every acknowledged write is in the database, as acknowledged; the others were 503 with the sentence.
    expect(other).toEqual([]);
    expect(noAnswer).toEqual([]);
    for (const u of unavailable) {
      expect(u.body).toEqual({ detail: UI_TEXTS.databaseUnavailable });
      expect(u.retryAfter).toBe('5');
    }
    const stored = await query<{ id: number; title: string }>(
      'select id, title from todo_items where id = any($1::int[]) order by id',
      [acked.map((w) => w.id)],
    );
    expect(stored).toEqual(acked.map(({ id, title }) => ({ id, title })).sort((a, b) => a.id - b.id));
    // The process never died, and said what happened without a stack trace.
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toContain('[db] a database connection was lost');
    expect(server.output()).not.toMatch(/^\s+at /m);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);

  it('waits at start for a database that is not there yet, then comes up', async () => {
    const proxy = await TcpProxy.create(target, { listening: false });
    proxies.push(proxy);
    const server = start(await freePort(), {
      DATABASE_URL: viaProxy(proxy.port),
      DATABASE_CONNECT_TIMEOUT_S: '120',
    });
    const retry =
      /The database at 127\.0\.0\.1:\d+\/\w+ is not reachable yet \(.+\); attempt \d+, retrying in/g;
    await until('three retry lines', async () => (server.output().match(retry)?.length ?? 0) >= 3, 120_000);
    expect(server.child.exitCode).toBeNull();
    expect(await fetch(`${server.baseUrl}${API.health}`).catch(() => null)).toBeNull();
    await proxy.open();
    await healthy(server);
    expect(server.output()).toContain(`Connected to the database at 127.0.0.1:${proxy.port}/${dbName}.`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('gives up after DATABASE_CONNECT_TIMEOUT_S with exit code 1 and one sentence', async () => {
    const proxy = await TcpProxy.create(target, { listening: false });
    proxies.push(proxy);
    const startedAt = Date.now();
    const server = start(await freePort(), {
      DATABASE_URL: viaProxy(proxy.port),
      DATABASE_CONNECT_TIMEOUT_S: '3',
    });
    expect(await server.exited).toBe(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
    // The start's phase lines (`[start] …`, main.ts) aside, only retry lines and the final sentence.
    const lines = server
      .output()
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('[start]'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(/is not reachable yet \(.+\); attempt \d+, retrying in/);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Could not reach the database at 127\\.0\\.0\\.1:${proxy.port}/${dbName} within 3 s \\(.*ECONNREFUSED.*\\); check DATABASE_URL and that PostgreSQL is running\\.$`,
      ),
    );
    // The password never shows.
    if (pgUrl.password) expect(server.output()).not.toContain(pgUrl.password);
  }, 120_000);
});
