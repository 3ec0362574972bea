import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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
