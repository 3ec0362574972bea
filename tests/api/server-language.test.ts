import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBookingDay } from '../../server/bookings/jobs';
import type { Agent } from '../support/agent';
import { NOW, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { mailTo, noMail, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { until } from '../support/wait';
import { startTestServer, type TestServer } from '../support/server';

/**
 * What the server words itself reaches each reader in their language (issue 31): a customer's
 * e-mails in the booking's language (the payment reminder, the overdue notice the daily job sends,
 * a document sent with its default subject and message, captured by a real SMTP sink), and the CSV
 * exports headed in the language of the member who downloads them (their saved preference).
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let org: string;
let sink: SmtpSink;

beforeAll(async () => {
  s = await startTestServer({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  s.clock.set(NOW);
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
  org = await orgId(s);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await finance?.put('/api/members/me/preferences', { locale: 'en' });
  await sink?.close();
  await s?.close();
});

const sendsOf = async (id: string) => s.sql<{ kind: string; language: string; subject: string; body: string }>('select document as kind, language, subject, message as body from document_sends where record_id = $1 order by created_at', [id]);

async function booking(language: string, installments?: { dueDate: string; amount: number }[]) {
  const tour = await newDeparture(owner, { inDays: 60, nights: 4, capacity: 30 });
  const b = await book(owner, { ...groupBooking(tour, await newLead(owner), { installments }), language });
  expect(b.language).toBe(language);
  return b;
}

describe('e-mails to a customer, in the booking’s language', () => {
  it('the payment reminder: German and Japanese, money and dates as each language writes them', async () => {
    const de = await booking('de');
    const ja = await booking('ja');
    for (const b of [de, ja]) expect((await owner.post(`/api/bookings/${b._id}/payment/reminder`, {})).status).toBe(201);
    const [german] = await sendsOf(de._id);
    expect(german).toMatchObject({ kind: 'payment-reminder', language: 'de', subject: `Zahlungserinnerung: Buchung ${de.ref}` });
    expect(german.body).toContain('Die nächste Rate beträgt');
    expect(german.body).toMatch(/\d{1,3}(\.\d{3})*,\d{2}\s\$/); // 1.500,00 $
    const [japanese] = await sendsOf(ja._id);
    expect(japanese).toMatchObject({ kind: 'payment-reminder', language: 'ja', subject: `お支払いのご案内：予約 ${ja.ref}` });
    expect(japanese.body).toContain('次回のお支払いは');
    expect(japanese.body).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
  });

  it('the overdue notice the daily job sends: German and Japanese', async () => {
    const plan = [{ dueDate: day(2), amount: 100_000 }, { dueDate: day(30), amount: 200_000 }];
    const de = await booking('de', plan);
    const ja = await booking('ja', plan);
    try {
      s.clock.set(`${day(4)}T08:00:00Z`);
      await s.database.withTenant(org, (tx) => runBookingDay(tx, s.clock));
    } finally {
      s.clock.set(NOW);
    }
    const overdue = async (id: string) => (await sendsOf(id)).find((m) => m.kind === 'overdue-notice');
    expect(await overdue(de._id)).toMatchObject({ language: 'de', subject: `Überfällige Zahlung: Buchung ${de.ref}` });
    expect(await overdue(ja._id)).toMatchObject({ language: 'ja', subject: `お支払い期日超過：予約 ${ja.ref}` });
    // No English word once the customer's and the agency's names are taken out.
    const words = (await overdue(ja._id))!.body.replace(ja.customer.name, '').replace('Demo Travels', '');
    expect(words).toContain('期日');
    expect(words).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('a document sent without a language is worded in the booking’s, through a real mail server', async () => {
    const ja = await booking('ja');
    const paid = await pay(owner, ja._id, ja.installments[0].amount);
    expect((await verify(finance, ja._id, paid.body.data._id)).status).toBe(200);
    expect((await mailTo(owner, sink.port)).status).toBe(200);
    try {
      const sent = await owner.post(`/api/bookings/${ja._id}/send`, { to: 'kunde@example.com' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      expect(sent.body.data).toMatchObject({ language: 'ja', subject: `Demo Travelsより予約確認書 ${ja.ref}` });
      const mail = await until(async () => sink.messages.find((m) => m.subject?.includes(ja.ref)), (m) => m !== undefined);
      expect(mail?.subject).toBe(`Demo Travelsより予約確認書 ${ja.ref}`);
      expect(mail?.text).toContain('様');
    } finally {
      await noMail(owner);
    }
  });
});

describe('CSV exports, headed in the reader’s language', () => {
  async function csv(path: string) {
    const res = await fetch(`${s.url}/api${path}`, { headers: { Cookie: finance.cookieHeader() } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte order mark, so a spreadsheet reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.subarray(3).toString('utf8').split('\r\n')[0];
  }
  const asReader = async (locale: string) => expect((await finance.put('/api/members/me/preferences', { locale })).status).toBe(200);

  it('English by default, German and Japanese for a member who reads them', async () => {
    await asReader('en');
    expect(await csv('/account/receivables/export')).toBe('Booking,Customer,Booking total,Paid,Still owed,Oldest due date,Not yet due,1–30 days,31–60 days,61–90 days,Over 90 days,Currency');
    await asReader('de');
    expect(await csv('/account/receivables/export')).toBe('Buchung,Kunde,Buchungssumme,Bezahlt,Noch offen,Älteste Fälligkeit,Noch nicht fällig,1–30 Tage,31–60 Tage,61–90 Tage,Über 90 Tage,Währung');
    expect(await csv('/account/payables/export')).toBe('Lieferant,Voucher,Geschuldet,Noch nicht fällig,1–30 Tage,31–60 Tage,61–90 Tage,Über 90 Tage,Währung');
    expect(await csv('/account/journal/export?format=csv')).toBe('Datum,Buchungssatz,Referenz,Herkunft,Buchungstext,Konto,Soll,Haben,Währung');
    await asReader('ja');
    expect(await csv('/account/receivables/export')).toBe('予約,顧客,予約合計,支払済み,未収額,最も古い期日,期日前,1～30日,31～60日,61～90日,90日超,通貨');
    expect(await csv('/account/payables/export')).toBe('仕入先,バウチャー,未払額,期日前,1～30日,31～60日,61～90日,90日超,通貨');
    expect(await csv('/account/journal/export?format=csv')).toBe('日付,仕訳,参照番号,発生元,摘要,勘定科目,借方,貸方,通貨');
    await asReader('en');
  });
});

