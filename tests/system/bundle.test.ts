import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle, spawnServer, type SpawnedServer } from '../support/spawn-server';

// `npm start` runs the server's bundle (server/bundle.mjs → dist-server/main.mjs), not the
// TypeScript through tsx: each of its modules must still find what it reads beside itself.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-bundle-'));
let server: SpawnedServer | undefined;
afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server as npm start runs it (one bundle)', () => {
  it('migrates and seeds an empty data folder, serves the API reference and renders a PDF with its fonts', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: 'system-test-password' }, { entry: buildServerBundle() });
    const url = server.url;
    // The migrations folder is found beside server/migrate.ts, as under tsx.
    expect(server.output()).toContain('demo data seeded now');
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', database: 'reachable' });
    // The API reference's script, resolved from server/app.ts's place.
    const reference = await fetch(`${url}/api/docs/reference.js`);
    expect(reference.status).toBe(200);
    expect((await reference.text()).length).toBeGreaterThan(100_000);

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'test' },
      body: JSON.stringify({ email: 'owner@demo.travel', password: 'system-test-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = /sid=[^;]+/.exec(login.headers.get('set-cookie')!)![0];
    const list = await fetch(`${url}/api/bookings?limit=1`, { headers: { cookie } });
    const booking = ((await list.json()) as { data: { _id: string }[] }).data[0];
    // pdfkit and the Noto fonts (Japanese: its own package), loaded through createRequire beside server/documents.
    const pdf = await fetch(`${url}/api/bookings/${booking._id}/pdf?lang=ja`, { headers: { cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/NotoSansJP/);
  });
});
