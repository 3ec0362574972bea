import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBookingDay } from '../../server/bookings/jobs';
import { DOCUMENT_STRINGS } from '../../server/documents';
import type { Agent } from '../support/agent';
import { NOW, TODAY, book, day, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { checksum, checksumQuery } from '../support/db-checksum';
import { pdfPages, pdfText } from '../support/pdf';
import { makePng } from '../support/png';
import { mailTo, noMail, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/wait';
import { usd } from '../support/reads';

/**
 * A booking's customer documents and emails against the real server, database and mail queue: the
 * confirmation, a verified payment's receipt and the invoice as PDFs (read back with pdftotext:
 * the numbers and amounts a customer reads, never a cost), sent to the outbox without a mail server
 * and through a real SMTP server with one; reminders in the booking's language. And a customized
 * tour booked from the version it was sent in, through its machine.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let globe: Agent;
let org: string;
let sink: SmtpSink;
let fingerprint: string;

beforeAll(async () => {
  s = await startTestServer({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  s.clock.set(NOW);
  [owner, finance, globe] = await s.logins('owner@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  org = await orgId(s);
  sink = await startSmtpSink();
  fingerprint = await checksumQuery(s);
});
afterAll(async () => {
  await sink?.close();
  await s?.close();
});
afterEach(() => s.clock.set(NOW));

/** Demo Travels keeps USD: money as an English reader reads it, spaces plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');

async function pdfOf(agent: Agent, path: string, lang = 'en') {
  const res = await fetch(`${s.url}/api${path}/pdf?lang=${lang}`, { headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

const useSink = () => mailTo(owner, sink.port);
const noSmtp = () => noMail(owner);


/** A booking of a departure with its deposit paid and verified. */
async function bookedAndPaid(o: { lang?: string; inDays?: number; nights?: number; installments?: { dueDate: string; amount: number }[] } = {}) {
  const tour = await newDeparture(owner, { inDays: o.inDays ?? 40, nights: o.nights ?? 4, capacity: 30, title: `Nile cruise ${Math.random().toString(36).slice(2, 7)}` });
  const b = await book(owner, { ...groupBooking(tour, await newLead(owner), { installments: o.installments }), ...(o.lang ? { language: o.lang } : {}) });
  const deposit = await pay(owner, b._id, b.installments[0].amount, { reference: 'TRF-DEP-77' });
  expect((await verify(finance, b._id, deposit.body.data._id)).status).toBe(200);
  return { booking: (await owner.get(`/api/bookings/id/${b._id}`)).body.data, paymentId: deposit.body.data._id as string };
}

describe('the booking confirmation', () => {
  it('prints the booking, its travellers, lines, plan and balance at selling prices', async () => {
    const { booking: b } = await bookedAndPaid();
    const pdf = await pdfOf(owner, `/bookings/${b._id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = plain(pdfText(pdf.bytes));
    pdfPages(pdf.bytes, 'booking-confirmation');
    for (const words of ['Booking confirmation', b.ref, b.tour.title, 'Amira Haddad', 'Ben Okafor', 'Payment schedule', 'Balance due']) expect(text).toContain(words);
    for (const amount of [b.grandTotal, b.installments[0].amount, b.installments[1].amount, b.paid, b.balance]) expect(text).toContain(plain(usd(amount)));
    expect(text).not.toMatch(/cost|markup|margin/i);
    // Another organization's booking is not there; a colleague's own visibility is the list's.
    expect((await pdfOf(globe, `/bookings/${b._id}`)).status).toBe(404);
  });

  it('prints its lines table’s Quantity header whole, on one line, in every language (it wrapped as “Quantit / y”)', async () => {
    const { booking: b } = await bookedAndPaid();
    for (const [lang, words] of Object.entries(DOCUMENT_STRINGS)) {
      const pdf = await pdfOf(owner, `/bookings/${b._id}`, lang);
      expect(pdf.status).toBe(200);
      const header = words.booking.quantity;
      // A header broken over two lines reads back as two pieces: the whole word is not in the text.
      expect(pdfText(pdf.bytes), `${lang}: ${header}`).toContain(header);
      if (lang === 'en' || lang === 'de') pdfPages(pdf.bytes, `booking-confirmation-${lang}`);
    }
  });

  it('is sent: kept in the outbox without a mail server, delivered through one, each send on the booking', async () => {
    const { booking: b } = await bookedAndPaid();
    await noSmtp();
    const kept = await owner.post(`/api/bookings/${b._id}/send`, { to: 'guest@example.com' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(202);
    expect(kept.body.data).toMatchObject({ recordType: 'booking', recordId: b._id, recordLabel: b.ref, document: 'booking-confirmation', status: 'outbox', to: ['guest@example.com'] });
    expect(kept.body.data.subject).toBe(`Booking confirmation ${b.ref} from Demo Travels`);
    expect(kept.body.data.attachments).toEqual([expect.objectContaining({ fileName: `${b.ref}.pdf`, contentType: 'application/pdf' })]);

    await useSink();
    const sent = await owner.post(`/api/bookings/${b._id}/send`, { to: 'guest@example.com', lang: 'de' });
    expect(sent.status).toBe(202);
    expect(sent.body.data.subject).toBe(`Buchungsbestätigung ${b.ref} von Demo Travels`);
    const done = await until(() => owner.get(`/api/bookings/${b._id}/sends`), (r) => r.body.data[0]?.status === 'sent');
    expect(done.body.data.map((x: { status: string }) => x.status)).toEqual(['sent', 'outbox']);
    const mail = sink.messages.find((m) => m.subject === sent.body.data.subject)!;
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${b.ref}.pdf`]);
    expect(plain(pdfText(mail.attachments[0].content))).toContain('Buchungsbestätigung');
    await noSmtp();

    const detail = (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    expect(detail.activity.filter((a: { type: string }) => a.type === 'document').map((a: { data: { sendId: string } }) => a.data.sendId).sort()).toEqual([kept.body.data._id, sent.body.data._id].sort());
  });

  it('refuses a send without an address or to another organization, and writes nothing', async () => {
    const { booking: b } = await bookedAndPaid();
    const before = await checksum(s, fingerprint);
    const empty = await owner.post(`/api/bookings/${b._id}/send`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({ path: 'to', code: 'required' });
    expect((await globe.post(`/api/bookings/${b._id}/send`, { to: 'x@example.com' })).status).toBe(404);
    expect(await checksum(s, fingerprint)).toBe(before);
  });
});

describe('the payment receipt', () => {
  it('prints a verified payment: its receipt number, amount, method, reference and the balance it left', async () => {
    const { booking: b, paymentId } = await bookedAndPaid();
    const payment = b.payments.find((p: { _id: string }) => p._id === paymentId);
    const text = plain(pdfText((await pdfOf(owner, `/bookings/${b._id}/payment-receipt/${paymentId}`)).bytes));
    for (const words of ['Receipt', payment.receiptNumber, b.ref, b.tour.title, 'Bank transfer', 'TRF-DEP-77', usd(payment.amount), usd(b.grandTotal - payment.amount)]) expect(text).toContain(plain(words));
    // A later payment does not change what this receipt says was left.
    const second = await pay(owner, b._id, 1000);
    await verify(finance, b._id, second.body.data._id);
    expect(plain(pdfText((await pdfOf(owner, `/bookings/${b._id}/payment-receipt/${paymentId}`)).bytes))).toContain(plain(usd(b.grandTotal - payment.amount)));
  });

  it('is sent by multipart with an attachment; a payment not verified has none (409), another booking\'s is 404', async () => {
    const { booking: b, paymentId } = await bookedAndPaid();
    const form = new FormData();
    form.append('to', 'guest@example.com');
    form.append('lang', 'ae');
    form.append('attachments', new Blob([new Uint8Array(makePng(8, 8, () => [200, 120, 40, 255]))], { type: 'image/png' }), 'slip.png');
    const res = await owner.request('POST', `/api/bookings/${b._id}/payment-receipt/${paymentId}/send`, form);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ recordType: 'booking-payment', recordId: paymentId, document: 'booking-receipt', language: 'ae' });
    expect(res.body.data.attachments.map((a: { contentType: string }) => a.contentType)).toEqual(['application/pdf', 'image/png']);

    const waiting = await pay(owner, b._id, 500);
    const refused = await owner.post(`/api/bookings/${b._id}/payment-receipt/${waiting.body.data._id}/send`, { to: 'guest@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', params: { status: 'submitted' } });
    expect((await pdfOf(owner, `/bookings/${b._id}/payment-receipt/${waiting.body.data._id}`)).status).toBe(409);
    const other = await bookedAndPaid();
    expect((await owner.post(`/api/bookings/${other.booking._id}/payment-receipt/${paymentId}/send`, { to: 'guest@example.com' })).status).toBe(404);
  });
});

describe('the invoice', () => {
  it('prints its number, lines, the tax inside the total and what is due; sent like the others', async () => {
    const { booking: b } = await bookedAndPaid({ inDays: 3, nights: 2, installments: [{ dueDate: TODAY, amount: 100_000 }, { dueDate: day(2), amount: 200_000 }] });
    expect((await owner.put(`/api/bookings/${b._id}/verify`, {})).status).toBe(200);
    s.clock.set(`${day(6)}T08:00:00Z`);
    await s.database.withTenant(org, (tx) => runBookingDay(tx, s.clock));
    const generated = await finance.post('/api/booking-invoices/generate', { bookingId: b._id });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const inv = generated.body.data;
    const text = plain(pdfText((await pdfOf(finance, `/booking-invoices/${inv._id}`)).bytes));
    for (const words of ['Invoice', inv.number, b.ref, 'Subtotal', 'Amount due', usd(inv.subtotal), usd(inv.tax), usd(inv.total), usd(inv.balance)]) expect(text).toContain(plain(words));
    for (const line of inv.lines) expect(text).toContain(line.description);
    expect(inv.subtotal + inv.tax).toBe(inv.total);

    const sent = await finance.post(`/api/booking-invoices/${inv._id}/send`, { to: 'guest@example.com' });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ recordType: 'booking-invoice', recordId: inv._id, recordLabel: inv.number, document: 'booking-invoice' });
    expect(sent.body.data.message).toContain(inv.number);
    expect((await globe.get(`/api/booking-invoices/${inv._id}/pdf`)).status).toBe(404);
  });
});

