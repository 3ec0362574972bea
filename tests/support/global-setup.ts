import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { migrateDatabase } from '../../server/migrate';
import { seedDemo } from '../../server/seed';
import { TEST_APP_PASSWORD, TEST_PASSWORD, withDatabase } from './db-url';
import { APP_LOGIN_ROLE, setUpLoginRole, withLogin } from '../../server/db/roles';
import { declareQueues } from '../../server/jobs/boss';
import { bossQueues } from '../../server/registry';
import { loadConfig } from '../../server/config';
import { settableClock } from '../../server/db/clock';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    /** The server's login role on the same PostgreSQL (server/db/roles.ts): what test servers connect as. */
    appUrl: string;
    templateDb: string;
    /** Test databases of this run start with it, so a run (or project) drops only its own. */
    dbPrefix: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one, or the server at TEST_DATABASE_URL
 * (CI proves the DATABASE_URL path against the system PostgreSQL 15 this way).
 * A template database is migrated and seeded once; every test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, { fastUnsafe: true });
    adminUrl = embedded.url;
  }
  const runId = crypto.randomBytes(4).toString('hex');
  const templateDb = `travel_tpl_${runId}`;
  const dbPrefix = `travel_t_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDb}`);
  await admin.query(`create database ${templateDb}`);
  const database = connect(withDatabase(adminUrl, templateDb), 4);
  await migrateDatabase(database);
  await seedDemo(database.db, TEST_PASSWORD);
  // The servers run as the login role the server's own start sets up (TEST_APP_DATABASE_URL's when
  // given, as CI creates it by the README; else travel_app with the tests' password), never as the owner.
  const appUrl = process.env.TEST_APP_DATABASE_URL ?? withLogin(adminUrl, APP_LOGIN_ROLE, TEST_APP_PASSWORD);
  await setUpLoginRole(database, appUrl, { resetPassword: !process.env.TEST_APP_DATABASE_URL });
  await declareQueues(database, bossQueues({ config: loadConfig({ NODE_ENV: 'test' }), database, clock: settableClock() }));
  await database.close();
  await admin.end();

  project.provide('adminUrl', adminUrl);
  project.provide('appUrl', appUrl);
  project.provide('templateDb', templateDb);
  project.provide('dbPrefix', dbPrefix);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query(`select datname from pg_database where datname = $1 or datname like $2`, [templateDb, `${dbPrefix}%`]);
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    await c.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
