import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server `npm run dev` proxies to (start it with `node --import tsx apps/server/src/main.ts`). */
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** The classic script index.html runs first (its requests start before the app's code is in). */
const EARLY_REQUESTS = new URL('./src/boot/early-requests.js', import.meta.url);

/**
 * Names src/boot/early-requests.js first in index.html's <head>, as a classic `async` script: it does not
 * hold up the parser and runs as soon as it is fetched, so /me and a student's dashboard parts are requested
 * while the app's JavaScript still loads (docs/student-experience.md "Early requests"). Not `defer`:
 * Chromium ran the deferred script only once the page's stylesheet was in (measured: /me asked at 610 ms,
 * right after the CSS, instead of at 290 ms, when the script itself had arrived). It still runs
 * before the app's module script in practice (one small file against the app's whole module graph); if it
 * ever did not, the app asks the network itself.
 * The build writes it as `assets/early-requests-<hash>.js` (cached for a year like the other assets); the
 * dev server serves it from src.
 */
function earlyRequests(): Plugin {
  const source = readFileSync(EARLY_REQUESTS);
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/early-requests-${hash}.js`;
  return {
    name: 'course-coach-early-requests',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => [
        {
          tag: 'script',
          attrs: ctx.bundle
            ? { src: `/${fileName}`, async: true }
            : { src: '/src/boot/early-requests.js', async: true },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

/**
 * Vite config of the web app. The dev server proxies the API and the one non-/api task endpoint
 * (spec §7: /Dashboard/Coach/{coachId}/cohort-membership-update/{cohortId}) to the Fastify server;
 * `vite build` writes apps/web/dist, which that server serves in production, with a brotli (`.br`) and a
 * gzip (`.gz`) copy beside every text file (JS, CSS, HTML, SVG, JSON) so that the server sends them
 * compressed without compressing at request time (@fastify/static `preCompressed`, see apps/server/src/app.ts).
 */
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    earlyRequests(),
    // Only built for `vite build`: the plugin wraps process.stdout.write as soon as it is created and
    // restores it at the end of a build, which the dev server and Vitest never reach.
    // Its defaults: brotli at quality 11 and gzip at level 9, kept only when smaller than the file;
    // source maps (.map) are not matched and stay uncompressed (only developer tools fetch them).
    command === 'build' && compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: {
    // React Router's package exports name only its development build (its warnings on), for every build:
    // remix-run/react-router#14102. Its production build (the same code with the warnings off) for ours;
    // the dev server and tests keep the development build and its warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                import.meta.resolve('react-router').replace('/development/', '/production/'),
              ),
            },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '^/Dashboard/Coach/[^/]+/cohort-membership-update': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // A zod schema is built by calls on `z` (`z.object({…}).extend(…)`), which the bundler cannot tell are
      // free of side effects, so every schema of every module the app imports from @course-coach/contracts
      // stayed in the first chunk. Marked pure, a schema no loaded code uses is dropped (docs/architecture.md
      // "Keeping the first load small"). Whatever must run for its effect is not called on `z` (zod-config.ts).
      // Likewise an endpoint's description (`defineEndpoint`, and the `access` policy it names): one no page
      // calls is dropped with its schemas.
      treeshake: { manualPureFunctions: ['z', 'defineEndpoint', 'access'] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // zod and our `z.config({ jitless: true })` (src/zod-config.ts) in one chunk, so the config runs
            // before any module builds a schema: zod probes `new Function('')` when a schema is built, and
            // the server's CSP (no 'unsafe-eval') reports that probe as a violation. Left to itself, the
            // bundler put the shared contracts in a chunk that ran before main.tsx's first import.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-config\.ts$/, priority: 30 },
            // The first screen's code in two files, libraries (React, the router, TanStack Query, the Mantine
            // components the shell renders) and ours, instead of about 30 small chunks: every module the entry
            // imports statically (rolldown's `$initial` tag) is loaded before the first screen anyway, and
            // each file is one more request on the browser's six HTTP/1.1 connections and its own gzip
            // dictionary (docs/architecture.md "Keeping the first load small").
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 20 },
            { name: 'initial', tags: ['$initial'], priority: 15 },
            // Only the floating-ui modules (menus, popovers and selects, which the first screen does not
            // show): left to itself, the bundler put small Mantine hooks the shell uses into floating-ui's
            // chunk, so the first load carried all of floating-ui for them. Ranked after the two groups
            // above: a group takes its modules' dependencies along, and ranked first this one's chunk landed
            // in the first load.
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));
