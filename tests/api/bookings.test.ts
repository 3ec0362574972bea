import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { NOW, PRICES, TODAY, adults, book, day, fail, groupBooking, newDeparture, newLead, newPackage, orgId, pay, verify } from '../support/bookings';
import { checksumQuery, refusedUnchanged as refused } from '../support/db-checksum';
import { startTestServer, type TestServer } from '../support/server';
import { bookingMachine } from '../../src/machines/booking-machine';
import { snapshotOf } from '../../src/machines/workflow';

/**
 * The bookings' calls over HTTP (seed: Bookings, Payment receipts): what each answers, what bad
 * input and other organizations get (400 naming the field and writing nothing, 404), what each role
 * may do (403), and what the workflow refuses (409). The organization's day is fixed by the test clock.
 */
let s: TestServer;
let owner: Agent;
let sales: Agent;
let lina: Agent;
let finance: Agent;
let ops: Agent;
let globe: Agent;
let fingerprint: string;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, sales, lina, finance, ops, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'lina@demo.travel', 'finance@demo.travel', 'ops@demo.travel', 'owner@globe.travel');
  fingerprint = await checksumQuery(s);
});
afterAll(() => s?.close());

const refusedUnchanged = (status: number, send: () => Promise<{ status: number; body: any }>) => refused(s, fingerprint, status, send);

