/**
 * `npm run bench`: the product's speed and memory, measured (never asserted in tests).
 * Seeds a large organization with bulk inserts, then at 50 connections measures the main list
 * endpoints against /api/health on the same server and against the identical SQL run straight
 * through a pg pool; also first start, restart, peak RSS and the web app's JS per chunk.
 * Figures go to stdout and to test-results/bench.json; docs/performance.md records one run.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { Agent } from '../support/agent';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const VENDORS = Number(process.env.BENCH_VENDORS ?? 50_000);
const PASSWORD = 'bench-password-2026';

const results: Record<string, unknown> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-bench-'));

async function timeToHealthy(env: Record<string, string> = {}): Promise<{ server: SpawnedServer; ms: number }> {
  const t0 = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD, ...env });
  for (;;) {
    const ok = await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { server, ms: Math.round(performance.now() - t0) };
    await new Promise((r) => setTimeout(r, 20));
  }
}

function dbClientConfig() {
  const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  return { host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' };
}

async function seedLarge(pool: pg.Pool) {
  const { rows } = await pool.query(`select to_regclass('public.vendors') is not null as has_vendors`);
  if (!rows[0].has_vendors) return false;
  const t0 = performance.now();
  await pool.query(
    `insert into vendors (organization_id, name, services, contact_person, email, phone, status)
     select o.id,
            'Vendor ' || g || ' ' || (array['Travel','Tours','Hotels','Transfers','Visa Desk','Safaris'])[g % 6 + 1],
            array[(array['hotels','flights','transfers','activities','visa','land-part','others'])[g % 7 + 1],
                  (array['hotels','flights','transfers','activities','visa','land-part','others'])[(g / 7) % 7 + 1]],
            'Contact ' || g, 'vendor' || g || '@example.com', '+971 4 ' || lpad(g::text, 7, '0'),
            case when g % 5 = 0 then 'inactive' else 'active' end
     from organizations o, generate_series(1, $1) g where o.name = 'Demo Travels'
     on conflict do nothing`,
    [VENDORS],
  );
  await pool.query('analyze');
  results.seedVendorsMs = Math.round(performance.now() - t0);
  return true;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The same statements the API ran for one request, replayed at 50 connections straight through pg. */
async function rawSql(pool: pg.Pool, statements: { query: string; params: unknown[] }[]) {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        for (const s of statements) await pool.query(s.query, s.params);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / SECONDS), p50: +percentile(latencies, 50).toFixed(2), p99: +percentile(latencies, 99).toFixed(2) };
}

async function http(url: string, cookie?: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: cookie ? { cookie } : {} });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

/** Statements the server logged for one request (LOG_SQL), less the tenant set-up. */
async function captureSql(server: SpawnedServer, agent: Agent, pathAndQuery: string) {
  const before = server.output().length;
  const res = await agent.get(pathAndQuery);
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status}`);
  await new Promise((r) => setTimeout(r, 50));
  return server
    .output()
    .slice(before)
    .split('\n')
    .filter((l) => l.startsWith('SQL '))
    .map((l) => JSON.parse(l.slice(4)) as { query: string; params: unknown[] })
    .filter((s) => !s.query.includes('set_config') && !/^(begin|commit)/i.test(s.query) && !s.query.includes('"sessions"'));
}

function jsSizes() {
  execSync('npx vite build', { stdio: 'ignore' });
  const dist = path.resolve('dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ chunk: f, gzipKB: +(zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f))).length / 1024).toFixed(1) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const signIn = chunks.filter((c) => entry.includes(`assets/${c.chunk}`)).reduce((sum, c) => sum + c.gzipKB, 0);
  return { signInRouteGzipKB: +signIn.toFixed(1), chunks };
}

async function main() {
  const first = await timeToHealthy();
  results.firstStartMs = first.ms;
  first.server.proc.kill('SIGTERM');
  await first.server.exited;

  // A run with SQL logging: seed the large organization and note the statements of each endpoint.
  const logging = await timeToHealthy({ LOG_SQL: 'true' });
  let pool = new pg.Pool({ ...dbClientConfig(), max: CONNECTIONS });
  const hasVendors = await seedLarge(pool);
  await pool.end();
  const endpoints: Record<string, string> = { members: '/api/members?search=a&sortBy=name' };
  if (hasVendors) {
    endpoints.vendorsDefault = '/api/vendors';
    endpoints.vendorsFiltered = '/api/vendors?search=travel&services=hotels&isActive=true&sortBy=name&page=3';
  }
  const loggingAgent = new Agent(logging.server.url);
  await loggingAgent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD });
  const statements: Record<string, { query: string; params: unknown[] }[]> = {};
  for (const [name, url] of Object.entries(endpoints)) statements[name] = await captureSql(logging.server, loggingAgent, url);
  logging.server.proc.kill('SIGTERM');
  await logging.server.exited;

  // The measured run: a plain restart on the large data.
  const again = await timeToHealthy();
  results.restartMs = again.ms;
  const server = again.server;
  pool = new pg.Pool({ ...dbClientConfig(), max: CONNECTIONS });
  await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query('select 1'))); // connect before timing
  const agent = new Agent(server.url);
  await agent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD });
  const cookie = `sid=${agent.cookies.get('sid')}`;

  const table: Record<string, unknown>[] = [];
  const health = await http(`${server.url}/api/health`);
  table.push({ endpoint: '/api/health', ...health });
  for (const [name, url] of Object.entries(endpoints)) {
    const api = await http(server.url + url, cookie);
    const raw = await rawSql(pool, statements[name]);
    table.push({
      endpoint: name,
      url,
      apiRps: api.rps,
      apiP50: api.p50,
      apiP99: api.p99,
      rawRps: raw.rps,
      rawP50: raw.p50,
      rawP99: raw.p99,
      apiVsRaw: +(api.rps / raw.rps).toFixed(2),
      apiVsHealth: +(api.rps / health.rps).toFixed(2),
    });
  }
  results.http = table;
  const status = fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8');
  results.serverPeakRssMB = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  results.vendors = hasVendors ? VENDORS : 'no vendors table yet';
  results.web = jsSizes();

  await pool.end();
  server.proc.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.table(table);
  console.log(JSON.stringify({ ...results, http: undefined, web: { signInRouteGzipKB: (results.web as { signInRouteGzipKB: number }).signInRouteGzipKB } }, null, 2));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/bench.json', JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