describe('reminders in the booking\'s language', () => {
  it('are emails of the booking (outbox without a mail server), with the next installment and the balance', async () => {
    const english = (await bookedAndPaid()).booking;
    const arabic = (await bookedAndPaid({ lang: 'ae' })).booking;
    expect(arabic.language).toBe('ae');
    for (const b of [english, arabic]) expect((await owner.post(`/api/bookings/${b._id}/payment/reminder`, {})).status).toBe(201);
    const sends = async (id: string) => (await owner.get(`/api/bookings/${id}/sends`)).body.data;
    const [en] = await sends(english._id);
    expect(en).toMatchObject({ document: 'payment-reminder', language: 'en', status: 'outbox', subject: `Payment reminder: booking ${english.ref}`, attachments: [] });
    expect(en.message).toContain(`the next installment is ${usd(english.installments[1].amount)}`.replace(/\u00a0/g, ' '));
    expect(en.message).toContain(`The balance of the booking is ${usd(english.balance)}`.replace(/\u00a0/g, ' '));
    expect(en.message).not.toMatch(/[\u00a0\u202f]/);
    const [ae] = await sends(arabic._id);
    expect(ae).toMatchObject({ document: 'payment-reminder', language: 'ae', subject: `تذكير بالدفع: الحجز ${arabic.ref}` });
    expect(ae.message).toContain('الرصيد المتبقي على الحجز');
    // A language the documents do not speak cannot be stored, whoever writes it.
    await expect(s.sql(`update bookings set language = 'xx' where id = $1`, [arabic._id])).rejects.toThrow(/bookings_language_ck/);
  });
});

