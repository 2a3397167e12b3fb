import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../src/db/open.ts';
import { testConfig } from './helpers.ts';

/**
 * DATA_DIR and the embedded database's files are for the server's user only (SECURITY.md): opened the
 * way `npm start`, the worker and the seed CLI open it, a fresh DATA_DIR ends up 0700 with no file or
 * folder below it readable or writable by the group or others, and an existing open one is tightened.
 */

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode gives the group or others any access. */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = fs.lstatSync(current);
    if ((stat.mode & 0o077) !== 0) out.push(`${(stat.mode & 0o777).toString(8)} ${current}`);
    if (stat.isDirectory())
      for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
  }
  return out;
}

async function openAndClose(dataDir: string) {
  const database = await openConfiguredDatabase(testConfig({ DATA_DIR: dataDir }));
  await database.query('create table t (x int)');
  await database.close();
}

describe('DATA_DIR file modes', () => {
  it('creates a fresh DATA_DIR 0700 with the embedded database’s files 0600', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-data-'));
    roots.push(root);
    const dataDir = path.join(root, 'nested', 'data');
    await openAndClose(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('tightens an existing DATA_DIR that is open to everyone', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-data-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'note.txt'), 'x');
    fs.chmodSync(path.join(dataDir, 'note.txt'), 0o666);
    await openAndClose(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
