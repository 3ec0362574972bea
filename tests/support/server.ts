import { keepConnections, stopServing } from '../../server/http/keep-alive';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import pg from 'pg';
import { serve } from '@hono/node-server';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { type Database } from '../../server/db/client';
import { connectAsServer } from '../../server/db/roles';
import { settableClock, type SettableClock } from '../../server/db/clock';
import { createApp } from '../../server/app';
import { bossQueues, registry } from '../../server/registry';
import { startBoss } from '../../server/jobs/boss';
import { DEMO_OPERATOR } from '../../server/platform/seed';
import { Agent } from './agent';
import { answerChecker } from './answers';
import { TEST_PASSWORD, withDatabase } from './db-url';

export interface TestServer {
  url: string;
  database: Database;
  /** The test database's URL (the superuser's), for a second pool or a raw client of a test's own. */
  databaseUrl: string;
  /** The same database as the server's login role (travel_app), what the server's pool connects as. */
  appDatabaseUrl: string;
  /** The server's clock: `clock.set('2026-05-01T08:00:00Z')` moves the day the rules read. */
  clock: SettableClock;
  /** A raw pg client on the test database, for checks the API does not expose. */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  agent(): Agent;
  /** A signed-in agent; the demo password is the test one. */
  login(email: string, password?: string): Promise<Agent>;
  /** Several members signed in at once (demo password), in the order given: `[owner, sales] = await s.logins('owner@demo.travel', 'sales@demo.travel')`. */
  logins<const E extends readonly string[]>(...emails: E): Promise<{ -readonly [K in keyof E]: Agent }>;
  /** An agent signed in to the platform service as an operator (the demo operator by default). */
  loginOperator(email?: string, password?: string): Promise<Agent>;
  /** A second server on the same database and clock, with its own pool (what another instance behind a load balancer is). */
  instance(): Promise<{ url: string; login(email: string): Promise<Agent>; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Also serve the built web app from dist/ (end-to-end tests; run `vite build` first). */
  web?: boolean;
  /** Run the mail queue's workers (tests that send email); quick retries unless `env` says otherwise. */
  queue?: boolean;
  /** Configuration variables (server/config.ts) for this server. */
  env?: Record<string, string>;
  /** Serve this folder as the built web app instead (a stand-in index.html and assets). */
  webDist?: string;
  /** Settings that differ from the tests' defaults (which trust the proxy headers). */
  config?: Partial<Config>;
  /** Serve over TLS with the test certificate (tests/support/tls): `url` is https://. */
  tls?: boolean;
}

const TLS_DIR = path.resolve('tests/support/tls');
/** The test certificate, for clients of a `tls` test server. */
/** An agent at `baseUrl` signed in as `email` through `path` (a member's sign-in, or the platform's); a refusal throws. */
async function signedInAgent(baseUrl: string, email: string, password = TEST_PASSWORD, path = '/api/auth/login') {
  const agent = new Agent(baseUrl);
  const res = await agent.post(path, { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} at ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

export const testCertificate = () => fs.readFileSync(path.join(TLS_DIR, 'cert.pem'));

/** The real HTTP server on its own fresh database, cloned from the migrated, seeded template. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const adminUrl = inject('adminUrl');
  const name = `${inject('dbPrefix')}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();

  const env: Record<string, string> = { MAIL_RETRIES: '2', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_TIMEOUT_SECONDS: '3', QUEUE_POLL_SECONDS: '0.5', QUEUE_MAINTENANCE_SECONDS: '1', ...options.env };
  const config = {
    ...loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true', ...env }),
    webDist: options.webDist ?? (options.web ? path.resolve('dist') : undefined),
    ...options.config,
  };
  // The server's pool connects as its login role, as a started server does; `sql` stays the superuser's.
  const appUrl = withDatabase(inject('appUrl'), name);
  const database = connectAsServer(appUrl, 8);
  const clock = settableClock();
  const app = createApp({ config, database, clock }, registry);
  const boss = await startBoss(database, bossQueues({ config, database, clock }), { ...config.queue, work: !!options.queue });
  const checkAnswer = answerChecker(registry);
  const fetch = async (req: Request) => checkAnswer(req, await app.fetch(req));
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const tls = options.tls
      ? { createServer: https.createServer, serverOptions: { key: fs.readFileSync(path.join(TLS_DIR, 'key.pem')), cert: testCertificate() } }
      : {};
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1', ...tls }, (info) => resolve({ server: s, port: info.port }));
    keepConnections(s);
  });
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // The server's public address is where it listens, unless the test configures another.
  if (!env.PUBLIC_URL && !options.config?.publicUrl) config.publicUrl = url;
  const raw = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 2 });
  // A test may terminate every connection to its database (tests/api/database-faults.test.ts): the pool replaces them.
  raw.on('error', () => {});

  return {
    url,
    database,
    clock,
    databaseUrl: withDatabase(adminUrl, name),
    appDatabaseUrl: appUrl,
    sql: async (text, values) => (await raw.query(text, values)).rows,
    agent: () => new Agent(url),
    login: (email, password) => signedInAgent(url, email, password),
    logins: (...emails) => Promise.all(emails.map((e) => signedInAgent(url, e))) as never,
    loginOperator: (email = DEMO_OPERATOR.email, password) => signedInAgent(url, email, password, '/platform/auth/login'),
    async instance() {
      const own = connectAsServer(appUrl, 8);
      const other = createApp({ config, database: own, clock }, registry);
      const { server: second, port: secondPort } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
        const x = serve({ fetch: async (req: Request) => checkAnswer(req, await other.fetch(req)), port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server: x, port: info.port }));
      });
      const secondUrl = `http://127.0.0.1:${secondPort}`;
      return {
        url: secondUrl,
        login: (email) => signedInAgent(secondUrl, email),
        async close() {
          await stopServing(second, 0);
          await own.close();
        },
      };
    },
    async close() {
      await stopServing(server, 0);
      await boss.stop();
      await database.close();
      await raw.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
