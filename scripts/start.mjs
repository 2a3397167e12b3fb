#!/usr/bin/env node
/**
 * `npm start`: builds the web app when apps/web/dist is missing or older than its sources, then starts
 * the server (which migrates the database and imports the demo data when it is empty).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

/** Newest modification time (ms) of the files under `dir`. */
function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/contracts/src')];
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (builtAt === 0 || sources.some((dir) => newest(dir) > builtAt)) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
