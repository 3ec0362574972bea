import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectAsServer } from '../../server/db/roles';
import { settableClock } from '../../server/db/clock';
import { registry } from '../../server/registry';

/**
 * The API in a process of its own on a test database (DATABASE_URL, already migrated; the server's
 * login role, as the test server's pool), with the
 * tests' settable clock: another instance a test can SIGKILL (tests/gates/money-invariants.test.ts).
 * `server/main.ts` runs on the system's clock, so a test whose day is 2031 could not send it money;
 * this one takes its clock from its parent: a message `{ clock: instant | null }` sets it, answered
 * `{ clock: 'set' }`. It runs no jobs and no queue workers (the test runs the day's jobs itself).
 * Started by `spawnServer(env, { entry: 'tests/support/clock-server.ts', ipc: true })`.
 */
const config = { ...loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true', DATABASE_URL: process.env.DATABASE_URL }), publicUrl: 'http://travel.test' };
const database = connectAsServer(config.databaseUrl!, 8);
const clock = settableClock();
const app = createApp({ config, database, clock }, registry);

process.on('message', (m: { clock?: string | null }) => {
  if (m && 'clock' in m) {
    clock.set(m.clock ?? undefined);
    process.send?.({ clock: 'set' });
  }
});
process.on('disconnect', () => process.exit(0));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`API (test clock) running at http://127.0.0.1:${info.port}`);
});
