import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.ts';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOGIN_MAX_FAILURES).toBe(5);
    expect(config.OULAD_DIR).toBe(path.join(REPO_ROOT, 'demo-data', 'oulad'));
    // The demo data ships in the repository: all seven OULAD tables, gzip-compressed.
    expect(
      fs
        .readdirSync(config.OULAD_DIR)
        .filter((f) => f.endsWith('.csv.gz'))
        .sort(),
    ).toEqual([
      'assessments.csv.gz',
      'courses.csv.gz',
      'studentAssessment.csv.gz',
      'studentInfo.csv.gz',
      'studentRegistration.csv.gz',
      'studentVle.csv.gz',
      'vle.csv.gz',
    ]);
  });

  it('reads good values', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgresql://u@h:5432/db', SEED_DEMO: 'false' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://u@h:5432/db');
    expect(config.SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  for (const port of ['abc', '-1', '65536', '80.5', '3000abc']) {
    it(`rejects PORT=${port} naming PORT`, () => {
      const error = configError({ PORT: port });
      expect(error.message).toMatch(/^\s*PORT: /m);
      expect(error.message).toContain(JSON.stringify(port));
      expect(error.message).not.toMatch(/DATABASE_URL/);
    });
  }

  for (const url of ['mysql://root@localhost/db', 'localhost:5432', 'not a url']) {
    it(`rejects DATABASE_URL=${url} naming DATABASE_URL`, () => {
      const error = configError({ DATABASE_URL: url });
      expect(error.message).toMatch(/^\s*DATABASE_URL: /m);
      expect(error.message).toMatch(/postgres/);
    });
  }

  it('reads DATABASE_CONNECT_TIMEOUT_S: 60 s by default, whole seconds from 0', () => {
    expect(loadConfig({}).DATABASE_CONNECT_TIMEOUT_S).toBe(60);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_S: '0' }).DATABASE_CONNECT_TIMEOUT_S).toBe(0);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_S: '300' }).DATABASE_CONNECT_TIMEOUT_S).toBe(300);
  });

  for (const value of ['-1', '1.5', 'soon', '86401']) {
    it(`rejects DATABASE_CONNECT_TIMEOUT_S=${value} naming it`, () => {
      const error = configError({ DATABASE_CONNECT_TIMEOUT_S: value });
      expect(error.message).toMatch(/^\s*DATABASE_CONNECT_TIMEOUT_S: /m);
      expect(error.message).toContain(JSON.stringify(value));
    });
  }

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(error.message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });
});

/** Runs the server entry point with `extra` on top of this process's environment (no DATABASE_URL). */
async function runMain(dataDir: string, extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.DATABASE_URL; // never the server test run's database, should the config be accepted by mistake
  Object.assign(env, { DATA_DIR: dataDir, WORKERS: 'false', PORT: '0', HOST: '127.0.0.1' }, extra);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within 240 s\n${stdout}\n${stderr}`));
    }, 240_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('server entry point', () => {
  // A busy machine may take a minute to load the TypeScript sources and create an embedded database.
  it('exits with code 1 and names the variable when PORT is bad', { timeout: 300_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-config-test-'));
    try {
      const { code, stdout, stderr } = await runMain(dataDir, { PORT: 'abc', SEED_DEMO: 'false' });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^\s*PORT: /m);
      expect(stderr).toContain('"abc"');
      expect(stderr).not.toMatch(/\bat .+\.(ts|js):\d+/); // a message, not a stack trace
      expect(stdout).not.toMatch(/listening/i);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits with code 1 and one sentence naming the folder when the demo data is missing', {
    timeout: 300_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-config-test-'));
    const ouladDir = path.join(dataDir, 'no-oulad-here');
    try {
      const { code, stdout, stderr } = await runMain(dataDir, { OULAD_DIR: ouladDir, SEED_DEMO: 'true' });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `The demo data folder ${ouladDir} (OULAD_DIR) does not exist: it must hold the OULAD files courses, studentInfo, studentRegistration, assessments, studentAssessment (each as .csv.gz or .csv, see demo-data/oulad/README.md), or set SEED_DEMO=false.`,
      ]);
      expect(stdout).not.toMatch(/listening/i);
      // Checked before the embedded database is created: no minute spent, nothing left behind.
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
