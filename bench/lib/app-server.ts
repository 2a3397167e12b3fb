/**
 * Shared bench helpers: start the built server (apps/server/dist/main.js) on 127.0.0.1 with a throwaway
 * database (PGlite in a temp directory, or a scratch PostgreSQL database created and dropped on the server
 * a `postgres://` URL names), sign in through the real API, and read a process's resident memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, CSRF_COOKIE } from '@course-coach/contracts';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A running server: its base URL, process, database kind, and `stop()` (which also drops its data). */
export interface BenchServer {
  base: string;
  child: ChildProcess;
  kind: 'PostgreSQL' | 'embedded PGlite';
  /** The scratch PostgreSQL database's URL ('' on PGlite), for a benchmark that also writes to it. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server on 127.0.0.1:`port` with a fresh database and the demo data (`extraEnv` is
 * merged last, e.g. SEED_PRESENTATIONS). With `postgresUrl` a scratch database `cc_bench_<name>_<time>`
 * is created on that server and dropped by `stop()`; without it PGlite runs in a temp directory.
 * Resolves once GET /api/health?wait_for=demo answers 200: the demo complete, its background work too
 * (the first start imports the demo data: allow minutes).
 * @throws when the server exits or is not healthy within `timeoutMs`.
 */
export async function startServer(opts: {
  name: string;
  port: number;
  postgresUrl?: string;
  extraEnv?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  const dataDir = path.join(os.tmpdir(), `cc-bench-${opts.name}-${process.pid}`);
  let databaseUrl = '';
  let dropDb: (() => Promise<void>) | null = null;
  if (opts.postgresUrl) {
    const dbName = `cc_bench_${opts.name.replace(/\W/g, '_')}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: opts.postgresUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(opts.postgresUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: opts.postgresUrl });
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    };
  }
  const child = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/server/dist/main.js'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        ...opts.extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDb?.();
  };
  try {
    const t0 = performance.now();
    const timeoutMs = opts.timeoutMs ?? 900_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}${API.health}?wait_for=demo`)).status === 200) break;
      } catch {}
      if (performance.now() - t0 > timeoutMs) throw new Error('server did not become healthy in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, child, kind: databaseUrl ? 'PostgreSQL' : 'embedded PGlite', databaseUrl, stop };
}

/** A signed-in session: the Cookie header, the CSRF token, and GET /api/v1/me's answer. */
export interface Session {
  cookie: string;
  csrf: string;
  me: {
    user: { id: number };
    institutions: Array<{ id: number }>;
    coaches: Array<{ id: number; institution_id: number; role: string; course: string; term: string }>;
  };
}

/**
 * Signs in `email` with `password` through the API (CSRF cookie, then POST login).
 * @returns the session, or null when the sign-in is refused (any non-200 answer).
 */
export async function signIn(base: string, email: string, password = 'coach-demo'): Promise<Session | null> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
    }
  };
  keep(await fetch(`${base}${API.csrf}`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const res = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get(CSRF_COOKIE)!, cookie: cookie() },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) return null;
  keep(res);
  const me = (await res.json()) as Session['me'];
  return { cookie: cookie(), csrf: jar.get(CSRF_COOKIE)!, me };
}

/**
 * A session's Cookie header (`Session.cookie`: `name=value; …`, values URI-encoded) as the cookies a
 * browser context takes (Playwright's `BrowserContext.addCookies`), for the site at `base`.
 */
export function browserCookies(
  cookie: string,
  base: string,
): Array<{ name: string; value: string; url: string }> {
  return cookie.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), url: base };
  });
}

/** Resident set size of a process in MiB (Linux /proc), or NaN when it cannot be read. */
export function rssMiB(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}