describe('POST /bookings', () => {
  it('books a group departure: the server prices it, takes the seats, wins the lead, keeps the plan in due order', async () => {
    const tour = await newDeparture(owner, { capacity: 10 });
    const lead = await newLead(sales);
    const body = {
      ...groupBooking(tour, lead, { pax: 3 }),
      travellers: [{ type: 'adult', name: 'Ana Lima' }, { type: 'child', name: 'Rui Lima' }, { type: 'infant' }],
      installments: [
        { dueDate: day(20), amount: 100_000 },
        { dueDate: TODAY, amount: 160_000 },
      ],
    };
    const b = await book(sales, body);
    expect(b).toMatchObject({
      tourType: 'group',
      status: 'pendingVerification',
      pax: 3,
      grandTotal: PRICES.adult + PRICES.child + PRICES.infant,
      paid: 0,
      balance: 260_000,
      paymentStatus: 'unpaid',
      currency: 'USD',
      departure: day(60),
      arrival: day(65),
      totalNights: 5,
      pricePerPerson: PRICES,
      invoiceGenerated: false,
      // The organization's policy when it was sold (Configurations → Cancellations, the defaults here).
      cancellationPolicy: [
        { daysBeforeDeparture: 60, feeBasisPoints: 1_000 },
        { daysBeforeDeparture: 30, feeBasisPoints: 2_500 },
        { daysBeforeDeparture: 14, feeBasisPoints: 5_000 },
        { daysBeforeDeparture: 0, feeBasisPoints: 10_000 },
      ],
      cancellationFlatFee: 0,
    });
    expect(b.ref).toMatch(/^BK-\d+$/);
    expect(b.convertedBy.name).toBe('Samir Sales');
    expect(b.installments.map((i: any) => [i.position, i.dueDate, i.amount, i.status])).toEqual([
      [1, TODAY, 160_000, 'pending'],
      [2, day(20), 100_000, 'pending'],
    ]);
    expect(b.travellers.map((t: any) => [t.position, t.type, t.name])).toEqual([
      [1, 'adult', 'Ana Lima'],
      [2, 'child', 'Rui Lima'],
      [3, 'infant', null],
    ]);
    expect((await owner.get(`/api/group-tours/id/${tour}`)).body.data).toMatchObject({ seatsTaken: 3, seatsFree: 7 });
    const leadAfter = (await sales.get(`/api/leads/${lead}`)).body.data;
    expect(leadAfter.status).toBe('won');
    // A new lead goes through the pipeline's own steps, each on its timeline, naming the booking.
    expect(leadAfter.activity.filter((a: any) => a.type === 'status').map((a: any) => [a.data.from, a.data.to, a.data.bookingId]).reverse()).toEqual([
      ['new', 'contacted', b._id],
      ['contacted', 'qualified', b._id],
      ['qualified', 'quoted', b._id],
      ['quoted', 'won', b._id],
    ]);
    expect(b.activity.map((a: any) => a.type)).toEqual(['created']);
    expect((await sales.get(`/api/bookings/lead/${lead}`)).body.data.map((x: any) => x._id)).toEqual([b._id]);
  });

  it('books a package from a departure day; the booking keeps the package as it was', async () => {
    const pkg = await newPackage(owner, { nights: 4 });
    const b = await book(owner, { tourType: 'personalized', tourId: pkg, leadId: await newLead(owner), departure: day(40), pax: 2, travellers: adults(2), installments: [{ dueDate: day(10), amount: 300_000 }] });
    expect(b).toMatchObject({ tourType: 'personalized', departure: day(40), arrival: day(44), totalNights: 4, grandTotal: 300_000 });
    await owner.put('/api/personalized-tours', { _id: pkg, title: 'Renamed later', pricePerPerson: { adult: 1, child: 1, infant: 1 } });
    const again = (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    expect(again.tour.title).toBe(b.tour.title);
    expect(again.tourSnapshot).toMatchObject({ title: b.tour.title, pricePerPerson: PRICES });
    expect(again.grandTotal).toBe(300_000);
  });

  it('refuses an unknown customized tour on the field (booking one: tests/api/booking-documents.test.ts)', async () => {
    const leadId = await newLeadId();
    const body = await refusedUnchanged(400, () =>
      owner.post('/api/bookings', { tourType: 'customized', tourId: '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11', tourVersion: 2, leadId, pax: 1, travellers: adults(1), installments: [] }),
    );
    expect(body.issues[0]).toMatchObject({ path: 'tourId', code: 'unknownReference', params: { kind: 'customized tour' } });
  });

  let leadForBadInput: string;
  const newLeadId = async () => (leadForBadInput ??= await newLead(owner));

  it.each([
    ['a plan that does not sum', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: TODAY, amount: 299_999 }] }), 'installments', 'planTotal'],
    ['a due date in the past', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: day(-1), amount: 300_000 }] }), 'installments.0.dueDate', 'inPast'],
    ['a due date after the departure', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: day(5), amount: 1 }, { dueDate: day(61), amount: 299_999 }] }), 'installments.1.dueDate', 'afterDeparture'],
    ['an amount in fractions of a minor unit', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: TODAY, amount: 299_999.5 }, { dueDate: TODAY, amount: 0.5 }] }), 'installments.0.amount', 'notInteger'],
    ['a zero installment', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: TODAY, amount: 300_000 }, { dueDate: TODAY, amount: 0 }] }), 'installments.1.amount', 'tooSmall'],
    ['a negative installment', (t: string, l: string) => groupBooking(t, l, { installments: [{ dueDate: TODAY, amount: -1 }] }), 'installments.0.amount', 'tooSmall'],
    ['a placeholder for a traveller\'s name', (t: string, l: string) => ({ ...groupBooking(t, l), travellers: [{ type: 'adult', name: 'Amira Haddad' }, { type: 'adult', name: 'Traveller 2' }] }), 'travellers.1.name', 'placeholderName'],
    ['fewer travellers than the pax', (t: string, l: string) => ({ ...groupBooking(t, l), pax: 3 }), 'travellers', 'tooFewItems'],
    ['a grand total sent by the client', (t: string, l: string) => ({ ...groupBooking(t, l), grandTotal: 1 }), 'grandTotal', 'unknownField'],
    ['a version for a departure', (t: string, l: string) => ({ ...groupBooking(t, l), tourVersion: 1 }), 'tourVersion', 'unknownField'],
    ['an unknown lead', (t: string) => groupBooking(t, '3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11'), 'leadId', 'unknownReference'],
    ['an unknown tour', (_: string, l: string) => groupBooking('3f6c2f5e-8a53-4d3e-9c61-0d2b8b0f6a11', l), 'tourId', 'unknownReference'],
  ])('refuses %s: 400 naming the field, nothing written', async (_, make, path, code) => {
    const tour = await sharedDeparture();
    const lead = await newLeadId();
    const body = await refusedUnchanged(400, () => owner.post('/api/bookings', make(tour, lead)));
    expect(body.issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  let departure: string;
  const sharedDeparture = async () => (departure ??= await newDeparture(owner, { capacity: 50 }));

  it('refuses a tour of another organization on the field, and a departure or package of ours to another organization', async () => {
    const globeTour = (await globe.get('/api/group-tours')).body.data[0]._id;
    const [lead, ours] = [await newLeadId(), await sharedDeparture()];
    const body = await refusedUnchanged(400, () => owner.post('/api/bookings', groupBooking(globeTour, lead)));
    expect(body.issues[0]).toMatchObject({ path: 'tourId', code: 'unknownReference' });
    const theirs = await refusedUnchanged(400, () => globe.post('/api/bookings', groupBooking(ours, lead)));
    expect(theirs.issues[0].path).toBe('leadId');
  });

  it('needs a departure day for a package (400), a published package and a departure not yet gone (409)', async () => {
    const pkg = await newPackage(owner);
    const lead = await newLeadId();
    const missing = await refusedUnchanged(400, () => owner.post('/api/bookings', { tourType: 'personalized', tourId: pkg, leadId: lead, pax: 1, travellers: adults(1), installments: [{ dueDate: TODAY, amount: 150_000 }] }));
    expect(missing.issues[0]).toMatchObject({ path: 'departure', code: 'required' });
    const past = await refusedUnchanged(400, () => owner.post('/api/bookings', { tourType: 'personalized', tourId: pkg, leadId: lead, departure: day(-1), pax: 1, travellers: adults(1), installments: [] }));
    expect(past.issues[0]).toMatchObject({ path: 'departure', code: 'inPast' });
    const draft = await newPackage(owner, { published: false });
    const unpublished = await refusedUnchanged(409, () => owner.post('/api/bookings', { tourType: 'personalized', tourId: draft, leadId: lead, departure: day(9), pax: 1, travellers: adults(1), installments: [{ dueDate: TODAY, amount: 150_000 }] }));
    expect(unpublished).toMatchObject({ code: 'TOUR_NOT_BOOKABLE', params: { reason: 'unpublished' } });
    const gone = await newDeparture(owner, { inDays: -1 });
    expect((await refusedUnchanged(409, () => owner.post('/api/bookings', groupBooking(gone, lead, { installments: [] })))).params).toEqual({ reason: 'departed' });
  });

  it('refuses a lost lead (409 LEAD_CLOSED) and seats that are not free (409), writing nothing; books a returning customer again', async () => {
    const tour = await sharedDeparture();
    const lost = await newLead(owner);
    await owner.put(`/api/leads/${lost}/status`, { status: 'lost', reason: 'Chose another operator' });
    expect(await refusedUnchanged(409, () => owner.post('/api/bookings', groupBooking(tour, lost)))).toMatchObject({ code: 'LEAD_CLOSED', message: 'A lost lead cannot be booked; reopen it first' });
    const won = await newLead(owner);
    await book(owner, groupBooking(tour, won));
    // A customer who booked comes back: the won lead is reopened and won again by the new booking; the first stays.
    const again = await owner.post('/api/bookings', groupBooking(tour, won));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await owner.get(`/api/leads/${won}`)).body.data.status).toBe('won');
    const steps = await s.sql<{ data: { from: string; to: string; returning?: boolean } }>(`select data from lead_events where lead_id = $1 and type = 'status' order by created_at`, [won]);
    expect(steps.map((e) => `${e.data.from}>${e.data.to}${e.data.returning ? ' (returning)' : ''}`)).toEqual([
      'new>contacted', 'contacted>qualified', 'qualified>quoted', 'quoted>won',
      'won>contacted (returning)', 'contacted>qualified', 'qualified>quoted', 'quoted>won',
    ]);
    expect(await s.sql(`select status from bookings where lead_id = $1`, [won])).toHaveLength(2);
    const [small, lead] = [await newDeparture(owner, { capacity: 1 }), await newLead(owner)];
    expect(await refusedUnchanged(409, () => owner.post('/api/bookings', groupBooking(small, lead)))).toMatchObject({ code: 'SEATS_UNAVAILABLE', params: { free: 1, requested: 2 } });
  });

  it('needs bookings.create (operations: 403) and a lead the caller may see', async () => {
    expect((await ops.post('/api/bookings', groupBooking(await sharedDeparture(), await newLeadId()))).status).toBe(403);
    const [linasLead, tour] = [await newLead(lina), await sharedDeparture()];
    const body = await refusedUnchanged(400, () => sales.post('/api/bookings', groupBooking(tour, linasLead)));
    expect(body.issues[0]).toMatchObject({ path: 'leadId', code: 'unknownReference' });
  });
});