describe('a customized tour booked', () => {
  let dest: { id: string; region: string };
  beforeAll(async () => {
    [dest] = (await s.sql<{ id: string; region: string }>(`select id, region_id as region from destinations where organization_id = $1 order by slug limit 1`, [org])).map((r) => r);
  });

  async function sentTour(leadId: string) {
    const tour = await owner.post('/api/customized-tours', {
      leadId,
      title: 'Desert and sea',
      departure: day(50),
      arrival: day(52),
      adults: 2,
      children: 1,
      days: [{ date: day(50), destinationId: dest.id }, { date: day(51), destinationId: dest.id }, { date: day(52), destinationId: dest.id }],
      lines: [
        { kind: 'activities', dayNumber: 1, description: 'Dune drive', quantity: 3, unit: 'per-person', unitCost: 20_000, markupType: 'percent', markup: 2500 },
        { kind: 'fee', description: 'Service fee', quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5_000 },
      ],
    });
    expect(tour.status, JSON.stringify(tour.body)).toBe(201);
    expect((await owner.post(`/api/customized-tours/${tour.body.data._id}/send`, { to: 'guest@example.com' })).status).toBe(202);
    return (await owner.get(`/api/customized-tours/${tour.body.data._id}`)).body.data;
  }

  const customizedBooking = (tour: { _id: string; totals: { sell: number } }, leadId: string, version = 1) => ({
    tourType: 'customized',
    tourId: tour._id,
    tourVersion: version,
    leadId,
    pax: 3,
    travellers: [{ type: 'adult', name: 'Amal' }, { type: 'adult', name: 'Omar' }, { type: 'child', name: 'Sara' }],
    installments: [
      { dueDate: TODAY, amount: Math.round(tour.totals.sell / 4) },
      { dueDate: day(30), amount: tour.totals.sell - Math.round(tour.totals.sell / 4) },
    ],
  });

  it('takes the sent version\'s selling total, BOOKs the tour through its machine and wins the lead, in one transaction', async () => {
    const lead = await newLead(owner);
    const tour = await sentTour(lead);
    expect(tour.status).toBe('sent');
    const b = await book(owner, customizedBooking(tour, lead));
    expect(b).toMatchObject({ tourType: 'customized', grandTotal: tour.totals.sell, tour: { _id: tour._id, title: 'Desert and sea', version: 1 }, departure: day(50), arrival: day(52), pax: 3 });
    const after = (await owner.get(`/api/customized-tours/${tour._id}`)).body.data;
    expect(after).toMatchObject({ status: 'booked', bookingId: b._id, bookedVersion: 1 });
    expect((await owner.get(`/api/leads/${lead}`)).body.data.status).toBe('won');
    const ofBooking = await owner.get(`/api/customized-tours/booking/${b._id}`);
    expect(ofBooking.status).toBe(200);
    expect(ofBooking.body.data._id).toBe(tour._id);
    // The booking keeps what the customer bought: selling figures, no cost or markup.
    const detail = (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    expect(JSON.stringify(detail.tourSnapshot)).not.toMatch(/cost|markup/i);
    const confirmation = plain(pdfText((await pdfOf(owner, `/bookings/${b._id}`)).bytes));
    expect(confirmation).toContain('Dune drive');
    expect(confirmation).toContain(plain(usd(tour.totals.sell)));
    expect(confirmation).not.toMatch(/cost|markup/i);

    // Booked with no verified payment, the tour may go back to draft; once money is verified, not.
    const deposit = await pay(owner, b._id, b.installments[0].amount);
    await verify(finance, b._id, deposit.body.data._id);
    const revert = await owner.put(`/api/customized-tours/booked/revert/${tour._id}`);
    expect(revert.status).toBe(409);
    expect((await owner.get(`/api/customized-tours/${tour._id}`)).body.data.status).toBe('booked');
  });

  it('refuses, writing nothing: a version never sent, a plan off the selling total, another lead, a party of another size, a tour booked already, one revised since', async () => {
    const lead = await newLead(owner);
    const tour = await sentTour(lead);
    const body = customizedBooking(tour, lead);
    const [someoneElse, globeLead] = [await newLead(owner), await newLead(globe)];
    const before = await checksum(s, fingerprint);
    const unsent = await owner.post('/api/bookings', { ...body, tourVersion: 2 });
    expect(unsent.status).toBe(400);
    expect(unsent.body.issues[0]).toMatchObject({ path: 'tourVersion', code: 'unknownReference' });
    const off = await owner.post('/api/bookings', { ...body, installments: [{ dueDate: TODAY, amount: tour.totals.sell + 1 }] });
    expect(off.status).toBe(400);
    expect(off.body.issues[0]).toMatchObject({ path: 'installments', code: 'planTotal', params: { total: tour.totals.sell } });
    const otherLead = await owner.post('/api/bookings', { ...body, leadId: someoneElse });
    expect(otherLead.status).toBe(409);
    expect(otherLead.body).toMatchObject({ code: 'TOUR_NOT_BOOKABLE', params: { reason: 'otherLead' } });
    const party = await owner.post('/api/bookings', { ...body, pax: 2, travellers: body.travellers.slice(0, 2) });
    expect(party.status).toBe(400);
    expect(party.body.issues[0]).toMatchObject({ path: 'pax', code: 'oneOf', params: { values: [3] } });
    const globeTour = await globe.post('/api/bookings', { ...body, leadId: globeLead });
    expect(globeTour.status).toBe(400);
    expect(globeTour.body.issues[0]).toMatchObject({ path: 'tourId', code: 'unknownReference' });
    expect(await checksum(s, fingerprint)).toBe(before);

    await book(owner, body);
    const twice = await owner.post('/api/bookings', body);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TRANSITION_NOT_ALLOWED');

    const revised = await sentTour(await newLead(owner));
    expect((await owner.put(`/api/customized-tours/${revised._id}/revise`)).status).toBe(200);
    const before2 = await checksum(s, fingerprint);
    const stale = await owner.post('/api/bookings', customizedBooking(revised, revised.lead._id));
    expect(stale.status).toBe(409);
    expect(await checksum(s, fingerprint)).toBe(before2);
  });
});
