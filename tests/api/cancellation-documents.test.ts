import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancellationPaths } from '../../src/api/cancellations/contract';
import { creditPaths } from '../../src/api/finance/credit/contract';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, book, day, groupBooking, newDeparture, newLead, pay, verify } from '../support/bookings';
import { checksum, checksumQuery } from '../support/db-checksum';
import { pdfPageCount, pdfPages, pdfText, spacedNumbers } from '../support/pdf';
import { makePng } from '../support/png';
import { mailTo, noMail, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/wait';
import { usd } from '../support/reads';

/**
 * A cancellation's customer documents against the real server, database and mail queue (issue 29):
 * the confirmation of the decision and the credit note as PDFs in the booking's language (read back
 * with pdftotext: what was paid, kept and given back, the CN- number, Arabic for an Arabic booking),
 * and `POST /bookings/{id}/send-cancellation` through the outbox and the queue with the sender's files.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let finance: Agent;
let ops: Agent;
let globe: Agent;
let sink: SmtpSink;
let fingerprint: string;

beforeAll(async () => {
  s = await startTestServer({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  s.clock.set(NOW);
  [owner, sales, finance, ops, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'finance@demo.travel', 'ops@demo.travel', 'owner@globe.travel');
  sink = await startSmtpSink();
  fingerprint = await checksumQuery(s);
});
afterAll(async () => {
  await sink?.close();
  await s?.close();
});
afterEach(() => s.clock.set(NOW));

const TOTAL = 2 * PRICES.adult;
const DEPOSIT = Math.round(TOTAL * 0.3);
/** The fee of the default policy's 60-day tier (10 % of the total). */
const FEE = TOTAL / 10;
const REFUNDABLE = DEPOSIT - FEE;
const half = (n: number) => Math.floor(n / 2);

/** Demo Travels keeps USD: money as an English reader reads it, spaces plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');

async function pdfAt(agent: Agent, path: string) {
  const res = await fetch(`${s.url}/api${path}`, { headers: { Cookie: agent.cookieHeader() } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

/** A booking of the sales agent's, 60 days ahead, its deposit paid and verified; in `language` when given. */
async function paidBooking(o: { email?: string; language?: string } = {}) {
  const lead = await newLead(sales, undefined, o.email ? { email: o.email } : {});
  const booking = await book(sales, { ...groupBooking(await newDeparture(owner, { inDays: 60, capacity: 10 }), lead, { pax: 2 }), ...(o.language ? { language: o.language } : {}) });
  const deposit = await pay(owner, booking._id, DEPOSIT, { reference: 'TRF-DEP-9' });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  expect((await verify(finance, booking._id, deposit.body.data._id)).status).toBe(200);
  return booking as { _id: string; ref: string; language: string; lead: { _id: string } };
}

async function requested(bookingId: string) {
  const res = await sales.post('/api/booking-cancellations/cancel', { bookingId, reason: 'The customer broke a leg' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string };
}
const decide = (id: string, body: Record<string, unknown>) => owner.patch(`/api/booking-cancellations/${id}/status`, body, { 'Idempotency-Key': newIdempotencyKey() });

/** Half of what is refundable back to the bank, the other half as a credit note. */
async function approvedHalf(bookingId: string) {
  const c = await requested(bookingId);
  const res = await decide(c._id, {
    status: 'approved',
    comments: 'Half back, half for the next trip',
    totalRefundAmount: REFUNDABLE,
    refundSource: 'money:bank-transfer',
    sourceAccountAmount: half(REFUNDABLE),
    creditNoteAmount: REFUNDABLE - half(REFUNDABLE),
    validUntil: day(365),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { _id: string; refund: { _id: string }; creditNote: { _id: string; number: string } };
}

describe('the cancellation confirmation', () => {
  it("prints what was paid, kept and given back, the refund's state and the credit note, in English", async () => {
    const b = await paidBooking();
    const c = await approvedHalf(b._id);
    expect(c.creditNote.number).toMatch(/^CN-2031-\d{4}$/);

    const pdf = await pdfAt(owner, cancellationPaths.pdf.url({ id: c._id }));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = plain(pdfText(pdf.bytes));
    pdfPages(pdf.bytes, 'cancellation-confirmation-en');
    // The decision, the money back and the credit note on one page (the credit note's own document says how to use it).
    expect(pdfPageCount(pdf.bytes)).toBe(1);
    for (const words of ['Cancellation confirmation', b.ref, 'The customer broke a leg', 'Cancellation approved on', 'Cancellation fee kept', 'Total refund', 'Money back', 'Bank transfer', 'To be paid', c.creditNote.number]) expect(text).toContain(words);
    for (const amount of [DEPOSIT, FEE, REFUNDABLE, half(REFUNDABLE), REFUNDABLE - half(REFUNDABLE)]) expect(text).toContain(plain(usd(amount)));
    // A customer document: never what the trip cost the organization.
    expect(text).not.toMatch(/cost|vendor|margin/i);

    // Finance pays the refund back: the confirmation says when.
    expect((await finance.put(`/api/refunds/${c.refund._id}/process`, { refundedOn: TODAY })).status).toBe(200);
    const after = plain(pdfText((await pdfAt(owner, cancellationPaths.pdf.url({ id: c._id }))).bytes));
    expect(after).toContain('Paid on');
    expect(after).not.toContain('To be paid');
  });

  it('is in the booking\'s language unless another is asked for: Arabic, right to left', async () => {
    const b = await paidBooking({ language: 'ae' });
    expect(b.language).toBe('ae');
    const c = await approvedHalf(b._id);
    const pdf = await pdfAt(owner, cancellationPaths.pdf.url({ id: c._id }));
    expect(pdf.status).toBe(200);
    pdfPages(pdf.bytes, 'cancellation-confirmation-ae');
    const text = spacedNumbers(pdfText(pdf.bytes));
    for (const words of ['تأكيد الإلغاء', 'رسوم الإلغاء المحتفظ بها', 'إجمالي المبلغ المسترد', 'قيد الدفع', b.ref, c.creditNote.number]) expect(text).toContain(words);
    expect(text).not.toContain('Cancellation confirmation');
    // Asked for in German, it is German.
    expect(plain(pdfText((await pdfAt(owner, `${cancellationPaths.pdf.url({ id: c._id })}?lang=de`)).bytes))).toContain('Stornobestätigung');
  });

  it('says a rejection and its comment; none while the request waits (409); 404 for another organization, 400 naming lang', async () => {
    const b = await paidBooking();
    const c = await requested(b._id);
    const waiting = await pdfAt(owner, cancellationPaths.pdf.url({ id: c._id }));
    expect(waiting.status).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 'CANCELLATION_NOT_DECIDED', params: { status: 'requested' } });
    expect((await decide(c._id, { status: 'rejected', comments: 'The trip is in three days: nothing can be released' })).status).toBe(200);
    const rejected = await pdfAt(owner, cancellationPaths.pdf.url({ id: c._id }));
    pdfPages(rejected.bytes, 'cancellation-rejected-en');
    const text = plain(pdfText(rejected.bytes));
    for (const words of ['Cancellation request declined on', 'The trip is in three days: nothing can be released', b.ref]) expect(text).toContain(words);
    expect(text).not.toContain('Total refund');

    expect((await pdfAt(globe, cancellationPaths.pdf.url({ id: c._id }))).status).toBe(404);
    const bad = await pdfAt(owner, `${cancellationPaths.pdf.url({ id: c._id })}?lang=xx`);
    expect(bad.status).toBe(400);
    expect(bad.json().issues[0].path).toBe('lang');
  });
});

describe('the credit note', () => {
  it('prints its number, amount, what paid the next booking and what is left; Arabic for an Arabic booking', async () => {
    const email = `returning-docs-${Date.now()}@example.com`;
    const b = await paidBooking({ email });
    const c = await approvedHalf(b._id);
    const amount = REFUNDABLE - half(REFUNDABLE);

    const fresh = plain(pdfText((await pdfAt(owner, creditPaths.creditNotePdf.url({ id: c.creditNote._id }))).bytes));
    for (const words of ['Credit note', c.creditNote.number, b.ref, 'Valid', 'Not used yet.', 'Left to use']) expect(fresh).toContain(words);
    expect(fresh).toContain(plain(usd(amount)));

    // The customer's next booking is paid partly with it.
    const next = await book(sales, groupBooking(await newDeparture(owner, { inDays: 90 }), await newLead(sales, undefined, { email }), { pax: 2 }));
    const used = 10_000;
    const paid = await pay(owner, next._id, used, { paymentMethod: 'credit-note', creditNoteId: c.creditNote._id, reference: null, paidOn: TODAY }, { 'Idempotency-Key': newIdempotencyKey() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const pdf = await pdfAt(owner, creditPaths.creditNotePdf.url({ id: c.creditNote._id }));
    pdfPages(pdf.bytes, 'credit-note-en');
    const text = plain(pdfText(pdf.bytes));
    for (const words of [c.creditNote.number, next.ref, 'Used so far', 'Left to use']) expect(text).toContain(words);
    for (const money of [amount, used, amount - used]) expect(text).toContain(plain(usd(money)));
    expect(text).not.toContain('Not used yet.');

    // That next booking is cancelled in turn: what it took goes back to the note, a line of its own.
    const again = await requested(next._id);
    expect((await decide(again._id, { status: 'approved', totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 })).status).toBe(200);
    const back = await pdfAt(owner, creditPaths.creditNotePdf.url({ id: c.creditNote._id }));
    pdfPages(back.bytes, 'credit-note-given-back-en');
    const backText = plain(pdfText(back.bytes));
    expect(backText).toContain(`${next.ref} · given back`);
    expect(backText).toContain(plain(usd(-used)));
    expect(backText).toContain(`Left to use`);
    const confirmation = plain(pdfText((await pdfAt(owner, cancellationPaths.pdf.url({ id: again._id }))).bytes));
    expect(confirmation.replace(/\s+/g, ' ')).toContain(`Returned to credit note ${c.creditNote.number}`);
    expect(confirmation).not.toContain('Nothing is refunded');
    expect(confirmation).toContain(plain(usd(used)));

    const arabic = await approvedHalf((await paidBooking({ language: 'ae' }))._id);
    const ae = await pdfAt(owner, creditPaths.creditNotePdf.url({ id: arabic.creditNote._id }));
    expect(ae.status).toBe(200);
    pdfPages(ae.bytes, 'credit-note-ae');
    const aeText = spacedNumbers(pdfText(ae.bytes));
    for (const words of ['إشعار دائن', 'المتبقي للاستخدام', 'لم يُستخدم بعد', arabic.creditNote.number]) expect(aeText).toContain(words);

    expect((await pdfAt(globe, creditPaths.creditNotePdf.url({ id: c.creditNote._id }))).status).toBe(404);
  });
});

describe('send-cancellation', () => {
  const useSink = () => mailTo(owner, sink.port);
  const noSmtp = () => noMail(owner);


  function form(fields: Record<string, string>, file = true) {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    if (file) f.append('attachments', new Blob([new Uint8Array(makePng(8, 8, () => [200, 120, 40, 255]))], { type: 'image/png' }), 'medical-note.png');
    return f;
  }

  it('keeps the confirmation, its credit note and the added file in the outbox without a mail server, as a send of the booking', async () => {
    const b = await paidBooking();
    const c = await approvedHalf(b._id);
    await noSmtp();
    const res = await ops.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ recordType: 'booking', recordId: b._id, recordLabel: b.ref, document: 'cancellation-confirmation', status: 'outbox', language: 'en', to: ['guest@example.com'] });
    expect(res.body.data.subject).toBe(`Cancellation of booking ${b.ref}: Demo Travels`);
    expect(res.body.data.attachments.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType])).toEqual([
      [`Cancellation-confirmation-${b.ref}.pdf`, 'application/pdf'],
      [`${c.creditNote.number}.pdf`, 'application/pdf'],
      ['medical-note.png', 'image/png'],
    ]);
    const [row] = await s.sql<{ status: string; document: string; record_type: string }>(`select status, document, record_type from document_sends where id = $1`, [res.body.data._id]);
    expect(row).toEqual({ status: 'outbox', document: 'cancellation-confirmation', record_type: 'booking' });
    expect((await owner.get(`/api/bookings/${b._id}/sends`)).body.data.map((x: { _id: string }) => x._id)).toEqual([res.body.data._id]);
    const detail = (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    expect(detail.activity.filter((a: { type: string }) => a.type === 'document').map((a: { data: { sendId: string } }) => a.data.sendId)).toEqual([res.body.data._id]);
  });

  it("is delivered through the queue in the booking's language, with both PDFs readable", async () => {
    const b = await paidBooking({ language: 'ae' });
    const c = await approvedHalf(b._id);
    await useSink();
    try {
      const res = await owner.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com', cc: 'agent@example.com' }, false));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.data).toMatchObject({ language: 'ae', status: 'queued', subject: `إلغاء الحجز ${b.ref}: Demo Travels` });
      const done = await until(() => owner.get(`/api/bookings/${b._id}/sends`), (r) => r.body.data[0]?.status === 'sent');
      expect(done.body.data[0].status).toBe('sent');
      const mail = sink.messages.find((m) => m.subject === res.body.data.subject)!;
      expect(mail.attachments.map((a) => a.filename)).toEqual([`${'تأكيد-الإلغاء'}-${b.ref}.pdf`, `${c.creditNote.number}.pdf`]);
      expect(pdfText(mail.attachments[0].content)).toContain('تأكيد الإلغاء');
      expect(pdfText(mail.attachments[1].content)).toContain(c.creditNote.number);
    } finally {
      await noSmtp();
    }
  });

  it("the detail says what a send starts from (the booking's language and address) and which decision send-cancellation sends: the latest", async () => {
    const b = await paidBooking({ email: `guest-${process.pid}@example.com`, language: 'fr' });
    const first = await requested(b._id);
    const detailOf = async (id: string) => (await owner.get(`/api/booking-cancellations/id/${id}`)).body.data.documents;
    // A request waiting is not what is sent (it has no confirmation yet).
    expect(await detailOf(first._id)).toEqual({ language: 'fr', email: `guest-${process.pid}@example.com`, latestDecision: false });
    expect((await decide(first._id, { status: 'rejected', comments: 'Not within the policy' })).status).toBe(200);
    expect((await detailOf(first._id)).latestDecision).toBe(true);
    // A later request approved: it is the one sent, the rejection's page no longer is.
    const second = await approvedHalf(b._id);
    expect((await detailOf(first._id)).latestDecision).toBe(false);
    expect((await detailOf(second._id)).latestDecision).toBe(true);
    await noSmtp();
    const res = await owner.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }, false));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.attachments.map((a: { fileName: string }) => a.fileName)).toContain(`${second.creditNote.number}.pdf`);
  });

  it('refuses without a decision (409), for another organization (404), without the permission (403), and writes nothing', async () => {
    const b = await paidBooking();
    const before = await checksum(s, fingerprint);
    const none = await owner.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }));
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('CANCELLATION_NOT_DECIDED');
    await requested(b._id);
    const mid = await checksum(s, fingerprint);
    expect((await owner.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }))).status).toBe(409);
    expect((await globe.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }))).status).toBe(404);
    // A sales agent asks for cancellations; sending the booking's documents is for those who update bookings.
    expect((await sales.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({ to: 'guest@example.com' }))).status).toBe(403);
    const empty = await owner.request('POST', `/api${cancellationPaths.send.url({ id: b._id })}`, form({}));
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({ path: 'to', code: 'required' });
    expect(await checksum(s, fingerprint)).toBe(mid);
    expect(before).not.toBe(mid);
  });
});
