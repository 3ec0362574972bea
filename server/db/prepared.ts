import { createHash } from 'node:crypto';
import { sql, type Query, type SQL } from 'drizzle-orm';
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
export function preparedOnce<R, V extends Record<string, unknown>>(build: () => SQL, options: { generic?: boolean } = {}): (tx: Tx, values: V) => Promise<R[]> {
  let built: { query: Query; name: string } | undefined;
  return async (tx, values) => {
    const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
    if (!built) {
      const query = dialect.sqlToQuery(build());
      built = { query, name: `p_${createHash('sha1').update(query.sql).digest('base64url')}` };
    }
    const run = async () => ((await session.prepareQuery(built!.query, undefined, built!.name, false).execute(values)) as { rows: R[] }).rows;
    return options.generic ? withGenericPlan(tx, run) : run();
  };
}

/** Transactions whose every statement is planned generically (a route's `genericPlans`: its first round trip set it). */
const generic = new WeakSet<Tx>();
export const planGenerically = (tx: Tx) => void generic.add(tx);

/**
 * Runs `run` with PostgreSQL's generic plan for its prepared statements (`plan_cache_mode =
 * force_generic_plan` around it; a failure rolls the setting back with the transaction): planned
 * once per connection from the first run, where PostgreSQL's own choice plans each of the first
 * five runs for its values. For statements whose plan does not depend on the values (a record's
 * answer by its id: unique-index walks) and whose planning costs more than their execution.
 */
export async function withGenericPlan<T>(tx: Tx, run: () => Promise<T>): Promise<T> {
  if (generic.has(tx)) return run();
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
  generic.add(tx);
  let result: T;
  try {
    result = await run();
  } finally {
    generic.delete(tx);
  }
  await tx.execute(sql`select set_config('plan_cache_mode', 'auto', true)`);
  return result;
}

/**
 * Statements whose text and values are the same from request to request but for a few values, each
 * built once per `key` and run with those few as placeholders (`sql.placeholder(name)`, filled from
 * `values` on each run): for a statement of thousands of pieces that Drizzle would otherwise walk on
 * every request (the work queue's: about half of its server CPU, docs/performance.md). The key must
 * name everything the built statement depends on but the placeholders: a value baked into a
 * statement under a key that does not name it would be served to another request. The most recently
 * used `max` are kept. `named`: a named prepared statement (parsed once per connection, and planned
 * once with {@link withGenericPlan} around it), for a bounded few texts; otherwise unnamed.
 */
export function statementCache(max = 256) {
  const built = new Map<string, { query: Query; name: string }>();
  return async <R>(tx: Tx, key: string, build: () => SQL, values: Record<string, unknown>, { named = false } = {}): Promise<R[]> => {
    const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
    let entry = built.get(key);
    if (entry) built.delete(key);
    else {
      const query = dialect.sqlToQuery(build());
      entry = { query, name: `p_${createHash('sha1').update(query.sql).digest('base64url')}` };
      if (built.size >= max) built.delete(built.keys().next().value!);
    }
    built.set(key, entry);
    return ((await session.prepareQuery(entry.query, undefined, named ? entry.name : undefined, false).execute(values)) as { rows: R[] }).rows;
  };
}
