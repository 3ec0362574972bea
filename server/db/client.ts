import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import { maskSqlLiterals } from '../log';
import { isDatabaseUnavailable } from './unavailable';
import { namingSession } from './named';

/** The product's queries use the query builder, never Drizzle's relational API: no table list is needed here. */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  pool: pg.Pool;
  /**
   * The connection's own role, outside any organization. For the running server that is its login
   * role (server/db/roles.ts): the service role's rights only — sign-in and sessions through
   * security-definer functions, the job queue, no organization's rows. Connected as the owner
   * (migrations, the demo seed), it is the owner's.
   */
  db: Db;
  /** Runs `fn` in one transaction as the tenant role with the organization set: row-level security scopes every query. */
  withTenant<T>(organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction as the platform role: the parent service's few tables and columns (server/migrate.ts). */
  asPlatform<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction whose first round trip sends `begin` and `opening` together (one
   * simple query, so `opening` has no parameters: every value in it must be a {@link literal}).
   * `fn` gets the results of the opening's statements. Commit when `fn` resolves, rollback when it throws.
   * `nameStatements`: the transaction's statements with values run as named prepared statements
   * (server/db/named.ts) — for writes, whose statements are keyed; a read's filtered page must be
   * planned for its values, which a prepared statement's generic plan is not.
   */
  transaction<T>(opening: string, fn: (tx: Tx, opened: pg.QueryResult[]) => Promise<T>, options?: { nameStatements?: boolean }): Promise<T>;
  close(): Promise<void>;
}

export const TENANT_ROLE = 'travel_tenant';
export const PLATFORM_ROLE = 'travel_platform';
/** What the server's login role may do outside any organization (server/migrate.ts, SERVICE_GRANTS). */
export const SERVICE_ROLE = 'travel_service';

// Dates stay as 'YYYY-MM-DD' strings; bigint sums arrive as text and are converted where read.
pg.types.setTypeParser(1082, (s) => s);

