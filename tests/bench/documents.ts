import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { renderDocument } from '../../server/documents/render';
import { itineraryTemplate } from '../../server/documents/templates/tour';
import { testLogo } from '../support/png';
import { itineraryFixture, type FixtureLanguage } from '../support/tour-fixture';
import { Agent } from '../support/agent';
import { startSmtpSink } from '../support/smtp-sink';
import { spawnServer } from '../support/spawn-server';

/**
 * Documents bench (`npx tsx tests/bench/documents.ts`; docs/performance.md):
 * 1. the itinerary of a 21-day tour (tests/support/tour-fixture.ts: cover, the trip at a glance,
 *    21 days with hotels, activities, transfers and notes, inclusions, the price summary; logo and
 *    address in the header) in English, Arabic, Japanese and Chinese, each language in a process of
 *    its own: first render (fonts read and parsed), best of three warm renders, pages, peak RSS;
 * 2. the itinerary of a real 21-day customized tour over HTTP (`GET /customized-tours/{id}/pdf`: the
 *    tour read from the database, the organization's page, the render) in English and Arabic,
 *    best and median of 10, and the server's peak RSS before and after;
 * 3. mails per second through the queue: a backlog of sends drained by a real server's workers into
 *    an SMTP server in this process, timed from the first message's `sent_at` to the last one's.
 */
const ORG = {
  name: 'Demo Travels',
  currency: 'USD',
  timeZone: 'Asia/Dubai',
  colorPrimary: '#14b8a6',
  colorSecondary: '#3b82f6',
  terms: 'Prices are per person in a double room. Payments are non-refundable once services are booked.',
  address: 'Office 1204, Bay Square 3\nBusiness Bay, Dubai',
  logo: testLogo(),
};

