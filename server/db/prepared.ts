import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/**
 * Runs a statement as a named prepared statement, named by its text's hash: each connection parses
 * and plans it once, then runs it with new parameters (planning was a third to a half of the
 * PostgreSQL time of the statements that use this: the lists' pages, a booking's and a payment's
 * answer; docs/performance.md). For statements run on every request only: each distinct text stays
 * prepared on every connection that ran it.
 */
export async function executePrepared<R>(tx: Tx, query: SQL): Promise<R[]> {
  const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: R[] };
  return result.rows;
}

/**
 * A statement built once, run as {@link executePrepared} runs it: `build` writes it with
 * `sql.placeholder(name)` where a request's values go, and each run passes the values. For the
 * large statements of every request (a booking's answer, a payment's): Drizzle builds a statement
 * by walking and type-checking each of its thousands of pieces, about a millisecond of the
 * server's CPU per answer on this machine, for a text that never changes (docs/performance.md,
 * issue 32). Built on its first run (the schema's tables are defined by then).
 */
export function preparedOnce<R, V extends Record<string, unknown>>(build: () => SQL): (tx: Tx, values: V) => Promise<R[]> {
  let built: { query: Query; name: string } | undefined;
  return async (tx, values) => {
    const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
    if (!built) {
      const query = dialect.sqlToQuery(build());
      built = { query, name: `p_${createHash('sha1').update(query.sql).digest('base64url')}` };
    }
    const result = (await session.prepareQuery(built.query, undefined, built.name, false).execute(values)) as { rows: R[] };
    return result.rows;
  };
}
