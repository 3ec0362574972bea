import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_SERVICES } from '../../src/api/vendors/contract';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let owner: Agent;
let ops: Agent;
let finance: Agent;
let sales: Agent;
let globe: Agent;

const count = async (table = 'vendors') => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
const demoVendor = async (name: string) =>
  (await s.sql<{ id: string; status: string; updated_at: Date; notes: string | null }>(`select id, status, updated_at, notes from vendors where name = $1`, [name]))[0];
const stats = async (agent = owner) => (await agent.get('/api/vendors?limit=1')).body.stats;
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  s = await startTestServer();
  [owner, ops, finance, sales, globe] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'sales@demo.travel', 'owner@globe.travel');
});
afterAll(() => s.close());

describe('GET /vendors', () => {
  it('lists the seeded vendors with the list shape, page size 50, sorted by name, and the organization-wide stats', async () => {
    const res = await finance.get('/api/vendors');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 50, totalItems: 15, totalPages: 1 });
    const names: string[] = res.body.data.map((v: { name: string }) => v.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.body.stats).toEqual({
      total: 15,
      active: 13,
      inactive: 2,
      serviceStats: { hotels: 4, flights: 2, transfers: 4, activities: 4, visa: 2, 'land-part': 4, others: 3 },
    });
    const atlantis = res.body.data.find((v: { name: string }) => v.name === 'Atlantis The Palm');
    expect(atlantis).toMatchObject({
      services: ['hotels'],
      contactPerson: 'Layla Haddad',
      email: 'groups@atlantis.example',
      isActive: true,
      bankDetails: { accountName: 'Atlantis Hotel LLC', bankName: 'Emirates NBD', swift: 'EBILAEAD' },
    });
    expect(Object.keys(atlantis).sort()).toEqual(
      ['_id', 'address', 'bankDetails', 'contactPerson', 'createdAt', 'email', 'isActive', 'name', 'notes', 'phone', 'services', 'updatedAt'].sort(),
    );
  });

  it('filters by services (any of them, repeated keys or commas), isActive and search; stats stay organization-wide', async () => {
    const visa = await owner.get('/api/vendors?services=visa');
    expect(visa.body.data.map((v: { name: string }) => v.name)).toEqual(['Global Visa Services', 'Visa Express UAE']);
    expect(visa.body.stats.total).toBe(15);
    const two = await owner.get('/api/vendors?services=visa&services=flights');
    const twoCommas = await owner.get('/api/vendors?services=visa,flights');
    expect(two.body.meta.totalItems).toBe(4);
    expect(twoCommas.body.data).toEqual(two.body.data);
    const inactive = await owner.get('/api/vendors?isActive=false');
    expect(inactive.body.data.map((v: { name: string }) => v.name)).toEqual(['Global Visa Services', 'Sea Breeze Cruises']);
    const activeVisa = await owner.get('/api/vendors?isActive=true&services=visa');
    expect(activeVisa.body.data.map((v: { name: string }) => v.name)).toEqual(['Visa Express UAE']);
    const byName = await owner.get('/api/vendors?search=ADVENTURE');
    expect(byName.body.data.map((v: { name: string }) => v.name)).toEqual(['Arabian Adventures']);
    const byContact = await owner.get('/api/vendors?search=salim');
    expect(byContact.body.data.map((v: { name: string }) => v.name)).toEqual(['Oman Land Partners']);
    const byEmail = await owner.get('/api/vendors?search=travelsafe.example');
    expect(byEmail.body.data.map((v: { name: string }) => v.name)).toEqual(['TravelSafe Insurance']);
    const literal = await owner.get(`/api/vendors?search=${encodeURIComponent('%')}`);
    expect(literal.body.data).toEqual([]);
  });

  it('sorts and pages', async () => {
    const desc = await owner.get('/api/vendors?sortOrder=desc');
    const asc = await owner.get('/api/vendors');
    expect(desc.body.data.map((v: { _id: string }) => v._id)).toEqual(asc.body.data.map((v: { _id: string }) => v._id).reverse());
    const page2 = await owner.get('/api/vendors?limit=4&page=2');
    expect(page2.body.meta).toEqual({ currentPage: 2, limit: 4, totalItems: 15, totalPages: 4 });
    expect(page2.body.data.map((v: { _id: string }) => v._id)).toEqual(asc.body.data.slice(4, 8).map((v: { _id: string }) => v._id));
    const past = await owner.get('/api/vendors?limit=10&page=5');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.totalItems).toBe(15);
    const byCreated = await owner.get('/api/vendors?sortBy=createdAt');
    expect(byCreated.status).toBe(200);
  });

  it('answers each vendor in the list exactly as the record call does (the list is written by PostgreSQL as JSON)', async () => {
    const name = uniqueName('List "quoted" \\ vendor');
    const created = await owner.post('/api/vendors', {
      name,
      services: ['visa', 'hotels'],
      contactPerson: 'Zoë Ünal',
      notes: 'Line one\nline two',
      bankDetails: { accountName: 'Zoë', bankName: 'Emirates NBD', accountNumber: 'AE07 0331 2345 6789 0123 456', swift: 'EBILAEAD' },
      isActive: false,
    });
    expect(created.status).toBe(201);
    const one = await owner.get(`/api/vendors/id/${created.body.data._id}`);
    for (const query of [`search=${encodeURIComponent(name)}`, 'isActive=false&limit=200', 'sortBy=createdAt&sortOrder=desc&limit=5']) {
      const list = await owner.get(`/api/vendors?${query}`);
      expect(list.status, query).toBe(200);
      expect(list.headers.get('content-type'), query).toMatch(/^application\/json/);
      expect(list.body.data.find((v: { _id: string }) => v._id === created.body.data._id), query).toEqual(one.body.data);
    }
    // Records in the list's order, sorted by the database (the JSON is aggregated in that order).
    const byCreated = await owner.get('/api/vendors?sortBy=createdAt&sortOrder=asc&limit=200');
    const times = byCreated.body.data.map((v: { createdAt: string }) => v.createdAt);
    expect(times).toEqual([...times].sort());
    expect(byCreated.body.data.at(-1)._id).toBe(created.body.data._id);
  });

  it('refuses a bad query with the fields named', async () => {
    const res = await owner.get('/api/vendors?services=boats&sortBy=price&limit=0&isActive=maybe&color=red');
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['color', 'isActive', 'limit', 'services.0', 'sortBy']);
  });

  it('shows each organization only its own vendors and stats', async () => {
    const res = await globe.get('/api/vendors');
    expect(res.body.data.map((v: { name: string }) => v.name)).toEqual(['Lisbon Boutique Hotels', 'Porto Wine Tours']);
    expect(res.body.stats.total).toBe(2);
  });

  it('searches only the organization\'s own vendors (the search runs outside row-level security, scoped by itself)', async () => {
    const theirs = await globe.get('/api/vendors?search=arabian');
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.meta.totalItems).toBe(0);
    const own = await globe.get('/api/vendors?search=o');
    expect(own.body.data.map((v: { name: string }) => v.name)).toEqual(['Lisbon Boutique Hotels', 'Porto Wine Tours']);
    expect((await owner.get('/api/vendors?search=arabian')).body.meta.totalItems).toBeGreaterThan(0);
  });
});

