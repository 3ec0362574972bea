import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { TENANT_ROLE, type Database, type Tx } from '../db/client';

/**
 * The queue for work that talks to the outside world (sending mail), on pg-boss in the same
 * PostgreSQL (schema `pgboss`). The project's own queue (./queue.ts) runs a job inside the
 * transaction that claims it, which is right for work that only touches the database but would
 * hold a connection and a row lock for as long as a mail server takes to answer. pg-boss claims a
 * job (`for update skip locked`, so once across instances), lets it run outside any transaction,
 * retries it with exponential back-off, hands a job whose worker died back to the queue once its
 * expiry passes, and moves a job out of retries to a dead-letter queue. docs/documents.md.
 */
export const BOSS_SCHEMA = 'pgboss';

export interface BossQueue {
  name: string;
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each later one. */
  retryDelay: number;
  /** A job still active this long after it started is taken to be lost (its worker died) and retried. */
  expireInSeconds: number;
  /** Where a job goes when its retries are spent; its handler records the failure. */
  deadLetter?: string;
  /** Parallel workers in each server process. */
  workers: number;
  handler: (data: Record<string, unknown>) => Promise<void>;
}

const adapter = (database: Database) => ({
  executeSql: async (text: string, values: unknown[] = []) => database.pool.query(text, values),
});

/**
 * Creates (or upgrades) pg-boss's schema and the function tenant code enqueues through; run with
 * the migrations, so every database (and the tests' template) has them before any request.
 */
export async function installBoss(database: Database) {
  const boss = new PgBoss({ db: adapter(database), schema: BOSS_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
  // Tenant transactions may not touch pg-boss's tables (they are no organization's): they enqueue
  // here, onto a queue that exists, with the queue's retry policy, and with their own organization
  // written into the job whatever they pass.
  await database.db.execute(
    sql.raw(`
    create or replace function enqueue_boss_job(p_queue text, p_data jsonb) returns uuid
    language plpgsql security definer set search_path = ${BOSS_SCHEMA}, public as $fn$
    declare q record; v_id uuid;
    begin
      select * into q from ${BOSS_SCHEMA}.queue where name = p_queue;
      if not found then raise exception 'no queue named %', p_queue; end if;
      insert into ${BOSS_SCHEMA}.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, dead_letter, policy)
      values (p_queue, p_data || jsonb_build_object('orgId', nullif(current_setting('app.org_id', true), '')),
              coalesce(q.retry_limit, 2), coalesce(q.retry_delay, 0), coalesce(q.retry_backoff, false),
              coalesce(q.expire_seconds, 900) * interval '1 second', q.dead_letter, q.policy)
      returning id into v_id;
      return v_id;
    end $fn$;
    revoke all on function enqueue_boss_job(text, jsonb) from public;
    grant execute on function enqueue_boss_job(text, jsonb) to ${TENANT_ROLE};
  `),
  );
}

/** Enqueues a job from a tenant's transaction: it exists only if the transaction commits. */
export async function enqueueBossJob(tx: Tx, queue: string, data: Record<string, unknown>): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`select enqueue_boss_job(${queue}, ${JSON.stringify(data)}::jsonb) as id`);
  return rows[0].id;
}

export interface BossOptions {
  pollSeconds: number;
  maintenanceSeconds: number;
  log?: (s: string) => void;
}

/** Declares the queues (their policy is read by enqueue_boss_job) and, unless `work` is false, starts their workers. */
export async function startBoss(database: Database, queues: BossQueue[], options: BossOptions & { work: boolean }) {
  const boss = new PgBoss({
    db: adapter(database),
    schema: BOSS_SCHEMA,
    migrate: false,
    supervise: options.work,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
    monitorStateIntervalSeconds: Math.max(options.maintenanceSeconds, 1),
  });
  boss.on('error', (err) => options.log?.(`queue: ${(err as Error).message}`));
  await boss.start();
  // A dead-letter queue is listed before the queue that names it (pg-boss refers to it by key).
  for (const q of queues) await ensureQueue(boss, q);
  if (options.work) {
    for (const q of queues) {
      for (let i = 0; i < q.workers; i++) {
        await boss.work<Record<string, unknown>>(q.name, { batchSize: 1, pollingIntervalSeconds: options.pollSeconds }, async ([job]) => q.handler(job.data));
      }
    }
  }
  return {
    boss,
    /** Stops taking jobs and waits for the ones in hand. */
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 }),
  };
}

/**
 * Creates the queues that do not exist yet, as the owner at start (a new queue is a new partition
 * of pg-boss's job table, which only the owner may create); the server's login role then only
 * finds them and brings their settings up to date (startBoss).
 */
export async function declareQueues(owner: Database, queues: BossQueue[]) {
  const boss = new PgBoss({ db: adapter(owner), schema: BOSS_SCHEMA, migrate: false, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  try {
    for (const q of queues) await ensureQueue(boss, q);
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

async function ensureQueue(boss: PgBoss, q: Pick<BossQueue, 'name' | 'retryLimit' | 'retryDelay' | 'expireInSeconds' | 'deadLetter'>) {
  const options = { name: q.name, retryLimit: q.retryLimit, retryDelay: q.retryDelay, retryBackoff: true, expireInSeconds: q.expireInSeconds, ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}) };
  // createQueue leaves an existing queue alone; the update makes the settings follow the
  // configuration at every start. Two instances starting together can deadlock in pg-boss's
  // statements (PostgreSQL aborts one of them, 40P01): both calls are idempotent, so the loser
  // tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(q.name, options);
      await boss.updateQueue(q.name, options);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
    }
  }
}