/** A value written into SQL text (a simple query cannot carry parameters). */
export const literal = (value: string) => pg.escapeLiteral(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The statement that makes the rest of a transaction the tenant's: its role, and its organization for row-level security. */
export function tenantSettings(organizationId: string): string {
  if (!UUID.test(organizationId)) throw new Error(`not an organization id: ${organizationId}`);
  return `select set_config('role', '${TENANT_ROLE}', true), set_config('app.org_id', ${literal(organizationId)}, true)`;
}

/**
 * Runs `fn` inside `tx` as the tenant of `organizationId` (its role and its organization for
 * row-level security), then gives the transaction back its role and organization: one transaction
 * may set up an organization it has just created (the seed, the platform's onboarding).
 */
export async function asTenant<T>(tx: Tx, organizationId: string, fn: () => Promise<T>): Promise<T> {
  const { rows } = await tx.execute<{ role: string; org: string | null }>(sql`select current_user as role, current_setting('app.org_id', true) as org`);
  await tx.execute(sql.raw(tenantSettings(organizationId)));
  const result = await fn();
  await tx.execute(sql`select set_config('role', ${rows[0].role}, true), set_config('app.org_id', ${rows[0].org ?? ''}, true)`);
  return result;
}

/** LOG_SQL: nothing, the statements (literals masked, parameters counted), or the statements with their values. */
export type SqlLogging = 'off' | 'statements' | 'values';

/** How long the health check waits for the database's answer before calling it unreachable. */
const HEALTH_TIMEOUT_MS = 5_000;

/** Whether the database answers a trivial query now (through the pool, within a few seconds). */
export async function databaseReachable(database: Pick<Database, 'pool'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)));
  try {
    return await Promise.race([database.pool.query('select 1').then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a new connection may take before the request gives up (a dropped network otherwise waits for TCP's own time-out). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long an idle connection stays in the pool: five minutes, not pg-pool's 10 s. A connection keeps
 * what PostgreSQL learnt on it (each prepared statement's plan, the catalogue's caches); closed after
 * 10 s of quiet, which an office's pace of requests often leaves, each request of the next minute
 * paid for a new connection and planned its statements again (docs/performance.md, issue 32).
 */
const POOL_IDLE_MS = 300_000;

/**
 * How long a connection may sit idle inside a transaction before the database ends it, at the
 * least. A request's transaction waits on other things only for a bounded time (a model's answer,
 * `AI_TIMEOUT_SECONDS`; a mail server, `MAIL_TIMEOUT_SECONDS`: the server's limit is the longest of
 * these plus a minute, `idleInTransactionLimit`), so past it only a client that is gone (a host that
 * vanished, a process frozen) leaves one idle: without a limit, its row locks (a booking's, an
 * idempotency key's claim) stay held until TCP's keep-alive gives up, hours later.
 */
export const IDLE_IN_TRANSACTION_MS = 120_000;

/** The server's idle-in-transaction limit: {@link IDLE_IN_TRANSACTION_MS}, or longer than the longest wait its requests and jobs may make. */
export const idleInTransactionLimit = (waitsMs: number[]) => Math.max(IDLE_IN_TRANSACTION_MS, ...waitsMs.map((ms) => ms + 60_000));

/**
 * A pool on `url`. `role`: every connection starts as that role (a startup option) — the server's
 * login role has no rights of its own (NOINHERIT) and works as the service role outside an
 * organization's transaction (server/db/roles.ts). Every connection ends a transaction left idle
 * for `idleInTransactionMs` ({@link IDLE_IN_TRANSACTION_MS}).
 */
export function connect(url: string, poolSize = 20, logSql: SqlLogging = 'off', role?: string, idleInTransactionMs = IDLE_IN_TRANSACTION_MS): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: POOL_IDLE_MS,
    keepAlive: true,
    // Settings from the connection's first packet (as `-c role=…` would): no statement to forget.
    options: [...(role ? [`-c role=${role}`] : []), `-c idle_in_transaction_session_timeout=${idleInTransactionMs}`].join(' '),
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  // A client in use has no listener of the pool's: without one of its own, the error its
  // connection emits when the database terminates it (57P01, a restart, a dropped network) is an
  // unhandled 'error' event that ends the process. The query in flight fails with it anyway, and
  // the client is released broken and discarded, so the listener only has to exist.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const logger: Logger | undefined =
    logSql === 'values'
      ? { logQuery: (query, params) => console.log(`SQL ${JSON.stringify({ query, params })}`) }
      : logSql === 'statements'
        ? { logQuery: (query, params) => console.log(`SQL ${JSON.stringify({ query: maskSqlLiterals(query), params: params.length })}`) }
        : undefined;
  const db = drizzle(pool, { logger: logger ?? false });

  // What Drizzle's own `db.transaction` builds per transaction, built once: the transaction below
  // is Drizzle's, less its separate `begin` round trip.
  const dialect = new PgDialect();

  async function transaction<T>(opening: string, fn: (tx: Tx, opened: pg.QueryResult[]) => Promise<T>, { nameStatements = false } = {}): Promise<T> {
    // An idle connection the database terminated (a restart, a failover) may be handed out before
    // its error event reached the pool: its first round trip fails having done nothing, so the
    // transaction starts once more on a fresh connection.
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const text = `begin; ${opening}`;
        logger?.logQuery(text, []);
        let opened: pg.QueryResult[];
        try {
          const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          opened = (Array.isArray(results) ? results : [results]).slice(1);
        } catch (err) {
          if (attempt === 1 && isDatabaseUnavailable(err)) {
            broken = err as Error;
            continue;
          }
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        }
        const session = nameStatements ? namingSession(client, dialect, undefined, { logger }) : new NodePgSession(client, dialect, undefined, { logger });
        const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
        try {
          const result = await fn(tx, opened);
          logger?.logQuery('commit', []);
          await client.query('commit');
          return result;
        } catch (err) {
          logger?.logQuery('rollback', []);
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        }
      } finally {
        // A connection that could not even roll back (or was found dead) is closed, not handed to the next request.
        client.release(broken);
      }
    }
  }

  return {
    pool,
    db,
    transaction,
    withTenant: (organizationId, fn) => transaction(tenantSettings(organizationId), (tx) => fn(tx)),
    asPlatform: (fn) => transaction(`select set_config('role', '${PLATFORM_ROLE}', true)`, (tx) => fn(tx)),
    close: () => pool.end(),
  };
}
