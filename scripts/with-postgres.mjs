#!/usr/bin/env node
/**
 * Runs a command with DATABASE_URL pointing at the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/test; override with TEST_DATABASE_URL). The server tests only
 * connect to it: they create their templates and each file's databases beside it on that server and drop
 * them afterwards (apps/server/test/global-setup.ts).
 */
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const [cmd, ...args] = process.argv.slice(2);
const result = spawnSync(cmd, args, {
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
