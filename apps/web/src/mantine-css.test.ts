import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const CORE = path.resolve(SRC, '../../../node_modules/@mantine/core');
/** The files a stylesheet of src imports, in order. */
const importsOf = (sheet: string) =>
  [...readFileSync(path.join(SRC, sheet), 'utf8').matchAll(/@import "([^"]+)";/g)].map((m) => m[1]!);
/**
 * The first screens' files (mantine.css), those the dashboard's first content adds (mantine-dashboard.css),
 * then those of the components only later code renders.
 */
const first = importsOf('mantine.css');
const dashboard = importsOf('mantine-dashboard.css');
const later = importsOf('mantine-later.css');
const imported = [...first, ...dashboard, ...later];

/** Every .ts/.tsx file under src, tests excluded. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('mantine.css, mantine-dashboard.css and mantine-later.css (the @mantine/core styles the app imports)', () => {
  it('imports the file of every component the app imports from @mantine/core, once', () => {
    const names = new Set<string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of m[1]!.split(',')) names.add(name.replace(/^\s*type\s+/, '').trim());
      }
    }
    const missing = [...names].filter(
      (name) =>
        existsSync(path.join(CORE, 'styles', `${name}.css`)) &&
        !imported.includes(`@mantine/core/styles/${name}.css`),
    );
    // Sanity check of the scan itself: the app does import components with styles of their own.
    expect(names.has('Button')).toBe(true);
    expect(missing).toEqual([]);
    expect(new Set(imported).size).toBe(imported.length);
  });

  it('starts with the global styles and keeps the order of @mantine/core/styles.css in each file', () => {
    expect(first.slice(0, 2)).toEqual([
      '@mantine/core/styles/baseline.css',
      '@mantine/core/styles/global.css',
    ]);
    // The theme's variables come from MantineProvider (providers.tsx: deduplicateCssVariables={false}).
    expect(first).not.toContain('@mantine/core/styles/default-css-variables.css');
    const whole = readFileSync(path.join(CORE, 'styles.css'), 'utf8');
    for (const sheet of [first, dashboard, later]) {
      const positions = sheet.map((file) => {
        const own = readFileSync(path.join(CORE, file.replace('@mantine/core/', '')), 'utf8');
        return whole.indexOf(own.slice(0, 300));
      });
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