async function renderOne(lang: FixtureLanguage) {
  const data = itineraryFixture(lang, 21);
  const t0 = performance.now();
  const first = await renderDocument(itineraryTemplate, data, ORG, lang);
  const firstMs = performance.now() - t0;
  let warm = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await renderDocument(itineraryTemplate, data, ORG, lang);
    warm = Math.min(warm, performance.now() - t);
  }
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: first.pdf }).toString())?.[1]);
  fs.mkdirSync('test-results/documents', { recursive: true });
  fs.writeFileSync(`test-results/documents/bench-${lang}.pdf`, first.pdf);
  console.log(JSON.stringify({ lang, pages, firstMs: Math.round(firstMs), warmMs: Math.round(warm), kb: Math.round(first.pdf.length / 1024), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

async function mailRate(count: number, workers: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-mail-bench-'));
  const sink = await startSmtpSink();
  const password = 'bench-password-2026';
  const base = { DATA_DIR: dataDir, SEED_PASSWORD: password, MAIL_WORKERS: String(workers), QUEUE_POLL_SECONDS: '0.5', OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' };
  try {
    // The backlog is written with the workers off, so the rate is the queue's alone.
    let server = await spawnServer({ ...base, JOB_POLL_MS: '0' });
    const agent = new Agent(server.url);
    await agent.post('/api/auth/login', { email: 'owner@demo.travel', password });
    await agent.put('/api/configurations/email-services', { host: '127.0.0.1', port: sink.port, security: 'none', user: '', fromEmail: 'trips@demo.travel' });
    const income = (await agent.post('/api/budget/income', { amount: 1000, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'cash', description: 'Bench' })).body.data._id;
    for (let i = 0; i < count; i++) await agent.post(`/api/budget/income/${income}/send`, { to: `bench${i}@example.com` });
    server.proc.kill('SIGTERM');
    await server.exited;
    server = await spawnServer({ ...base, JOB_POLL_MS: '1000' });
    const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const db = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password: fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim(), database: 'postgres' });
    await db.connect();
    const deadline = Date.now() + 300_000;
    let left = count;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      left = (await db.query(`select count(*)::int as n from document_sends where status = 'queued'`)).rows[0].n;
    }
    const { rows } = await db.query(`select count(*)::int as n, extract(epoch from max(sent_at) - min(sent_at)) as s from document_sends where status = 'sent'`);
    await db.end();
    server.proc.kill('SIGTERM');
    await server.exited;
    console.log(JSON.stringify({ mails: rows[0].n, workers, seconds: Number(Number(rows[0].s).toFixed(2)), mailsPerSecond: Number(((rows[0].n - 1) / Number(rows[0].s)).toFixed(1)), received: sink.messages.length }));
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rssMB = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function itineraryOverHttp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-itinerary-bench-'));
  const password = 'bench-password-2026';
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: password, JOB_POLL_MS: '0' });
  try {
    const agent = new Agent(server.url);
    await agent.post('/api/auth/login', { email: 'owner@demo.travel', password });
    const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const db = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password: fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim(), database: 'postgres' });
    await db.connect();
    // Three destinations, a hotel and two activities each: a week in each.
    const { rows: places } = await db.query(`
      select d.id as destination, h.id as hotel, h.room_types->0->>'name' as room, (select array_agg(a.id) from (select id from activities where destination_id = d.id order by slug limit 2) a) as activities
      from destinations d join organizations o on o.id = d.organization_id
      join lateral (select id, room_types from hotels where destination_id = d.id order by slug limit 1) h on true
      where o.name = 'Demo Travels' and exists (select 1 from activities where destination_id = d.id) order by d.slug limit 3`);
    await db.end();
    const lead = (await agent.post('/api/leads', { name: 'Itinerary bench', phone: '+971 50 999 0000', email: 'bench@customers.example' })).body.data._id;
    const date = (i: number) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
    const days = Array.from({ length: 21 }, (_, i) => {
      const p = places[Math.floor(i / 7) % places.length];
      return { date: date(i), destinationId: p.destination, hotelId: p.hotel, roomType: p.room, activityIds: p.activities ?? [], meals: ['breakfast'], transfers: 'Private car, pick-up at 08:30', notes: 'Morning at leisure, then a guided walk through the old town and the markets.' };
    });
    const lines = days.map((d, i) => ({ kind: 'hotels', dayNumber: i + 1, description: `Night ${i + 1}`, hotelId: d.hotelId, roomType: d.roomType, quantity: 1, unit: 'per-room-night', unitCost: 40_000, markupType: 'percent', markup: 1500 }));
    const created = await agent.post('/api/customized-tours', { leadId: lead, title: 'Three weeks in the Emirates', departure: date(0), arrival: date(20), adults: 2, days, lines });
    if (created.status !== 201) throw new Error(`POST /api/customized-tours: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.data._id;
    const before = rssMB(server.proc.pid!);
    for (const lang of ['en', 'ae']) {
      const times: number[] = [];
      let kb = 0;
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/customized-tours/${id}/pdf?lang=${lang}`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`GET pdf: ${res.status} ${body}`);
        times.push(performance.now() - t0);
        kb = Math.round(body.length / 1024);
      }
      times.sort((a, b) => a - b);
      console.log(JSON.stringify({ itineraryOverHttp: lang, days: 21, kb, firstOfTenMs: Math.round(times.at(-1)!), bestMs: Math.round(times[0]), medianMs: Math.round(times[5]), serverPeakRssMB: { before, after: rssMB(server.proc.pid!) } }));
    }
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const [mode, arg] = process.argv.slice(2);
  if (mode === 'render') return renderOne(arg as FixtureLanguage);
  if (mode === 'itinerary') return itineraryOverHttp();
  console.log(`load before: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const lang of ['en', 'ae', 'ja', 'zh']) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/documents.ts', 'render', lang], { encoding: 'utf8' });
    process.stdout.write(out.stdout || out.stderr);
  }
  await itineraryOverHttp();
  const count = Number(process.env.BENCH_MAILS ?? 200);
  for (const workers of [2, 8]) await mailRate(count, workers);
  console.log(`load after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
