#!/usr/bin/env node
/**
 * Bundles the server's entry points (main, worker, seed CLI) with esbuild into apps/server/dist so that
 * `npm start` loads one pre-compiled file instead of transpiling TypeScript at every start.
 * npm packages stay external (loaded from node_modules); the workspace's own packages are bundled.
 * Migrations are read from apps/server/src/db/migrations at run time (see db/migrate.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');

/** Keeps bare imports of npm packages external, bundles relative files and @course-coach/* workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@course-coach/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    worker: path.join(server, 'src/worker.ts'),
    seed: path.join(server, 'src/seed/cli.ts'),
  },
  outdir: path.join(server, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node22.12',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log('server bundled into apps/server/dist');