describe('reading bookings', () => {
  it('shows a sales agent only the bookings credited to him (own visibility); another organization none', async () => {
    const tour = await newDeparture(owner);
    const samirs = await book(sales, groupBooking(tour, await newLead(sales)));
    const linas = await book(lina, groupBooking(tour, await newLead(lina)));
    const mine = (await sales.get('/api/bookings?limit=200')).body.data.map((b: any) => b._id);
    expect(mine).toContain(samirs._id);
    expect(mine).not.toContain(linas._id);
    expect((await sales.get(`/api/bookings/id/${linas._id}`)).status).toBe(404);
    expect((await sales.get(`/api/bookings/lead/${linas.lead._id}`)).status).toBe(404);
    expect((await globe.get(`/api/bookings/id/${samirs._id}`)).status).toBe(404);
    expect((await globe.get('/api/bookings?limit=200')).body.data.map((b: any) => b._id)).not.toContain(samirs._id);
    const all = (await owner.get('/api/bookings?limit=200')).body.data.map((b: any) => b._id);
    expect(all).toEqual(expect.arrayContaining([samirs._id, linas._id]));
  });

  it('filters by the seed\'s filters in the database and pages', async () => {
    const tour = await newDeparture(owner, { inDays: 200, nights: 9, title: 'Filter Departure Zq' });
    const b = await book(owner, groupBooking(tour, await newLead(owner, 'Zq Filter Customer')));
    const ids = async (q: string) => (await owner.get(`/api/bookings?${q}&limit=200`)).body.data.map((x: any) => x._id);
    expect(await ids('tourType=group&totalNights=9')).toContain(b._id);
    expect(await ids('tourType=personalized')).not.toContain(b._id);
    expect(await ids(`departure[from]=${day(200)}&departure[to]=${day(200)}`)).toEqual([b._id]);
    expect(await ids(`arrival[from]=${day(209)}&arrival[to]=${day(209)}`)).toEqual([b._id]);
    expect(await ids('tourStatus=pendingVerification')).toContain(b._id);
    expect(await ids('tourStatus=verified,invoiced')).not.toContain(b._id);
    expect(await ids(`filter[convertedBy]=${b.convertedBy._id}`)).toContain(b._id);
    expect(await ids('search=zq filter')).toEqual([b._id]);
    expect(await ids(`search=${b.ref}`)).toEqual([b._id]);
    const created = b.createdAt.slice(0, 10);
    expect(await ids(`createdAt[from]=${created}&search=Zq`)).toEqual([b._id]);
    const page = await owner.get('/api/bookings?limit=2&page=2');
    expect(page.body.meta).toMatchObject({ currentPage: 2, limit: 2 });
    expect(page.body.meta.totalItems).toBeGreaterThan(4);
    const bad = await owner.get('/api/bookings?tourStatus=done&departure[from]=2031-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: any) => i.path).sort()).toEqual(['departure.from', 'tourStatus.0']);
  });
});

describe('PUT /bookings/{id}/participant', () => {
  it('names a traveller, fills an unnamed one of a type, and refuses a change of price or a full party', async () => {
    const tour = await newDeparture(owner, { prices: { adult: 100, child: 100, infant: 10 } });
    const b = await book(owner, { ...groupBooking(tour, await newLead(owner), { installments: [] }), pax: 3, travellers: [{ type: 'adult' }, { type: 'child' }, { type: 'infant' }], installments: [{ dueDate: TODAY, amount: 210 }] });
    const [adult, child, infant] = b.travellers;
    const named = await owner.put(`/api/bookings/${b._id}/participant`, { _id: adult._id, name: 'Ana Lima', dateOfBirth: '1990-04-01', passportNumber: 'P123', passportExpiry: '2035-01-01', nationality: 'Portugal' });
    expect(named.status).toBe(200);
    expect(named.body.data.travellers[0]).toMatchObject({ name: 'Ana Lima', dateOfBirth: '1990-04-01', passportNumber: 'P123', passportExpiry: '2035-01-01', nationality: 'Portugal', type: 'adult' });
    // A child priced as an adult may become one; an infant may not (the total would move).
    expect((await owner.put(`/api/bookings/${b._id}/participant`, { _id: child._id, type: 'adult' })).body.data.travellers[1].type).toBe('adult');
    expect(await refusedUnchanged(409, () => owner.put(`/api/bookings/${b._id}/participant`, { _id: infant._id, type: 'adult' }))).toMatchObject({ code: 'TRAVELLER_TYPE_PRICED' });
    // Adding fills the first unnamed traveller of the type; when none is left, 409.
    const added = await owner.put(`/api/bookings/${b._id}/participant`, { name: 'Baby Lima', type: 'infant' });
    expect(added.body.data.travellers[2]).toMatchObject({ _id: infant._id, name: 'Baby Lima' });
    expect(await refusedUnchanged(409, () => owner.put(`/api/bookings/${b._id}/participant`, { name: 'Another', type: 'infant' }))).toMatchObject({ code: 'NO_UNNAMED_TRAVELLER' });
    expect(added.body.data.activity[0]).toMatchObject({ type: 'travellers', data: { position: 3 } });
  });

  it('refuses bad input on the field, another booking\'s traveller (404) and a role without bookings.update (403)', async () => {
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner), { named: false }));
    expect((await refusedUnchanged(400, () => owner.put(`/api/bookings/${b._id}/participant`, { _id: b.travellers[0]._id, dateOfBirth: day(1) }))).issues[0]).toMatchObject({ path: 'dateOfBirth', code: 'inFuture' });
    expect((await refusedUnchanged(400, () => owner.put(`/api/bookings/${b._id}/participant`, { type: 'adult' }))).issues[0]).toMatchObject({ path: 'name', code: 'required' });
    expect((await refusedUnchanged(400, () => owner.put(`/api/bookings/${b._id}/participant`, { _id: b.travellers[0]._id }))).issues[0]).toMatchObject({ code: 'noChange' });
    expect((await refusedUnchanged(400, () => owner.put(`/api/bookings/${b._id}/participant`, { _id: b.travellers[0]._id, name: 'A\u0000B' }))).issues[0]).toMatchObject({ path: 'name', code: 'controlCharacters' });
    const other = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    expect((await refusedUnchanged(404, () => owner.put(`/api/bookings/${b._id}/participant`, { _id: other.travellers[0]._id, name: 'X' }))).code).toBe('NOT_FOUND');
    expect((await sales.put(`/api/bookings/${b._id}/participant`, { _id: b.travellers[0]._id, name: 'X' })).status).toBe(403);
  });
});

