import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/** The subset of PreparedStatementNames (./client.ts) this module needs: a name once a text is hot. */
interface StatementNames {
  nameOf(text: string): string | null;
}

/** PostgreSQL's SQLSTATE for "prepared statement already exists" (duplicate_prepared_statement). */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * A query runner for PGlite that runs hot parameterised statements as named prepared statements, as
 * `Database.query` does on PostgreSQL (`PreparedStatementNames` in ./client.ts): PGlite's own `query` sends
 * every statement unnamed, so it is parsed and planned on every call, and the dashboard's activity reads
 * spend more time planning than running. A named statement is parsed once (PostgreSQL's extended query
 * protocol: Parse with a name, then Bind/Execute per call), and after five runs PostgreSQL may keep a
 * generic plan (`plan_cache_mode = auto`). The messages, the parameter serialisers, the row parsers and
 * the exclusive lock are PGlite's own (`protocol.serialize`, `pglite.serializers`, `parse.parseResults`,
 * `runExclusive`), in the order its `query` sends them; texts that are not hot, and statements without
 * parameters, go through `pglite.query` unchanged. Errors are PGlite's `DatabaseError` (with `code`), as
 * from `pglite.query`. Statements inside `Database.transaction` keep PGlite's own path.
 *
 * Takes the database and the names' budget; returns rows as `pglite.query(...).rows` would.
 */
export function namedStatementQuery(pglite: PGlite, names: StatementNames) {
  /** Parameter type OIDs of each statement prepared on this database, by name. */
  const prepared = new Map<string, number[]>();
  const exec = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  /** Parses `text` as `name` (once) and returns its parameter types; a name left from a failed attempt is reused. */
  async function prepare(name: string, text: string): Promise<number[]> {
    try {
      await exec(protocol.serialize.parse({ name, text }));
    } catch (error) {
      await exec(protocol.serialize.sync());
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    }
    const described: Array<{ name: string; dataTypeIDs?: number[] }> = [];
    try {
      described.push(...(await exec(protocol.serialize.describe({ type: 'S', name }))));
    } finally {
      await exec(protocol.serialize.sync());
    }
    const types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    prepared.set(name, types);
    return types;
  }

  return async <T>(text: string, params?: unknown[]): Promise<T[]> => {
    const name = params?.length ? names.nameOf(text) : null;
    if (!name || !params) return (await pglite.query<T>(text, params)).rows;
    return pglite.runExclusive(async () => {
      const types = prepared.get(name) ?? (await prepare(name, text));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[types[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const messages = [];
      try {
        messages.push(
          ...(await exec(protocol.serialize.bind({ statement: name, values }))),
          ...(await exec(protocol.serialize.describe({ type: 'P' }))),
          ...(await exec(protocol.serialize.execute({}))),
        );
      } finally {
        messages.push(...(await exec(protocol.serialize.sync())));
      }
      await pglite.syncToFs();
      return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
    });
  };
}
