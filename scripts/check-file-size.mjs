#!/usr/bin/env node
/**
 * Guards the file-size rule (docs/architecture.md: every source file at most 400 lines; a module that
 * grows past that is split by responsibility, with one public entry).
 *
 * Lists the source files (*.ts, *.tsx under apps/ and packages/) longer than MAX_LINES and exits 1 when
 * one of them is not in ALLOWLIST, or is longer than the count recorded there: the allowlist holds the
 * files that are still too long, each at its current length, so it only stops them from growing. When
 * an allowlisted file shrinks, the script says so (lower or remove its entry).
 *
 * Not counted: tests (*.test.*, *.spec.*, and everything under test/, tests/, e2e/ and __tests__/),
 * declaration files (*.d.ts), generated code (under generated/) and build output and dependencies
 * (dist/, build/, coverage/, node_modules/).
 *
 * Usage: `node scripts/check-file-size.mjs` (part of `npm run lint`). Lines are counted as `wc -l` does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;

/** Files still over MAX_LINES, with their line count when this list was last updated. */
const ALLOWLIST = {};

const ROOTS = ['apps', 'packages'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'generated',
  'test',
  'tests',
  'e2e',
  '__tests__',
]);

const root = join(fileURLToPath(import.meta.url), '..', '..');

/** Whether `name` is a source file this rule counts. */
function isSource(name) {
  if (!/\.tsx?$/.test(name)) return false;
  return !/\.d\.ts$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name);
}

/** The counted source files under `dir`, as paths relative to the repository root with `/`. */
function sourceFiles(dir) {
  const files = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(path));
    } else if (entry.isFile() && isSource(entry.name)) {
      files.push(relative(root, path).split(sep).join('/'));
    }
  }
  return files;
}

/** Number of lines of a file, as `wc -l` counts them (newline characters). */
function lineCount(path) {
  const text = readFileSync(join(root, path), 'utf8');
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const problems = [];
const shrunk = [];
const over = [];
for (const path of ROOTS.flatMap((r) => sourceFiles(join(root, r))).sort()) {
  const lines = lineCount(path);
  const allowed = ALLOWLIST[path];
  if (lines > MAX_LINES)
    over.push(`  ${path}: ${lines} lines${allowed ? ` (allowlisted at ${allowed})` : ''}`);
  if (allowed === undefined) {
    if (lines > MAX_LINES) problems.push(`${path} has ${lines} lines (at most ${MAX_LINES}).`);
  } else if (lines > allowed) {
    problems.push(`${path} grew to ${lines} lines (allowlisted at ${allowed}; split it instead).`);
  } else if (lines < allowed) {
    shrunk.push(
      lines > MAX_LINES
        ? `${path} shrank to ${lines} lines: lower its allowlist entry to ${lines}.`
        : `${path} is now ${lines} lines: remove it from the allowlist.`,
    );
  }
}

if (over.length > 0) console.log(`Source files over ${MAX_LINES} lines:\n${over.join('\n')}`);
for (const note of shrunk) console.log(`note: ${note}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`error: ${problem}`);
  process.exit(1);
}
console.log(`check-file-size: ok (${over.length} allowlisted file(s) over ${MAX_LINES} lines).`);
