import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Locale } from '../../src/api/admin/members/contract';
import { renderDocument, type DocumentTemplate } from '../../server/documents/render';
import { Agent } from '../support/agent';
import { startSmtpSink } from '../support/smtp-sink';
import { spawnServer } from '../support/spawn-server';

/**
 * Documents bench (`npx tsx tests/bench/documents.ts`; docs/performance.md):
 * 1. a long document — 21 days, each with a heading, a paragraph and a table of four lines, after a
 *    cover with the trip at a glance — rendered in English, Arabic and Japanese, each language in a
 *    process of its own: first render (fonts read and parsed), best of three warm renders, pages,
 *    peak RSS;
 * 2. mails per second through the queue: a backlog of sends drained by a real server's workers into
 *    an SMTP server in this process, timed from the first message's `sent_at` to the last one's.
 */
const TEXT: Record<'en' | 'ae' | 'ja', { day: string; para: string; rows: string[][] }> = {
  en: {
    day: 'Day',
    para: 'Morning transfer from the hotel to the old town, guided walk through the markets and the museum, lunch at a family restaurant, afternoon at leisure, dinner cruise along the river with live music. Pick-up at 08:30 from the lobby; comfortable shoes recommended.',
    rows: [['Transfer', '1', '$120.00'], ['Guided walk', '2', '$80.00'], ['Dinner cruise', '2', '$150.00'], ['Hotel night', '1', '$210.00']],
  },
  ae: {
    day: 'اليوم',
    para: 'انتقال صباحي من الفندق إلى البلدة القديمة، جولة مع مرشد في الأسواق والمتحف، غداء في مطعم عائلي، وقت حر بعد الظهر، عشاء في رحلة نهرية مع موسيقى حية. الاستلام الساعة 08:30 من بهو الفندق؛ يُنصح بأحذية مريحة.',
    rows: [['انتقال', '1', '120.00 US$'], ['جولة مع مرشد', '2', '80.00 US$'], ['رحلة عشاء نهرية', '2', '150.00 US$'], ['ليلة في الفندق', '1', '210.00 US$']],
  },
  ja: {
    day: '日目',
    para: 'ホテルから旧市街への朝の送迎、市場と博物館のガイド付き散策、家族経営のレストランでの昼食、午後は自由行動、生演奏付きのリバークルーズでの夕食。ロビーにて08:30に集合、歩きやすい靴をお勧めします。',
    rows: [['送迎', '1', '$120.00'], ['ガイド付き散策', '2', '$80.00'], ['ディナークルーズ', '2', '$150.00'], ['ホテル宿泊', '1', '$210.00']],
  },
};

const longDocument: DocumentTemplate<{ lang: 'en' | 'ae' | 'ja' }> = {
  kind: 'bench',
  audience: 'customer',
  title: (_, s) => s.itinerary.title,
  fileName: () => 'bench.pdf',
  render(w, { lang }) {
    const t = TEXT[lang];
    const s = w.s.itinerary;
    w.title(s.title, w.t(s.preparedFor, { name: 'Amira Haddad' }));
    w.heading(s.atAGlance);
    w.fields([
      [s.dates, `${w.format.date('2026-03-01')} – ${w.format.date('2026-03-21')}`],
      [s.nights, w.format.number(20)],
      [s.travellers, w.format.number(2)],
    ]);
    for (let day = 1; day <= 21; day++) {
      w.heading(w.t(s.day, { day }));
      w.paragraph(t.para);
      w.table([{ header: s.activities, width: 3 }, { header: '#', width: 1, align: 'end' }, { header: w.s.total, width: 1.5, align: 'end' }], t.rows);
    }
    w.heading(s.priceSummary);
    w.table([{ header: s.pricePerPerson, width: 3 }, { header: w.s.total, width: 1.5, align: 'end' }], [[s.pricePerPerson, '$2,450.00']], [[w.s.total, '$4,900.00']]);
  },
};

const ORG = { name: 'Demo Travels', currency: 'USD', timeZone: 'Asia/Dubai', colorPrimary: '#14b8a6', colorSecondary: '#3b82f6', terms: 'Prices are per person in a double room. Payments are non-refundable once services are booked.' };

async function renderOne(lang: 'en' | 'ae' | 'ja') {
  const t0 = performance.now();
  const first = await renderDocument(longDocument, { lang }, ORG, lang as Locale);
  const firstMs = performance.now() - t0;
  let warm = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await renderDocument(longDocument, { lang }, ORG, lang as Locale);
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
  const base = { DATA_DIR: dataDir, SEED_PASSWORD: password, MAIL_WORKERS: String(workers), QUEUE_POLL_SECONDS: '0.5' };
  try {
    // The backlog is written with the workers off, so the rate is the queue's alone.
    let server = await spawnServer({ ...base, JOB_POLL_MS: '0' });
    const agent = new Agent(server.url);
    await agent.post('/api/auth/login', { email: 'owner@demo.travel', password });
    await agent.put('/api/configurations/email-services', { host: '127.0.0.1', port: sink.port, security: 'none', user: '', fromEmail: 'trips@demo.travel' });
    const income = (await agent.post('/api/budget/income', { amount: 1000, date: '2026-11-01', paymentMethod: 'cash', description: 'Bench' })).body.data._id;
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

async function main() {
  const [mode, arg] = process.argv.slice(2);
  if (mode === 'render') return renderOne(arg as 'en' | 'ae' | 'ja');
  console.log(`load before: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const lang of ['en', 'ae', 'ja']) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/documents.ts', 'render', lang], { encoding: 'utf8' });
    process.stdout.write(out.stdout || out.stderr);
  }
  const count = Number(process.env.BENCH_MAILS ?? 200);
  for (const workers of [2, 8]) await mailRate(count, workers);
  console.log(`load after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