describe('POST /vendors', () => {
  it('creates an active vendor, normalises its fields, and the stats count it at once', async () => {
    const before = await stats();
    const res = await ops.post('/api/vendors', {
      name: '  Marhaba Transfers ',
      services: ['transfers', 'hotels', 'transfers'],
      contactPerson: 'Yusuf Ali',
      email: 'Yusuf@Marhaba.Example',
      phone: '+971 4 555 0707',
      address: '',
      notes: 'Airport meet and greet',
      bankDetails: { accountName: 'Marhaba LLC', bankName: 'ADCB', accountNumber: 'ae07 0331 2345 6789 0123 456', swift: 'adcbaeaa' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Marhaba Transfers',
      services: ['hotels', 'transfers'],
      email: 'yusuf@marhaba.example',
      address: null,
      isActive: true,
      bankDetails: { accountName: 'Marhaba LLC', bankName: 'ADCB', accountNumber: 'AE07 0331 2345 6789 0123 456', swift: 'ADCBAEAA' },
    });
    const after = await stats();
    expect(after).toEqual({
      ...before,
      total: before.total + 1,
      active: before.active + 1,
      serviceStats: { ...before.serviceStats, hotels: before.serviceStats.hotels + 1, transfers: before.serviceStats.transfers + 1 },
    });
    const one = await owner.get(`/api/vendors/id/${res.body.data._id}`);
    expect(one.body.data).toEqual(res.body.data);
  });

  it('needs only a name and a service', async () => {
    const res = await owner.post('/api/vendors', { name: uniqueName('Minimal'), services: ['others'] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ contactPerson: null, email: null, phone: null, address: null, notes: null, bankDetails: null });
  });

  it('refuses bad input with every bad field named, and writes nothing', async () => {
    const before = await count();
    const res = await owner.post('/api/vendors', {
      name: ' ',
      services: ['hotels', 'boats'],
      email: 'not-an-email',
      phone: 'call me',
      bankDetails: { swift: 'XX', iban: 'nope' },
      rating: 5,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ['bankDetails.iban', 'bankDetails.swift', 'email', 'name', 'phone', 'rating', 'services.1'].sort(),
    );
    expect(res.body.issues.find((i: { path: string }) => i.path === 'email').message).toBe('must be a valid email address');
    expect(await count()).toBe(before);
    const none = await owner.post('/api/vendors', { name: 'No services', services: [] });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: 'services', code: 'tooFewItems', params: { min: 1, rule: 'services' }, message: 'must name at least one service' }]);
    const missing = await owner.post('/api/vendors', {});
    expect(missing.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['name', 'services']);
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate name in the organization (409), whatever the case; another organization may use it', async () => {
    const before = await count();
    const dup = await owner.post('/api/vendors', { name: 'ATLANTIS the palm', services: ['hotels'] });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      code: 'DUPLICATE',
      message: 'A vendor with this name already exists',
      params: { field: 'name' },
      issues: [{ path: 'name', code: 'taken', params: {}, message: 'is already taken' }],
    });
    expect(await count()).toBe(before);
    const other = await globe.post('/api/vendors', { name: 'Atlantis The Palm', services: ['hotels'] });
    expect(other.status).toBe(201);
  });

  it('needs vendors.create: Finance only views, Sales has no vendors at all', async () => {
    const before = await count();
    expect((await finance.post('/api/vendors', { name: 'Nope', services: ['visa'] })).status).toBe(403);
    const res = await sales.post('/api/vendors', { name: 'Nope', services: ['visa'] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have the permission vendors.create');
    expect((await sales.get('/api/vendors')).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('GET /vendors/id/{id}', () => {
  it('reads one vendor, or several when the ids are comma-joined (in the order asked)', async () => {
    const a = await demoVendor('Emirates Group Desk');
    const b = await demoVendor('Atlantis The Palm');
    const one = await finance.get(`/api/vendors/id/${a.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('Emirates Group Desk');
    const many = await finance.get(`/api/vendors/id/${a.id},${b.id},${a.id}`);
    expect(many.body.data.map((v: { name: string }) => v.name)).toEqual(['Emirates Group Desk', 'Atlantis The Palm']);
  });

  it('answers 404 when an id is unknown or another organization’s, 400 when it is not an id', async () => {
    const a = await demoVendor('Emirates Group Desk');
    const [g] = await s.sql<{ id: string }>(`select id from vendors where name = 'Porto Wine Tours'`);
    expect((await owner.get(`/api/vendors/id/${g.id}`)).status).toBe(404);
    expect((await owner.get(`/api/vendors/id/${a.id},${g.id}`)).status).toBe(404);
    expect((await globe.get(`/api/vendors/id/${a.id}`)).body).toEqual({ code: 'NOT_FOUND', message: 'Vendor not found', params: { resource: 'Vendor' } });
    const bad = await owner.get(`/api/vendors/id/${a.id},nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'id.1', code: 'invalidId', params: {}, message: 'must be a valid id' }]);
  });
});

describe('PUT /vendors/{id}', () => {
  const create = async (over: Record<string, unknown> = {}) =>
    (await ops.post('/api/vendors', { name: uniqueName('Editable'), services: ['hotels', 'visa'], notes: 'first', email: 'a@b.example', ...over })).body.data;

  it('updates only the fields sent', async () => {
    const v = await create({ bankDetails: { bankName: 'ADCB' } });
    const res = await ops.put(`/api/vendors/${v._id}`, { notes: 'second', services: ['flights'], bankDetails: null, email: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: v.name, notes: 'second', services: ['flights'], bankDetails: null, email: null, isActive: true });
    expect(res.body.data.updatedAt > v.updatedAt).toBe(true);
  });

  it('deactivates and reactivates through the vendor machine; the stats follow', async () => {
    const v = await create();
    const before = await stats();
    const off = await ops.put(`/api/vendors/${v._id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect(await stats()).toEqual({ ...before, active: before.active - 1, inactive: before.inactive + 1 });
    expect((await owner.get('/api/vendors?isActive=false')).body.data.map((x: { _id: string }) => x._id)).toContain(v._id);
    const on = await ops.put(`/api/vendors/${v._id}`, { isActive: true, notes: 'back in business' });
    expect(on.body.data).toMatchObject({ isActive: true, notes: 'back in business' });
    expect(await stats()).toEqual(before);
  });

  it('answers 409 for an event the machine refuses, and writes nothing (not even the other fields)', async () => {
    const v = await create();
    const row = await demoVendor(v.name);
    const res = await ops.put(`/api/vendors/${v._id}`, { isActive: true, notes: 'should not be written' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'Cannot activate a vendor that is active', params: { state: 'active', event: 'ACTIVATE' } });
    expect(await demoVendor(v.name)).toEqual(row);
    await ops.put(`/api/vendors/${v._id}`, { isActive: false });
    const again = await ops.put(`/api/vendors/${v._id}`, { isActive: false });
    expect(again.body.message).toBe('Cannot deactivate a vendor that is inactive');
  });

  it('refuses bad input (400) and a name another vendor has (409), writing nothing', async () => {
    const v = await create();
    const row = await demoVendor(v.name);
    const empty = await ops.put(`/api/vendors/${v._id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: 'body', code: 'noChange', params: {}, message: 'must change at least one field' }]);
    const bad = await ops.put(`/api/vendors/${v._id}`, { name: '', isActive: 'no', services: 'hotels' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['isActive', 'name', 'services']);
    const taken = await ops.put(`/api/vendors/${v._id}`, { name: 'visa express uae' });
    expect(taken.status).toBe(409);
    expect(await demoVendor(v.name)).toEqual(row);
  });

  it('answers 404 for an unknown vendor or another organization’s, and needs vendors.update', async () => {
    const row = await demoVendor('Gulf Coaches');
    expect((await globe.put(`/api/vendors/${row.id}`, { isActive: false })).status).toBe(404);
    expect((await owner.put('/api/vendors/00000000-0000-4000-8000-000000000000', { notes: 'x' })).status).toBe(404);
    expect((await finance.put(`/api/vendors/${row.id}`, { isActive: false })).status).toBe(403);
    expect((await sales.put(`/api/vendors/${row.id}`, { notes: 'x' })).status).toBe(403);
    expect(await demoVendor('Gulf Coaches')).toEqual(row);
  });
});

describe('DELETE /vendors/{id}', () => {
  it('deletes, answers the deleted vendor, and the stats drop at once', async () => {
    const v = (await ops.post('/api/vendors', { name: uniqueName('Short-lived'), services: ['visa', 'others'] })).body.data;
    await ops.put(`/api/vendors/${v._id}`, { isActive: false });
    const before = await stats();
    const res = await ops.delete(`/api/vendors/${v._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: v._id, services: ['visa', 'others'], isActive: false });
    expect(await stats()).toEqual({
      ...before,
      total: before.total - 1,
      inactive: before.inactive - 1,
      serviceStats: { ...before.serviceStats, visa: before.serviceStats.visa - 1, others: before.serviceStats.others - 1 },
    });
    expect((await ops.get(`/api/vendors/id/${v._id}`)).status).toBe(404);
    expect((await ops.delete(`/api/vendors/${v._id}`)).status).toBe(404);
  });

  it('keeps a vendor that has transactions (409: deactivate it instead)', async () => {
    const row = await demoVendor('Nile Journeys DMC');
    await s.sql(`insert into vendor_transactions (organization_id, vendor_id, direction, amount, status, date) select organization_id, id, 'outgoing', 1000, 'paid', '2026-01-10' from vendors where id = $1`, [row.id]);
    const res = await ops.delete(`/api/vendors/${row.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('VENDOR_HAS_TRANSACTIONS');
    expect(await demoVendor('Nile Journeys DMC')).toEqual(row);
  });

  it('answers 404 to another organization and 403 without vendors.delete, deleting nothing', async () => {
    const before = await count();
    const row = await demoVendor('Desert Limousine Transfers');
    expect((await globe.delete(`/api/vendors/${row.id}`)).status).toBe(404);
    expect((await finance.delete(`/api/vendors/${row.id}`)).status).toBe(403);
    expect((await sales.delete(`/api/vendors/${row.id}`)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('GET /vendors/{id}/transactions', () => {
  let vendorId: string;
  const insert = (rows: [direction: string, amount: number, status: string, date: string, reference: string][]) =>
    Promise.all(
      rows.map(([direction, amount, status, date, reference]) =>
        s.sql(
          `insert into vendor_transactions (organization_id, vendor_id, direction, amount, status, date, reference, linked_type)
           select organization_id, id, $2, $3, $4, $5, $6, 'voucher-payment' from vendors where id = $1`,
          [vendorId, direction, amount, status, date, reference],
        ),
      ),
    );

  beforeAll(async () => {
    vendorId = (await demoVendor('Atlantis The Palm')).id;
  });

  it('is empty but real for a vendor without transactions', async () => {
    const res = await finance.get(`/api/vendors/${vendorId}/transactions`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      meta: { currentPage: 1, limit: 20, totalItems: 0, totalPages: 0 },
      stats: { totalAmount: 0, totalIncoming: 0, totalOutgoing: 0, totalPaid: 0, totalPending: 0, count: 0 },
    });
  });

  it('lists newest first, 20 a page, with stats over all of them', async () => {
    await insert([
      ['outgoing', 150_000, 'paid', '2026-01-05', 'VCH-1'],
      ['outgoing', 250_000, 'pending', '2026-02-10', 'VCH-2'],
      ['incoming', 30_000, 'paid', '2026-02-20', 'REFUND-1'],
      ['outgoing', 5_000_000_000, 'pending', '2026-03-01', 'VCH-BIG'],
    ]);
    // Another vendor's transaction never shows here.
    const other = (await demoVendor('Rotana Hotels Abu Dhabi')).id;
    await s.sql(`insert into vendor_transactions (organization_id, vendor_id, direction, amount, status, date) select organization_id, id, 'outgoing', 999, 'paid', '2026-01-01' from vendors where id = $1`, [other]);

    const res = await finance.get(`/api/vendors/${vendorId}/transactions`);
    expect(res.body.data.map((t: { reference: string }) => t.reference)).toEqual(['VCH-BIG', 'REFUND-1', 'VCH-2', 'VCH-1']);
    expect(res.body.data[0]).toMatchObject({ vendorId, direction: 'outgoing', amount: 5_000_000_000, status: 'pending', date: '2026-03-01', linkedType: 'voucher-payment' });
    expect(res.body.stats).toEqual({
      totalAmount: 5_000_430_000,
      totalIncoming: 30_000,
      totalOutgoing: 5_000_400_000,
      totalPaid: 180_000,
      totalPending: 5_000_250_000,
      count: 4,
    });

    const paidOut = await finance.get(`/api/vendors/${vendorId}/transactions?direction=outgoing&status=paid`);
    expect(paidOut.body.data.map((t: { reference: string }) => t.reference)).toEqual(['VCH-1']);
    expect(paidOut.body.stats).toEqual({ totalAmount: 150_000, totalIncoming: 0, totalOutgoing: 150_000, totalPaid: 150_000, totalPending: 0, count: 1 });
    const february = await finance.get(`/api/vendors/${vendorId}/transactions?date[from]=2026-02-01&date[to]=2026-02-28&sortOrder=asc`);
    expect(february.body.data.map((t: { reference: string }) => t.reference)).toEqual(['VCH-2', 'REFUND-1']);
    const byAmount = await finance.get(`/api/vendors/${vendorId}/transactions?sortBy=amount&sortOrder=asc&search=vch`);
    expect(byAmount.body.data.map((t: { reference: string }) => t.reference)).toEqual(['VCH-1', 'VCH-2', 'VCH-BIG']);
  });

  it('pages by 20', async () => {
    await insert(Array.from({ length: 21 }, (_, i) => ['outgoing', 100, 'paid', `2025-12-${String(i + 1).padStart(2, '0')}`, `OLD-${i + 1}`] as [string, number, string, string, string]));
    const page1 = await finance.get(`/api/vendors/${vendorId}/transactions`);
    expect(page1.body.meta).toEqual({ currentPage: 1, limit: 20, totalItems: 25, totalPages: 2 });
    const page2 = await finance.get(`/api/vendors/${vendorId}/transactions?page=2`);
    expect(page2.body.data.map((t: { reference: string }) => t.reference)).toEqual(['OLD-5', 'OLD-4', 'OLD-3', 'OLD-2', 'OLD-1']);
    expect(page2.body.stats.count).toBe(25);
    const past = await finance.get(`/api/vendors/${vendorId}/transactions?page=9`);
    expect(past.body.meta.totalItems).toBe(25);
  });

  it('refuses a bad query (400), another organization (404) and Sales (403)', async () => {
    const bad = await finance.get(`/api/vendors/${vendorId}/transactions?direction=sideways&date[from]=2026-13-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['date.from', 'direction.0']);
    expect((await globe.get(`/api/vendors/${vendorId}/transactions`)).status).toBe(404);
    expect((await sales.get(`/api/vendors/${vendorId}/transactions`)).status).toBe(403);
  });
});

describe('POST /vendors/import', () => {
  const csvHeaders = { 'Content-Type': 'text/csv; charset=utf-8' };

  it('imports a CSV file with "update existing": good rows are created or updated, bad rows rejected with the reason and row number', async () => {
    const before = await count();
    const csv = [
      '\uFEFFName,Services,Contact Person,Email,Phone,IBAN,SWIFT,Notes',
      'Sahara Camps,activities;land-part,Aziz,camps@sahara.example,+971 50 111 2222,AE07 0331 0000 1111 2222 333,EBILAEAD,Overnight camps',
      'Broken Email Travel,hotels,,not-an-email,,,,',
      'atlantis the palm,hotels,,,,,,Updated by import',
      'Renamed Limo,transfers,,dispatch@desertlimo.example,,,,',
      'Too Many Cells,hotels,,,,,,,extra,',
      '"Quoted, Name Tours","flights,visa",,,,,,',
      'Boat Rides,boats,,,,,,',
      'Short Row Tours,visa',
    ].join('\r\n');
    const res = await owner.post('/api/vendors/import?updateExisting=true', csv, csvHeaders);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 8, created: 3, updated: 2, skipped: 0, rejected: 3 });
    const rows = res.body.data.rows;
    expect(rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [1, 'created'],
      [2, 'rejected'],
      [3, 'updated'],
      [4, 'updated'],
      [5, 'rejected'],
      [6, 'created'],
      [7, 'rejected'],
      [8, 'created'],
    ]);
    expect(rows[1]).toMatchObject({ name: 'Broken Email Travel', reason: 'email must be a valid email address' });
    expect(rows[2].changes).toEqual([
      { field: 'name', from: 'Atlantis The Palm', to: 'atlantis the palm' },
      { field: 'notes', from: expect.any(String), to: 'Updated by import' },
    ]);
    expect(rows[4]).toMatchObject({ reason: 'row has 10 cells but the header has 8 columns', issues: [{ path: 'row', code: 'malformedRow', params: { cells: 10, columns: 8 } }] });
    expect(rows[6].reason).toMatch(/^services\.0 must be one of hotels/);
    expect(await count()).toBe(before + 3);

    const sahara = (await owner.get(`/api/vendors/id/${rows[0]._id}`)).body.data;
    expect(sahara).toMatchObject({
      name: 'Sahara Camps',
      services: ['activities', 'land-part'],
      contactPerson: 'Aziz',
      bankDetails: { accountNumber: 'AE07 0331 0000 1111 2222 333', swift: 'EBILAEAD' },
      notes: 'Overnight camps',
      isActive: true,
    });
    // Matched by name (case aside): empty cells leave the stored values, bank details included.
    const atlantis = (await owner.get(`/api/vendors/id/${rows[2]._id}`)).body.data;
    expect(atlantis).toMatchObject({ name: 'atlantis the palm', notes: 'Updated by import', contactPerson: 'Layla Haddad', bankDetails: { bankName: 'Emirates NBD' } });
    // Matched by email: renamed.
    const limo = (await owner.get(`/api/vendors/id/${rows[3]._id}`)).body.data;
    expect(limo).toMatchObject({ name: 'Renamed Limo', email: 'dispatch@desertlimo.example', contactPerson: 'Imran Qureshi' });
    expect((await owner.get(`/api/vendors/id/${rows[5]._id}`)).body.data.services).toEqual(['flights', 'visa']);
    expect(await s.sql(`select 1 from vendors where name in ('Broken Email Travel', 'Boat Rides', 'Too Many Cells')`)).toEqual([]);
  });

  it('imports JSON rows the same way; a later row with the same name is skipped as a repeat of the earlier one', async () => {
    const before = await count();
    const name = uniqueName('Json Vendor');
    const res = await ops.post('/api/vendors/import', {
      rows: [
        { name, services: ['hotels'], email: 'json@vendor.example' },
        'not an object',
        { services: ['hotels'] },
        { name: name.toUpperCase(), services: 'hotels|visa', notes: 'second row' },
        { name: uniqueName('Json Extra'), services: ['others'], rating: 4 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 5, created: 1, updated: 0, skipped: 1, rejected: 3 });
    expect(res.body.data.rows[1]).toEqual({
      row: 2,
      status: 'rejected',
      reason: 'row must be an object',
      issues: [{ path: 'row', code: 'invalidType', params: { expected: 'object' }, message: 'must be an object' }],
    });
    expect(res.body.data.rows[2]).toMatchObject({ row: 3, status: 'rejected', reason: 'name is required' });
    expect(res.body.data.rows[4]).toMatchObject({ row: 5, status: 'rejected', reason: 'rating is not a known field' });
    expect(res.body.data.rows[3]).toMatchObject({ row: 4, status: 'skipped', code: 'DUPLICATE_ROW', params: { row: 1, field: 'name' }, reason: 'same name as row 1' });
    const v = (await ops.get(`/api/vendors/id/${res.body.data.rows[0]._id}`)).body.data;
    expect(v).toMatchObject({ name, services: ['hotels'], notes: null, email: 'json@vendor.example' });
    expect(await count()).toBe(before + 1);
  });

  it('imports a large file in one request', async () => {
    const before = await count();
    const statsBefore = await stats();
    const lines = ['name,services,email'];
    for (let i = 1; i <= 3000; i++) lines.push(`Bulk Vendor ${i},${i % 2 ? 'hotels' : 'flights;visa'},${i === 1500 ? 'broken' : `bulk${i}@example.com`}`);
    const res = await owner.post('/api/vendors/import', lines.join('\n'), csvHeaders);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 3000, created: 2999, updated: 0, skipped: 0, rejected: 1 });
    expect(res.body.data.rows[1499]).toMatchObject({ row: 1500, status: 'rejected' });
    expect(await count()).toBe(before + 2999);
    expect((await stats()).total).toBe(statsBefore.total + 2999);
  });

  it('refuses a file it cannot read as a whole (400), an unknown format (415), and writes nothing', async () => {
    const before = await count();
    const unknown = await owner.post('/api/vendors/import', 'name,services,rating\nA,hotels,5', csvHeaders);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown CSV columns: rating', issues: [{ path: 'columns.rating', code: 'unknownColumn', params: { column: 'rating' }, message: 'is not a known column' }] });
    const noName = await owner.post('/api/vendors/import', 'services,email\nhotels,a@b.example', csvHeaders);
    expect(noName.status).toBe(400);
    const emptyRows = await owner.post('/api/vendors/import', { rows: [] });
    expect(emptyRows.status).toBe(400);
    expect(emptyRows.body.issues).toEqual([{ path: 'rows', code: 'tooFewItems', params: { min: 1 }, message: 'must have at least one row' }]);
    const xml = await owner.post('/api/vendors/import', '<vendors/>', { 'Content-Type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(await count()).toBe(before);
  });

  it('needs vendors.create', async () => {
    const before = await count();
    expect((await finance.post('/api/vendors/import', 'name,services\nX,hotels', csvHeaders)).status).toBe(403);
    expect((await sales.post('/api/vendors/import', { rows: [{ name: 'X', services: ['hotels'] }] })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('imports into the caller’s organization only', async () => {
    const res = await globe.post('/api/vendors/import', { rows: [{ name: 'Atlantis The Palm', services: ['hotels'], notes: 'globe' }, { name: 'Visa Express UAE', services: ['visa'] }] });
    // Globe already has its own "Atlantis The Palm" (created above); Demo Travels' vendors are invisible to it.
    expect(res.body.data.summary).toEqual({ total: 2, created: 1, updated: 0, skipped: 1, rejected: 0 });
    const demo = await s.sql<{ n: number }>(`select count(*)::int as n from vendors v join organizations o on o.id = v.organization_id where o.name = 'Demo Travels' and v.notes = 'globe'`);
    expect(demo[0].n).toBe(0);
  });
});

describe('GET /vendors/options (the names a tour line may name)', () => {
  let prefix: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    prefix = uniqueName('Zqopt');
    const make = async (agent: Agent, name: string, services: string[], isActive = true) => {
      const res = await agent.post('/api/vendors', { name: `${prefix} ${name}`, services, isActive, contactPerson: 'Secret Person', email: 'secret@vendor.example' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    ids = {
      beta: await make(ops, 'beta stays', ['hotels', 'transfers']),
      alpha: await make(ops, 'Alpha Hotels', ['hotels']),
      asleep: await make(ops, 'Asleep Hotels', ['hotels'], false),
      flights: await make(ops, 'Only Flights', ['flights']),
      theirs: await make(globe, 'Their Hotels', ['hotels']),
    };
  });

  it("answers a sales agent (no vendors.view) the active vendors offering the service, by name, names and ids only", async () => {
    expect((await sales.get('/api/vendors')).status).toBe(403);
    const res = await sales.get(`/api/vendors/options?service=hotels&search=${encodeURIComponent(prefix)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: ids.alpha, name: `${prefix} Alpha Hotels` },
      { _id: ids.beta, name: `${prefix} beta stays` },
    ]);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 50, totalItems: 2, totalPages: 1 });
    expect(JSON.stringify(res.body)).not.toMatch(/Secret Person|secret@vendor|services|isActive/);
    const transfers = await sales.get(`/api/vendors/options?service=transfers&search=${encodeURIComponent(prefix)}`);
    expect(transfers.body.data.map((x: { _id: string }) => x._id)).toEqual([ids.beta]);
  });

  it('matches the search on the name only, and pages like every list', async () => {
    expect((await sales.get('/api/vendors/options?service=hotels&search=secret%40vendor')).body.data).toEqual([]);
    const first = await sales.get(`/api/vendors/options?service=hotels&search=${encodeURIComponent(prefix)}&limit=1`);
    const second = await sales.get(`/api/vendors/options?service=hotels&search=${encodeURIComponent(prefix)}&limit=1&page=2`);
    expect(first.body.data.map((x: { _id: string }) => x._id)).toEqual([ids.alpha]);
    expect(second.body.data.map((x: { _id: string }) => x._id)).toEqual([ids.beta]);
    expect(first.body.meta).toMatchObject({ totalItems: 2, totalPages: 2 });
  });

  it('lists every active vendor of the service without a search, as the database has them', async () => {
    const res = await sales.get('/api/vendors/options?service=hotels&limit=200');
    const expected = await s.sql<{ id: string }>(
      `select v.id from vendors v join organizations o on o.id = v.organization_id
       where o.name = 'Demo Travels' and v.status = 'active' and 'hotels' = any(v.services) order by lower(v.name), v.id`,
    );
    expect(res.body.meta.totalItems).toBe(expected.length);
    expect(res.body.data.map((x: { _id: string }) => x._id)).toEqual(expected.slice(0, 200).map((r) => r.id));
    expect(res.body.data).not.toContainEqual(expect.objectContaining({ _id: ids.theirs }));
  });

  it('names the vendors a line already holds by id, whatever their state and services', async () => {
    const res = await sales.get(`/api/vendors/options?service=hotels&ids=${ids.asleep},${ids.flights}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: ids.asleep, name: `${prefix} Asleep Hotels` },
      { _id: ids.flights, name: `${prefix} Only Flights` },
    ]);
  });

  it("never answers another organization's vendors, by search or by id", async () => {
    const search = await sales.get(`/api/vendors/options?service=hotels&search=${encodeURIComponent(prefix)}`);
    expect(search.body.data.map((x: { _id: string }) => x._id)).not.toContain(ids.theirs);
    expect((await sales.get(`/api/vendors/options?service=hotels&ids=${ids.theirs}`)).body.data).toEqual([]);
    const theirs = await globe.get(`/api/vendors/options?service=hotels&search=${encodeURIComponent(prefix)}`);
    expect(theirs.body.data).toEqual([{ _id: ids.theirs, name: `${prefix} Their Hotels` }]);
    expect((await globe.get(`/api/vendors/options?service=hotels&ids=${ids.alpha}`)).body.data).toEqual([]);
  });

  it('refuses a service that is not a vendor service, or none, naming the field (400)', async () => {
    const bad = await sales.get('/api/vendors/options?service=boats');
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([expect.objectContaining({ path: 'service', code: 'oneOf', params: { values: [...VENDOR_SERVICES] } })]);
    const none = await sales.get('/api/vendors/options');
    expect(none.status).toBe(400);
    expect(none.body.issues.map((i: { path: string }) => i.path)).toEqual(['service']);
    const other = await sales.get('/api/vendors/options?service=hotels&sortBy=name&limit=0');
    expect(other.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['limit', 'sortBy']);
  });

  it('answers 403 to a role that may not edit tours, even one that reads vendors (Finance)', async () => {
    expect((await finance.get('/api/vendors')).status).toBe(200);
    const res = await finance.get('/api/vendors/options?service=hotels');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'You do not have any of the permissions customizedTours.create | customizedTours.update | personalizedTours.create | personalizedTours.update',
    );
    // Operations edits personalized tours (not customized ones): it may.
    expect((await ops.get('/api/vendors/options?service=hotels')).status).toBe(200);
  });
});

it('keeps the 7 service types in the seed order', () => {
  expect(VENDOR_SERVICES).toEqual(['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others']);
});
