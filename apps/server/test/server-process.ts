import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../src/config.ts';

/**
 * Running the real server (`main.ts`) as a child process, for the suites that start, cut off or kill it.
 * The same approach as multi-instance-worker.test.ts.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` every 100 ms until it returns something truthy; throws after `ms`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Bundles the server as `npm run build` does (scripts/build-server.mjs), into `outdir` (three levels
 * below the repository root, as apps/server/dist is, so that REPO_ROOT and the migrations resolve
 * alike): a bundle starts in a second where tsx would transpile the server for half a minute.
 * Returns the path of main.js.
 */
export async function bundleServer(outdir: string): Promise<string> {
  await build({
    entryPoints: { main: path.join(REPO_ROOT, 'apps/server/src/main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node22.12',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@course-coach/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return path.join(outdir, 'main.js');
}

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when it ends. */
  exited: Promise<number | string>;
}

/** Starts `mainJs` on 127.0.0.1:`port` with `env` on top of the test environment. */
export function startServer(mainJs: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', mainJs], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: path.join(REPO_ROOT, 'apps/server/test/__no_web_build__'),
      CANVAS_STANDIN: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}
