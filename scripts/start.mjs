#!/usr/bin/env node
/**
 * `npm start`: runs `npm run build` when the built web app (apps/web/dist) or the bundled server
 * (apps/server/dist) is missing or older than its sources, then starts the bundled server, which
 * migrates the database and imports the demo data when it is empty. Each phase prints a `[start]` line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  {
    output: path.join(root, 'apps/web/dist/index.html'),
    sources: ['apps/web/src', 'apps/web/index.html', 'packages/contracts/src'],
  },
  {
    output: path.join(root, 'apps/server/dist/main.js'),
    sources: ['apps/server/src', 'packages/contracts/src'],
  },
];

/** Newest modification time (ms) of the files under `dir`. */
function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const stale = builds.some(({ output, sources }) => {
  const builtAt = mtime(output);
  return (
    builtAt === 0 ||
    sources.some((src) => {
      const full = path.join(root, src);
      return fs.statSync(full).isDirectory() ? newest(full) > builtAt : mtime(full) > builtAt;
    })
  );
});
if (stale) {
  // The `[start]` lines mark the phases of a start (bench/startup.bench.mjs times them).
  console.log('[start] building the app (npm run build: the web app, then the server bundle)…');
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`[start] app built (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

process.setSourceMapsEnabled(true);
// The server runs in this process (one Node start less); main.js handles SIGINT/SIGTERM itself.
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
