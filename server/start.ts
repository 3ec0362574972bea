import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { connect, idleInTransactionLimit, type Database } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateDatabase } from './migrate';
import { seedDemo } from './seed';
import { createApp } from './app';
import { registry, bossQueues, jobHandlers } from './registry';
import { startJobWorker } from './jobs/queue';
import { declareQueues, startBoss } from './jobs/boss';
import { keepConnections, stopServing } from './http/keep-alive';
import { checkLoginRole, connectAsServer, loginOf, setUpLoginRole } from './db/roles';
import { scheduleMaintenance } from './jobs/maintenance';
import { systemClock } from './db/clock';
import { scheduleDailyJobs } from './jobs/daily';

export interface RunningServer {
  url: string;
  database: Database;
  seeded: boolean;
  stop(): Promise<void>;
}

/**
 * Database (embedded unless DATABASE_URL), migrations and the demo seed as the owner, then the HTTP
 * server on the login role (server/db/roles.ts): refused when that role is a superuser or owns the
 * tables, unless ALLOW_SUPERUSER_DATABASE.
 */
export async function startServer(
  config: Config,
  opts: {
    seed?: boolean;
    log?: (s: string) => void;
    /** The embedded PostgreSQL already starting (server/main.ts starts it while the server's modules load); started here otherwise. */
    embedded?: Promise<EmbeddedDatabase>;
  } = {},
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let appUrl: string;
  let ownerUrl: string | undefined;
  if (config.databaseUrl) {
    appUrl = config.databaseUrl;
    ownerUrl = config.databaseOwnerUrl;
  } else {
    embedded = await (opts.embedded ?? startEmbeddedPostgres(config.dataDir, { log: opts.log }));
    appUrl = embedded.appUrl;
    ownerUrl = embedded.url;
  }
  let database: Database | undefined;
  let server: ServerType | undefined;
  try {
    const services = (db: Database) => ({ config, database: db, clock: systemClock });
    /** Migrations, the demo, the queues: the owner's work. */
    const prepare = async (owner: Database) => {
      await migrateDatabase(owner);
      const seeded = opts.seed === false ? false : await seedDemo(owner.db, config.seedPassword);
      await declareQueues(owner, bossQueues(services(owner)));
      return seeded;
    };
    let seeded = false;
    if (ownerUrl) {
      const owner = connect(ownerUrl, 2, config.logSql);
      try {
        seeded = await prepare(owner);
        if (loginOf(ownerUrl).user !== loginOf(appUrl).user) await setUpLoginRole(owner, appUrl, { resetPassword: !!embedded });
      } finally {
        await owner.close();
      }
    }
    const idleLimit = idleInTransactionLimit([config.ai.timeoutMs, config.mail.timeoutSeconds * 1000]);
    database = connectAsServer(appUrl, config.dbPoolSize, config.logSql, idleLimit);
    const role = await checkLoginRole(database, config.allowSuperuserDatabase);
    if (role.privileged) {
      // Allowed by ALLOW_SUPERUSER_DATABASE: the role runs as itself, and with DATABASE_URL alone
      // it migrates too. An unprivileged role alone runs on the database as DATABASE_OWNER_URL last left it.
      await database.close();
      database = connect(appUrl, config.dbPoolSize, config.logSql, undefined, idleLimit);
      if (!ownerUrl) seeded = await prepare(database);
    }
    const app = createApp(services(database), registry);
    const port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => resolve(info.port));
      keepConnections(server);
      server.once('error', reject);
    });
    // Due jobs (follow-up reminders…) run in the background; with several instances each job runs once.
    await scheduleMaintenance(database.db);
    await scheduleDailyJobs(database.db);
    const worker = config.jobPollMs > 0 ? startJobWorker(database, jobHandlers, config.jobPollMs, opts.log ?? console.error) : undefined;
    // Mail and other work with the outside world: declared always (requests enqueue onto it), worked unless jobs are off.
    const boss = await startBoss(database, bossQueues(services(database)), { ...config.queue, work: config.jobPollMs > 0, log: opts.log ?? console.error });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${port}`,
      database: database,
      seeded,
      async stop() {
        if (server) await stopServing(server, 10_000);
        await worker?.stop();
        await boss.stop();
        await database!.close();
        await embedded?.stop();
      },
    };
  } catch (e) {
    server?.close();
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
