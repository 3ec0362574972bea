import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  pool: pg.Pool;
  /** The privileged handle: migrations, seeding, sign-in and the platform service. Not tenant-scoped. */
  db: Db;
  /** Runs `fn` in one transaction as the tenant role with the organization set: row-level security scopes every query. */
  withTenant<T>(organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const TENANT_ROLE = 'travel_tenant';

// Dates stay as 'YYYY-MM-DD' strings; bigint sums arrive as text and are converted where read.
pg.types.setTypeParser(1082, (s) => s);

export function connect(url: string, poolSize = 20, logSql = false): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzle(pool, {
    schema,
    logger: logSql ? { logQuery: (query, params) => console.log(`SQL ${JSON.stringify({ query, params })}`) } : false,
  });
  return {
    pool,
    db,
    withTenant(organizationId, fn) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.org_id', ${organizationId}, true)`);
        return fn(tx);
      });
    },
    close: () => pool.end(),
  };
}
