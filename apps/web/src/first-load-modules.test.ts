import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contracts' modules the web's first screens import (the sign-in page and the shell: their texts,
 * paths and error keys) must not bring zod along, directly or through another module they import, or
 * zod lands in the first load (docs/architecture.md "Keeping the first load small"). Checked from the
 * sources: every non-type import, followed within the contracts.
 */
const dir = path.resolve(import.meta.dirname, '../../../packages/contracts/src');
const FIRST_LOAD = [
  ...fs.readdirSync(dir).filter((f) => f.endsWith('-texts.ts')),
  'errors.ts',
  'paths.ts',
  'safe-path.ts',
  'messages.ts',
];

/** The modules `file` imports for their values (`import type` left out), as paths, and its packages. */
function valueImports(file: string): { local: string[]; packages: string[] } {
  const source = fs.readFileSync(file, 'utf8');
  const local: string[] = [];
  const packages: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) local.push(path.resolve(path.dirname(file), spec));
    else packages.push(spec);
  }
  return { local, packages };
}

/** The packages `file` reaches through its value imports, with the chain that reaches each. */
function packagesReached(file: string, seen = new Set<string>()): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (seen.has(file)) return out;
  seen.add(file);
  const { local, packages } = valueImports(file);
  for (const p of packages) out.set(p, [path.basename(file)]);
  for (const next of local)
    for (const [p, chain] of packagesReached(next, seen))
      if (!out.has(p)) out.set(p, [path.basename(file), ...chain]);
  return out;
}

describe('contracts modules of the first load', () => {
  it('are found', () => {
    expect(FIRST_LOAD).toContain('sso-texts.ts');
    expect(FIRST_LOAD.length).toBeGreaterThan(10);
  });

  for (const name of FIRST_LOAD) {
    it(`${name} brings no zod`, () => {
      const chain = packagesReached(path.join(dir, name)).get('zod');
      expect(chain, chain && `zod reached through ${chain.join(' → ')}`).toBeUndefined();
    });
  }
});
