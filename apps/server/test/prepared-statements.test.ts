import { describe, expect, it } from 'vitest';
import { PreparedStatementNames } from '../src/db/client.ts';

/** db/client.ts: which parameterised statements run as named prepared statements on PostgreSQL. */
describe('prepared statement names', () => {
  it('names a text from its third run on, always with the same name, and another text differently', () => {
    const names = new PreparedStatementNames();
    const a = 'select 1 from users where id = $1';
    expect(names.nameOf(a)).toBeNull();
    expect(names.nameOf(a)).toBeNull();
    const name = names.nameOf(a);
    expect(name).toMatch(/^cc_[A-Za-z0-9_-]{32}$/);
    expect(names.nameOf(a)).toBe(name);
    const b = 'select 2 from users where id = $1';
    names.nameOf(b);
    names.nameOf(b);
    const other = names.nameOf(b);
    expect(other).not.toBeNull();
    expect(other).not.toBe(name);
  });

  it('names at most 500 texts; the rest run unnamed, the named keep their names', () => {
    const names = new PreparedStatementNames();
    const first = names.nameOf('q0') ?? names.nameOf('q0') ?? names.nameOf('q0');
    for (let i = 1; i < 500; i++) for (let run = 0; run < 3; run++) names.nameOf(`q${i}`);
    for (let run = 0; run < 5; run++) expect(names.nameOf('one too many')).toBeNull();
    expect(names.nameOf('q0')).toBe(first);
    expect(names.nameOf('q499')).not.toBeNull();
  });
});
