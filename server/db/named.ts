import { createHash } from 'node:crypto';
import type pg from 'pg';
import { NodePgSession } from 'drizzle-orm/node-postgres';

/**
 * A statement's name on a connection: its text's hash, so that a text is parsed once per
 * connection and the same text always finds its own statement (never another's of the same name).
 */
const names = new Map<string, string>();
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    // Texts are the code's statements (a bounded few hundred); a bulk insert's rows make a text per row count.
    if (names.size > 5_000) names.clear();
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** How many statements a connection keeps prepared by {@link namingSession}, at most: PostgreSQL keeps each one's parse tree and plans in the backend's memory. */
const MAX_NAMED_PER_CONNECTION = 400;
const namedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * Drizzle's session on a write's transaction (`connection`: a request that changes something,
 * `transaction(…, { nameStatements })`), with every statement that carries values sent as a named
 * prepared statement (its text's {@link statementName}): PostgreSQL parses, analyses and
 * rewrites it once per connection instead of on every run, and from its sixth run on that
 * connection may keep a generic plan (PostgreSQL's own choice, `plan_cache_mode = auto`, made per
 * statement from the cost of its custom plans). Writes only: a write's statements are keyed (a
 * record by its id), while a read's filtered page must be planned for its values — named, the
 * bookings filtered at 1,000,000 kept a generic plan after five runs and walked the list's whole
 * order index (750 ms a request in the bench; docs/performance.md "Filtered pages are planned for
 * their values"). A request's dozens of small statements (a booking's creation sends 22) were
 * each parsed and planned every time: docs/performance.md, issue 32. Statements without values
 * stay unnamed (node-postgres sends them as simple queries, which may hold several commands), and a
 * connection names at most {@link MAX_NAMED_PER_CONNECTION} texts.
 */
export function namingSession(connection: pg.PoolClient, ...rest: DropFirst<ConstructorParameters<typeof NodePgSession>>): NodePgSession<Record<string, never>, never> {
  const session = new NodePgSession<Record<string, never>, never>(connection, ...(rest as [never, never, never]));
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = ((query, fields, name, ...more) => prepare(query, fields, name ?? nameOn(connection, query), ...more)) as typeof session.prepareQuery;
  return session;
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** The name a statement of this connection runs under, or none (no values, or the connection's names all taken). */
function nameOn(connection: pg.PoolClient, query: { sql: string; params: unknown[] }): string | undefined {
  if (query.params.length === 0) return undefined;
  let named = namedOn.get(connection);
  if (!named) namedOn.set(connection, (named = new Set()));
  const name = statementName(query.sql);
  if (!named.has(name)) {
    if (named.size >= MAX_NAMED_PER_CONNECTION) return undefined;
    named.add(name);
  }
  return name;
}
