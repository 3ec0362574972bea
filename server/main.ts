import { loadConfig } from './config';
import { failureLine, SafeError } from './log';
import { startEmbeddedPostgres } from './db/embedded';

async function main() {
  const config = loadConfig();
  // The embedded PostgreSQL starts while the rest of the server loads: most of a restart is
  // loading the server's modules, and PostgreSQL's start is mostly waiting (docs/performance.md).
  const embedded = config.databaseUrl ? undefined : startEmbeddedPostgres(config.dataDir);
  embedded?.catch(() => {}); // reported where startServer awaits it
  let loaded;
  try {
    loaded = await Promise.all([import('./start'), import('./seed'), import('./platform')]);
  } catch (e) {
    await embedded?.then((db) => db.stop()).catch(() => {});
    throw e;
  }
  const [{ startServer }, { DEMO_ORGS }, { DEMO_OPERATOR }] = loaded;
  const running = await startServer(config, { embedded });
  const logins = DEMO_ORGS.flatMap((o) => [o.ownerEmail, ...o.staff.map((s) => s.email)]);
  console.log(`
  Travel back office is running at ${running.url}
  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}${running.seeded ? ' (demo data seeded now)' : ''}

  Demo logins (password: ${config.seedPassword === 'travel-demo-2026' ? 'travel-demo-2026, or SEED_PASSWORD when set at first start' : 'the SEED_PASSWORD given at first start'}):
    ${logins.join('\n    ')}

  Platform console (organizations and subscriptions): ${running.url}/console
    ${DEMO_OPERATOR.email} (same password)
`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await running.stop().catch((e) => console.error(failureLine('shutdown', e)));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error(e instanceof SafeError ? `\n${e.message}\n` : failureLine('start-up', e));
  process.exit(1);
});
