#!/usr/bin/env node
/**
 * `npm test`: the whole suite, phase by phase — lint, type check, the unit and integration tests on the
 * embedded database and on PostgreSQL side by side with the web and contracts tests (all three at once:
 * the server files wait on processes and databases of their own part of the time, docs/decisions/0016;
 * `test:db` prints each one's time), the build, then the e2e
 * tests in Chromium — stopping at the first phase that fails (its exit code is ours). Prints each phase's
 * wall-clock duration as it ends and a summary at the end, so a slow CI run shows where its time went.
 */
import { spawnSync } from 'node:child_process';

const phases = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['tests (PGlite ‖ PostgreSQL)', 'npm run test:db'],
  ['build', 'npm run build'],
  ['e2e', 'npm run test:e2e'],
];
const started = Date.now();
const done = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
for (const [name, command] of phases) {
  const t0 = Date.now();
  console.log(`\n== npm test: ${name} (${command})`);
  const result = spawnSync(command, { stdio: 'inherit', shell: true });
  const took = Date.now() - t0;
  done.push(`${name}: ${seconds(took)}`);
  console.log(`== npm test: ${name} ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}`);
  if (result.status !== 0) {
    console.log(`== npm test: failed at ${name} after ${seconds(Date.now() - started)} (${done.join(', ')})`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n== npm test: all passed in ${seconds(Date.now() - started)} (${done.join(', ')})`);