describe('payments', () => {
  let tour: string;
  beforeAll(async () => {
    tour = await newDeparture(owner, { capacity: 100 });
  });

  it('records a payment for finance (notified), verifies it: allocations oldest due first, receipt, journal entry, derived statuses', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner), { installments: [{ dueDate: day(10), amount: 100_000 }, { dueDate: TODAY, amount: 50_000 }, { dueDate: day(30), amount: 150_000 }] }));
    const [fin] = await s.sql<{ id: string }>(`select id from members where email = 'finance@demo.travel'`);
    const before = Number((await s.sql<{ n: string }>(`select count(*) as n from notifications where member_id = $1 and type = 'payment-submitted'`, [fin.id]))[0].n);
    const p = await pay(owner, b._id, 120_000, { paymentMethod: 'card', reference: 'AUTH-77' });
    expect(p.status).toBe(201);
    expect(p.body.data).toMatchObject({ status: 'submitted', isVerified: false, receiptNumber: null, amount: 120_000, paymentMethod: 'card', paidOn: TODAY, allocations: [] });
    expect(Number((await s.sql<{ n: string }>(`select count(*) as n from notifications where member_id = $1 and type = 'payment-submitted'`, [fin.id]))[0].n)).toBe(before + 1);
    const [told] = (await finance.get('/api/notifications/unread')).body.data.filter((n: { link: string }) => n.link === `/work-queue?record=${p.body.data._id}&kind=paymentToVerify`);
    expect(told).toMatchObject({
      type: 'payment-submitted',
      title: `Payment to verify: ${b.customer.name} (${b.ref})`,
      message: { key: 'paymentToVerify', params: { customer: b.customer.name, ref: b.ref, amount: 120_000, currency: 'USD', method: 'card', date: TODAY } },
    });
    expect((await sales.put(`/api/bookings/${b._id}/payment/${p.body.data._id}/verify`, {})).status).toBe(403);

    const v = await verify(finance, b._id, p.body.data._id);
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({ status: 'verified', isVerified: true, decidedBy: { name: 'Fatima Finance' } });
    expect(v.body.data.receiptNumber).toMatch(/^RCT-2031-\d{4}$/);
    const [first, second] = b.installments;
    expect(v.body.data.allocations).toEqual([
      { installmentId: first._id, amount: 50_000 },
      { installmentId: second._id, amount: 70_000 },
    ]);
    const entry = await s.sql<{ key: string; debit: string; credit: string; reference: string; date: string }>(
      `select a.key, l.debit, l.credit, e.reference, e.date from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id where e.source_id = $1 order by l.debit desc`,
      [p.body.data._id],
    );
    expect(entry).toEqual([
      { key: 'money:card', debit: '120000', credit: '0', reference: v.body.data.receiptNumber, date: TODAY },
      { key: 'customer-deposits', debit: '0', credit: '120000', reference: v.body.data.receiptNumber, date: TODAY },
    ]);
    const after = (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    expect(after).toMatchObject({ paid: 120_000, balance: 180_000, paymentStatus: 'partiallyPaid', pendingAmount: 0 });
    expect(after.installments.map((i: any) => [i.paid, i.open, i.status])).toEqual([
      [50_000, 0, 'paid'],
      [70_000, 30_000, 'pending'],
      [0, 150_000, 'pending'],
    ]);
    // The day after the second installment's due date it is overdue (the organization's clock).
    s.clock.set(`${day(11)}T08:00:00Z`);
    expect((await owner.get(`/api/bookings/id/${b._id}`)).body.data.installments.map((i: any) => i.status)).toEqual(['paid', 'overdue', 'pending']);
    s.clock.set(NOW);
  });

  it('refuses amounts that are not minor units, zero, negative, above the open balance (submitted ones count), and a payment in the future', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    for (const [amount, code] of [[10.5, 'notInteger'], [0, 'tooSmall'], [-5, 'tooSmall'], [true, 'invalidType']] as const) {
      const body = await refusedUnchanged(400, () => pay(owner, b._id, amount as number));
      expect(body.issues[0]).toMatchObject({ path: 'amount', code });
    }
    expect((await refusedUnchanged(400, () => pay(owner, b._id, 100, { paidOn: day(1) }))).issues[0]).toMatchObject({ path: 'paidOn', code: 'inFuture' });
    // Money is never dated after today (next week) nor before the books start; yesterday is fine (issue 26).
    expect((await refusedUnchanged(400, () => pay(owner, b._id, 100, { paidOn: day(7) }))).issues[0]).toMatchObject({ path: 'paidOn', code: 'inFuture' });
    const early = await refusedUnchanged(400, () => pay(owner, b._id, 100, { paidOn: '1900-01-01' }));
    expect(early.issues[0]).toMatchObject({ path: 'paidOn', code: 'beforeBooksStart', params: { booksStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect((await pay(owner, b._id, 100, { paidOn: day(-1) })).status).toBe(201);
    expect((await refusedUnchanged(400, () => pay(owner, b._id, 100, { paymentMethod: 'gold' }))).issues[0]).toMatchObject({ path: 'paymentMethod', code: 'oneOf' });
    expect((await pay(owner, b._id, 199_900)).status).toBe(201);
    const over = await refusedUnchanged(409, () => pay(owner, b._id, 100_001));
    // Money in a refusal is money, not minor units: said in the currency, and named in the params for the web app.
    expect(over).toMatchObject({ code: 'PAYMENT_EXCEEDS_BALANCE', message: 'The payment is more than the open balance (USD 1,000.00)', params: { open: 100_000, amount: 100_001, currency: 'USD', money: ['open', 'amount'] } });
    expect((await pay(owner, b._id, 100_000)).status).toBe(201);
    expect((await refusedUnchanged(409, () => pay(owner, b._id, 1))).params.open).toBe(0);
  });

  it('a failed payment keeps its reason, frees the balance, and cannot be verified (409)', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const p = (await pay(owner, b._id, 300_000, { paymentMethod: 'cheque' })).body.data;
    const failed = await fail(finance, b._id, p._id, 'Cheque returned unpaid');
    expect(failed.body.data).toMatchObject({ status: 'failed', failReason: 'Cheque returned unpaid', receiptNumber: null });
    expect((await refusedUnchanged(409, () => verify(finance, b._id, p._id))).message).toBe('A failed payment cannot be verified');
    expect((await refusedUnchanged(409, () => fail(finance, b._id, p._id))).message).toBe('A failed payment cannot be marked failed');
    expect((await pay(owner, b._id, 300_000)).status).toBe(201);
    expect(await s.sql('select 1 from journal_entries where source_id = $1', [p._id])).toEqual([]);
  });

  it('another organization gets 404 for a booking or payment of ours; a payment of another booking is 404', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const c = await book(owner, groupBooking(tour, await newLead(owner)));
    const p = (await pay(owner, b._id, 1000)).body.data;
    expect((await refusedUnchanged(404, () => verify(globe, b._id, p._id))).code).toBe('NOT_FOUND');
    expect((await refusedUnchanged(404, () => pay(globe, b._id, 1000))).code).toBe('NOT_FOUND');
    expect((await refusedUnchanged(404, () => verify(owner, c._id, p._id))).message).toBe('Payment not found');
  });

  it('takes the proof by multipart, checks its content against its type, and lets only the organization\'s staff download it', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const pdf = Buffer.from('%PDF-1.4\n% a transfer slip\n%%EOF\n');
    const form = (file: Blob, name = 'slip.pdf', fields: Record<string, string> = {}) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ amount: '5000', paymentMethod: 'bank-transfer', paidOn: TODAY, reference: 'TRF-9', ...fields })) f.append(k, v);
      f.append('proof', file, name);
      return f;
    };
    const res = await owner.request('POST', `/api/bookings/${b._id}/payment`, form(new Blob([pdf], { type: 'application/pdf' })));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 5000, reference: 'TRF-9', proof: { fileName: 'slip.pdf', contentType: 'application/pdf', size: pdf.length } });
    const url = `/api/bookings/${b._id}/payment/${res.body.data._id}/proof`;
    const raw = await fetch(s.url + url, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename="slip.pdf"/);
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await raw.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await s.agent().get(url)).status).toBe(401);
    expect((await globe.get(url)).status).toBe(404);

    const exe = new Blob([Buffer.from('MZ\x90\x00 not a pdf')], { type: 'application/pdf' });
    expect((await refusedUnchanged(400, () => owner.request('POST', `/api/bookings/${b._id}/payment`, form(exe, 'invoice.pdf')))).issues[0]).toMatchObject({ path: 'proof', code: 'contentMismatch' });
    const text = new Blob(['hello'], { type: 'text/plain' });
    expect((await refusedUnchanged(400, () => owner.request('POST', `/api/bookings/${b._id}/payment`, form(text, 'a.txt')))).issues[0]).toMatchObject({ path: 'proof', code: 'oneOf' });
    const bigger = new FormData();
    bigger.append('amount', '5000');
    bigger.append('paymentMethod', 'cash');
    bigger.append('paidOn', TODAY);
    bigger.append('receipt', new Blob([pdf], { type: 'application/pdf' }), 'x.pdf');
    expect((await refusedUnchanged(400, () => owner.request('POST', `/api/bookings/${b._id}/payment`, bigger))).issues[0]).toMatchObject({ path: 'receipt', code: 'unknownField' });
    expect((await refusedUnchanged(400, () => owner.request('POST', `/api/bookings/${b._id}/payment`, form(new Blob([pdf], { type: 'application/pdf' }), 'x.pdf', { amount: '50.5' })))).issues[0]).toMatchObject({ path: 'amount' });
  });

  it('keeps a proof name without a right-to-left override or control character, stored and shown (issue 26)', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const f = new FormData();
    for (const [k, v] of Object.entries({ amount: '5000', paymentMethod: 'bank-transfer', paidOn: TODAY })) f.append(k, v);
    f.append('proof', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'slip\u202Efdp.exe\u0000');
    const res = await owner.request('POST', `/api/bookings/${b._id}/payment`, f);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.proof.fileName).toBe('slipfdp.exe');
    expect(await s.sql('select file_name from booking_payment_proofs where payment_id = $1', [res.body.data._id])).toEqual([{ file_name: 'slipfdp.exe' }]);
    await s.sql('update booking_payment_proofs set file_name = $2 where payment_id = $1', [res.body.data._id, 'old\u202Efdp.exe']);
    const shown = (await owner.get(`/api/bookings/id/${b._id}`)).body.data.payments.find((p: { _id: string }) => p._id === res.body.data._id);
    expect(shown.proof.fileName).toBe('oldfdp.exe');
    const raw = await fetch(`${s.url}/api/bookings/${b._id}/payment/${res.body.data._id}/proof`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`);
  });

  it('honours an Idempotency-Key: the same request answers the first result, another body with the key 422', async () => {
    const b = await book(owner, groupBooking(tour, await newLead(owner)));
    const key = { 'Idempotency-Key': `pay-${b._id}` };
    const first = await pay(owner, b._id, 7000, {}, key);
    const again = await pay(owner, b._id, 7000, {}, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await pay(owner, b._id, 7001, {}, key)).status).toBe(422);
    expect(await s.sql('select 1 from booking_payments where booking_id = $1', [b._id])).toHaveLength(1);
  });
});

describe('PUT /bookings/{id}/verify', () => {
  it('needs bookings.approve (a sales agent: 403); 404 for another organization', async () => {
    const b = await book(sales, groupBooking(await newDeparture(owner), await newLead(sales)));
    expect((await sales.put(`/api/bookings/${b._id}/verify`, {})).status).toBe(403);
    expect((await globe.put(`/api/bookings/${b._id}/verify`, {})).status).toBe(404);
  });

  it('answers the booking with the context the machine\'s guards read, and the machine given it agrees with the server', async () => {
    const tour = await newDeparture(owner);
    const b = await book(owner, groupBooking(tour, await newLead(owner), { pax: 2, named: false, installments: [{ dueDate: TODAY, amount: 30_000 }, { dueDate: day(30), amount: 2 * PRICES.adult - 30_000 }] }));
    const read = async () => (await owner.get(`/api/bookings/id/${b._id}`)).body.data;
    const canVerify = (x: any) => snapshotOf(bookingMachine, x.status, x.context).can({ type: 'VERIFY' });
    expect(b.context).toEqual({ travellersToName: 2, firstInstallmentOpen: 30_000, arrival: b.arrival });
    expect(canVerify(b)).toBe(false);
    expect(await refusedUnchanged(409, () => owner.put(`/api/bookings/${b._id}/verify`, {}))).toMatchObject({ message: '2 of the travellers still have no name' });

    for (const [i, x] of b.travellers.entries()) await owner.put(`/api/bookings/${b._id}/participant`, { _id: x._id, name: `Named ${i}` });
    expect((await read()).context).toEqual({ travellersToName: 0, firstInstallmentOpen: 30_000, arrival: b.arrival });
    const p = await pay(owner, b._id, 20_000);
    await verify(finance, b._id, p.body.data._id);
    const short = await read();
    expect(short.context.firstInstallmentOpen).toBe(10_000);
    expect(canVerify(short)).toBe(false);
    expect(await refusedUnchanged(409, () => owner.put(`/api/bookings/${b._id}/verify`, {}))).toMatchObject({ message: 'The first installment is not yet covered by verified payments' });

    await verify(finance, b._id, (await pay(owner, b._id, 10_000)).body.data._id);
    const ready = await read();
    expect(ready.context).toEqual({ travellersToName: 0, firstInstallmentOpen: 0, arrival: b.arrival });
    expect(canVerify(ready)).toBe(true);
    const verified = await owner.put(`/api/bookings/${b._id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ status: 'verified', context: ready.context });
  });
});

