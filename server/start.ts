import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { connect, type Database } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateDatabase } from './migrate';
import { seedDemo } from './seed';
import { createApp } from './app';
import { registry, bossQueues, jobHandlers } from './registry';
import { startJobWorker } from './jobs/queue';
import { startBoss } from './jobs/boss';
import { scheduleMaintenance } from './jobs/maintenance';
import { systemClock } from './db/clock';
import { scheduleDailyJobs } from './jobs/daily';

export interface RunningServer {
  url: string;
  database: Database;
  seeded: boolean;
  stop(): Promise<void>;
}

/** Database (embedded unless DATABASE_URL), migrations, demo seed, then the HTTP server. */
export async function startServer(config: Config, opts: { seed?: boolean; log?: (s: string) => void } = {}): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  const url = config.databaseUrl ?? (embedded = await startEmbeddedPostgres(config.dataDir, { log: opts.log })).url;
  const database = connect(url, config.dbPoolSize, config.logSql);
  let server: ServerType | undefined;
  try {
    await migrateDatabase(database);
    const seeded = opts.seed === false ? false : await seedDemo(database.db, config.seedPassword);
    const app = createApp({ config, database, clock: systemClock }, registry);
    const port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => resolve(info.port));
      server.once('error', reject);
    });
    // Due jobs (follow-up reminders…) run in the background; with several instances each job runs once.
    await scheduleMaintenance(database.db);
    await scheduleDailyJobs(database.db);
    const worker = config.jobPollMs > 0 ? startJobWorker(database, jobHandlers, config.jobPollMs, opts.log ?? console.error) : undefined;
    // Mail and other work with the outside world: declared always (requests enqueue onto it), worked unless jobs are off.
    const boss = await startBoss(database, bossQueues({ config, database, clock: systemClock }), { ...config.queue, work: config.jobPollMs > 0, log: opts.log ?? console.error });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${shownHost}:${port}`,
      database,
      seeded,
      async stop() {
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
        await worker?.stop();
        await boss.stop();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (e) {
    server?.close();
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
