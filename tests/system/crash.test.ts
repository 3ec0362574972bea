import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { Agent } from '../support/agent';

/**
 * Gate: kill the real server with SIGKILL while writes stream at it, restart on the same data, and
 * check every write answered with success is there and nothing is half-written.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const PASSWORD = 'crash-test-password';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-crash-'));
let current: SpawnedServer | undefined;
afterAll(async () => {
  if (current && current.proc.exitCode === null) {
    current.proc.kill('SIGTERM');
    await current.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Connects straight to the embedded database the server left running or restarted. */
async function inspect<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  const c = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe('crash safety', () => {
  it(`keeps every acknowledged write across ${ROUNDS} SIGKILLs`, async () => {
    const acknowledged = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      current = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD });
      const agent = new Agent(current.url);
      expect((await agent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD })).status).toBe(200);

      // Everything acknowledged before this restart is still there, and the menu order is whole.
      await inspect(async (c) => {
        const { rows } = await c.query<{ name: string }>(`select name from roles where name like 'crash-%'`);
        const stored = new Set(rows.map((r) => r.name));
        for (const name of acknowledged) expect(stored.has(name), `${name} survived`).toBe(true);
        const { rows: mods } = await c.query<{ organization_id: string; positions: number[]; n: number }>(
          `select organization_id, array_agg(position order by position) as positions, count(*)::int as n from modules group by 1`,
        );
        for (const m of mods) expect(m.positions).toEqual(Array.from({ length: m.n }, (_, i) => i));
      });
      const ids: string[] = (await agent.get('/api/modules')).body.data.map((m: { _id: string }) => m._id);

      // Stream writes from 4 workers; kill the server at a random moment.
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const name = `crash-${round}-${w}-${i}`;
          try {
            const res =
              i % 3 === 2
                ? await agent.put('/api/modules/reorder', { order: [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)] })
                : await agent.post('/api/roles', { name, permissions: { leads: ['view'] } });
            if (res.status === 201) acknowledged.add(name);
          } catch {
            return; // the connection died with the server
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
      current.proc.kill('SIGKILL');
      stop = true;
      await current.exited;
      await Promise.all(workers);
    }
    expect(acknowledged.size).toBeGreaterThan(ROUNDS);
    current = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD });
    await inspect(async (c) => {
      const { rows } = await c.query<{ name: string }>(`select name from roles where name like 'crash-%'`);
      const stored = new Set(rows.map((r) => r.name));
      for (const name of acknowledged) expect(stored.has(name)).toBe(true);
      // Seeding ran once, whatever the crashes.
      const { rows: orgs } = await c.query(`select name from organizations`);
      expect(orgs).toHaveLength(2);
    });
    // Each round starts a real server (embedded PostgreSQL, migrations check): minutes on a busy 2-core machine.
  }, 360_000);
});