describe('the demo bookings', () => {
  it('cover every state but cancelled, every tour type (a customized tour too: issue 27), and payments of every outcome', async () => {
    const org = await orgId(s);
    const states = (await s.sql<{ status: string }>('select distinct status from bookings where organization_id = $1', [org])).map((r) => r.status).sort();
    expect(states).toEqual(expect.arrayContaining(['completed', 'invoiced', 'pendingVerification', 'verified']));
    const types = (await s.sql<{ tour_type: string }>('select distinct tour_type from bookings where organization_id = $1', [org])).map((r) => r.tour_type).sort();
    expect(types).toEqual(['customized', 'group', 'personalized']);
    const outcomes = (await s.sql<{ status: string }>('select distinct status from booking_payments where organization_id = $1', [org])).map((r) => r.status).sort();
    expect(outcomes).toEqual(['failed', 'submitted', 'verified']);
    const invoices = (await finance.get('/api/booking-invoices?limit=200')).body;
    expect(invoices.stats.paid).toBeGreaterThan(0);
    expect(invoices.stats.overdue).toBeGreaterThan(0);
    const overdue = await owner.get('/api/bookings/installments/pending?status=overdue&limit=200');
    expect(overdue.body.data.length).toBeGreaterThan(0);
    expect((await owner.get('/api/bookings/completed?invoiceGenerated=false')).body.data.length).toBeGreaterThan(0);
  });
});

describe('GET /bookings/settings (issue 27: the wizard asks only what its user may read)', () => {
  it('gives whoever books the plan the wizard proposes, from Configurations → bookings, without configurations.view', async () => {
    // A sales agent may not read the configurations…
    expect((await sales.get('/api/configurations')).status).toBe(403);
    const kept = ((await owner.get('/api/configurations')).body.data as { module: string; settings: Record<string, unknown> }[]).find((c) => c.module === 'bookings')!.settings;
    try {
      expect((await owner.put('/api/configurations/booking', { ...kept, depositPercent: 40, balanceDaysBeforeDeparture: 45 })).status).toBe(200);
      // …and reads what the wizard needs of them from the bookings.
      const res = await sales.get('/api/bookings/settings');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ data: { depositPercent: 40, balanceDaysBeforeDeparture: 45 } });
    } finally {
      await owner.put('/api/configurations/booking', kept);
    }
  });
});
