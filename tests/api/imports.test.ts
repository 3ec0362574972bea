import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { templateCsv, type ImportTemplate } from '../../src/api/common/import';
import { ACTIVITY_IMPORT_TEMPLATE } from '../../src/api/catalogue/activities/import';
import { DESTINATION_IMPORT_TEMPLATE } from '../../src/api/catalogue/destinations/import';
import { HOTEL_IMPORT_TEMPLATE } from '../../src/api/catalogue/hotels/import';
import { REGION_IMPORT_TEMPLATE } from '../../src/api/catalogue/regions/import';
import { LEAD_IMPORT_TEMPLATE } from '../../src/api/leads/import';
import { VENDOR_IMPORT_TEMPLATE } from '../../src/api/vendors/import';
import type { Agent } from '../support/agent';
import { checksum, checksumQuery } from '../support/db-checksum';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every import route, end to end (SPEC "Conventions": imports report per row, a bad row never
 * aborts the good ones nor is half written, an existing record is updated only when the person
 * chose "update existing" after a preview).
 */
let s: TestServer;
let owner: Agent;
let ops: Agent;
let sales: Agent;
let everything: string;

beforeAll(async () => {
  s = await startTestServer();
  [owner, ops, sales] = await s.logins('owner@demo.travel', 'ops@demo.travel', 'sales@demo.travel');
  everything = await checksumQuery(s);
});
afterAll(() => s.close());

const fingerprint = () => checksum(s, everything);
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
/** Rows as a CSV file: lists in one cell separated by `;`, room types as `name:rate:guests`. */
const cell = (v: unknown) => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? Object.values(x).join(':') : x)).join(';') : v);
const csvOf = (rows: Record<string, unknown>[]) => Papa.unparse(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v)]))));
type Row = Record<string, unknown>;
type Report = { preview: boolean; summary: Record<string, number>; rows: { row: number; status: string; name?: string; reason?: string; code?: string; _id?: string; changes?: { field: string; from: unknown; to: unknown }[]; issues?: { path: string }[] }[] };

/**
 * One import route: a new row (unique by `tag`), a row matching a demo record with one change, a
 * bad row with a name, the field its change touches and a read of it, and the template.
 */
interface RouteCase {
  resource: string;
  table: string;
  template: ImportTemplate;
  fresh: (tag: string) => Row;
  /** Never updated, whatever is asked (a lead's duplicate). */
  neverUpdates?: boolean;
  existing: () => Promise<{ row: Row; field: string; read: () => Promise<unknown> }>;
  bad: Row;
  badPath: string;
  /** The code of its issue (src/api/common/issues.ts): what the web app translates. */
  badCode: string;
}

let phone = 5_550_000;
const uniquePhone = () => `+1 ${phone++}`;

async function onePlaced(resource: 'hotels' | 'activities') {
  const list = (await owner.get(`/api/${resource}?limit=1&sortBy=name`)).body.data[0];
  const one = (await owner.get(`/api/${resource}/${resource === 'hotels' ? 'hotelId' : 'activityId'}/${list._id}`)).body.data;
  return one;
}

const CASES: RouteCase[] = [
  {
    resource: 'vendors',
    table: 'vendors',
    template: VENDOR_IMPORT_TEMPLATE,
    fresh: (tag) => ({ name: `Imported Vendor ${tag}`, services: ['visa'] }),
    existing: async () => ({
      row: { name: 'Atlantis The Palm', services: ['hotels'], notes: 'Changed by import' },
      field: 'notes',
      read: async () => (await s.sql(`select notes from vendors where name = 'Atlantis The Palm'`))[0]!.notes,
    }),
    bad: { name: 'Boat Rides', services: ['boats'] },
    badPath: 'services.0',
    badCode: 'oneOf',
  },
  {
    resource: 'leads',
    table: 'leads',
    template: LEAD_IMPORT_TEMPLATE,
    neverUpdates: true,
    fresh: () => ({ name: `Imported Lead ${phone}`, phone: uniquePhone() }),
    existing: async () => {
      const [lead] = await s.sql<{ id: string; phone: string }>(
        `select id, phone from leads where phone is not null and organization_id = (select id from organizations where name = 'Demo Travels') order by created_at limit 1`,
      );
      return {
        row: { name: 'Someone Else', phone: lead!.phone, comment: 'Changed by import' },
        field: 'comment',
        read: async () => (await s.sql(`select name, comment from leads where id = $1`, [lead!.id]))[0],
      };
    },
    bad: { name: 'Unreachable Ursula' },
    badPath: 'phone',
    badCode: 'phoneOrEmail',
  },
  {
    resource: 'regions',
    table: 'regions',
    template: REGION_IMPORT_TEMPLATE,
    fresh: (tag) => ({ name: `Imported Region ${tag}` }),
    existing: async () => ({
      row: { name: 'Europe', description: 'Changed by import' },
      field: 'description',
      read: async () => (await s.sql(`select description from regions where name = 'Europe' and organization_id = (select id from organizations where name = 'Demo Travels')`))[0]!.description,
    }),
    bad: { name: 'Punctuation Only', slug: '!!!' },
    badPath: 'slug',
    badCode: 'invalidFormat',
  },
  {
    resource: 'destinations',
    table: 'destinations',
    template: DESTINATION_IMPORT_TEMPLATE,
    fresh: (tag) => ({ name: `Imported Destination ${tag}`, region: 'Europe', country: 'Portugal' }),
    existing: async () => ({
      row: { name: 'Dubai', region: 'Middle East', country: 'United Arab Emirates', description: 'Changed by import' },
      field: 'description',
      read: async () => (await s.sql(`select description from destinations where name = 'Dubai' and organization_id = (select id from organizations where name = 'Demo Travels')`))[0]!.description,
    }),
    bad: { name: 'Atlantis', region: 'Lost Continents', country: 'Nowhere' },
    badPath: 'region',
    badCode: 'unknownReference',
  },
  {
    resource: 'hotels',
    table: 'hotels',
    template: HOTEL_IMPORT_TEMPLATE,
    fresh: (tag) => ({ name: `Imported Hotel ${tag}`, destination: 'Dubai', stars: 3, roomTypes: [{ name: 'Double', nightlyRate: 9000, maxOccupancy: 2 }] }),
    existing: async () => {
      const hotel = await onePlaced('hotels');
      return {
        row: { name: hotel.name, slug: hotel.slug, destination: hotel.destination.slug, stars: hotel.stars, roomTypes: hotel.roomTypes, description: 'Changed by import' },
        field: 'description',
        read: async () => (await s.sql(`select description from hotels where id = $1`, [hotel._id]))[0]!.description,
      };
    },
    bad: { name: 'Seven Star Palace', destination: 'Dubai', stars: 7, roomTypes: [{ name: 'Double', nightlyRate: 9000, maxOccupancy: 2 }] },
    badPath: 'stars',
    badCode: 'tooLarge',
  },
  {
    resource: 'activities',
    table: 'activities',
    template: ACTIVITY_IMPORT_TEMPLATE,
    fresh: (tag) => ({ name: `Imported Activity ${tag}`, destination: 'Dubai', category: 'culture', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 1000 }),
    existing: async () => {
      const activity = await onePlaced('activities');
      const { name, slug, category, difficulty, durationMinutes } = activity;
      return {
        row: { name, slug, destination: activity.destination.slug, category, difficulty, durationMinutes, pricePerPerson: activity.pricePerPerson + 500 },
        field: 'pricePerPerson',
        read: async () => Number((await s.sql(`select price_per_person from activities where id = $1`, [activity._id]))[0]!.price_per_person),
      };
    },
    bad: { name: 'Moon Walk', destination: 'Dubai', category: 'space', difficulty: 'easy', durationMinutes: 60, pricePerPerson: 1000 },
    badPath: 'category',
    badCode: 'oneOf',
  },
];

const count = async (table: string) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const importRows = (agent: Agent, resource: string, rows: unknown[], query = '') => agent.post<{ data: Report; issues: { path: string }[]; message: string; code: string }>(`/api/${resource}/import${query}`, { rows });

describe.each(CASES.map((c) => [c.resource, c] as const))('POST /%s/import', (_, c) => {
  it('previews without writing anything: what would be created, updated (with the differences) and rejected', async () => {
    const { row: match, field } = await c.existing();
    const before = await fingerprint();
    const res = await importRows(owner, c.resource, [c.fresh('preview'), match, c.bad], '?preview=true&updateExisting=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data;
    expect(report.preview).toBe(true);
    expect(report.rows.map((r) => r.status)).toEqual(['created', c.neverUpdates ? 'skipped' : 'updated', 'rejected']);
    expect(report.rows[0]!._id).toBeUndefined();
    if (!c.neverUpdates) expect(report.rows[1]!.changes!.map((x) => x.field)).toContain(field);
    expect(report.rows[2]).toMatchObject({ row: 3, name: c.bad.name, issues: [{ path: c.badPath }] });
    expect(await fingerprint()).toBe(before);
  });

  it('skips a row matching an existing record unless "update existing" is chosen; with it, updates only that record', async () => {
    const { row: match, field, read } = await c.existing();
    const was = await read();
    const before = await fingerprint();
    const skipped = await importRows(owner, c.resource, [match]);
    expect(skipped.status).toBe(200);
    expect(skipped.body.data.summary).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    expect(skipped.body.data.rows[0]).toMatchObject({ status: 'skipped', code: c.neverUpdates ? 'DUPLICATE' : 'EXISTS' });
    expect(await fingerprint()).toBe(before);

    const chosen = await importRows(owner, c.resource, [match], '?updateExisting=true');
    expect(chosen.status).toBe(200);
    if (c.neverUpdates) {
      expect(chosen.body.data.rows[0]).toMatchObject({ status: 'skipped', code: 'DUPLICATE' });
      expect(await read()).toEqual(was);
      expect(await fingerprint()).toBe(before);
      return;
    }
    expect(chosen.body.data.rows[0]).toMatchObject({ status: 'updated' });
    expect(chosen.body.data.rows[0]!.changes).toEqual([{ field, from: was, to: match[field] }]);
    expect(await read()).toEqual(match[field]);
    // The same row again changes nothing more.
    const again = await importRows(owner, c.resource, [match], '?updateExisting=true');
    expect(again.body.data.rows[0]).toMatchObject({ status: 'skipped', code: 'UNCHANGED' });
  });

  it('never lets a bad row abort the good ones, and names each rejected row with its number', async () => {
    const before = await count(c.table);
    const res = await importRows(owner, c.resource, [c.fresh('good-1'), c.bad, 'not a row', c.fresh('good-2')]);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 4, created: 2, updated: 0, skipped: 0, rejected: 2 });
    expect(res.body.data.rows[1]).toMatchObject({ row: 2, status: 'rejected', name: c.bad.name });
    expect(res.body.data.rows[1]!.reason).toMatch(new RegExp(`^${c.badPath.replace('.', '\\.')} `));
    expect(res.body.data.rows[1]!.issues).toMatchObject([{ path: c.badPath, code: c.badCode }]);
    expect(res.body.data.rows[2]).toMatchObject({ row: 3, status: 'rejected', reason: 'row must be an object', issues: [{ path: 'row', code: 'invalidType' }] });
    expect(await count(c.table)).toBe(before + 2);
  });

  it('imports its template (downloaded from the dialog) without a rejected row, as a multipart upload', async () => {
    const res = await owner.upload(`/api/${c.resource}/import`, { name: c.template.file, type: 'text/csv', content: templateCsv(c.template) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary).toMatchObject({ total: 1, rejected: 0 });
    expect(res.body.data.rows[0].name).toBe(c.template.example.name);
  });

  it('takes a multipart CSV or JSON file in the field "file"; refuses (400 naming file) one that is not what it claims, and writes nothing', async () => {
    const rows = [c.fresh('multipart-csv')];
    const csv = await owner.upload(`/api/${c.resource}/import`, { name: 'rows.csv', type: 'text/csv', content: csvOf(rows) });
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    expect(csv.body.data.summary).toMatchObject({ total: 1, created: 1 });
    const json = await owner.upload(`/api/${c.resource}/import`, { name: 'rows.json', type: 'application/json', content: JSON.stringify({ rows: [c.fresh('multipart-json')] }) });
    expect(json.body.data.summary).toMatchObject({ total: 1, created: 1 });

    const before = await fingerprint();
    const refusals = [
      [{ name: 'rows.json', type: 'application/json', content: 'name,services\nA,hotels' }, { code: 'invalidJson', params: {}, message: 'is not valid JSON' }],
      [{ name: 'photo.png', type: 'image/png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) }, { code: 'oneOf', params: { values: ['CSV', 'JSON'] }, message: 'must be a CSV or JSON file, not image/png' }],
      [
        { name: 'rows.csv', type: 'text/csv', content: new Uint8Array([0x50, 0x4b, 3, 4, 0x14, 0, 0, 0xff, 0xfe]) },
        { code: 'notUtf8', params: {}, message: 'is not a UTF-8 CSV text file (a spreadsheet workbook? save it as "CSV UTF-8")' },
      ],
    ] as const;
    for (const [file, issue] of refusals) {
      const res = await owner.upload(`/api/${c.resource}/import`, file);
      expect(res.status, file.name).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'file', ...issue }] });
    }
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await owner.request('POST', `/api/${c.resource}/import`, form);
    expect(noFile.status).toBe(400);
    expect(noFile.body.issues).toMatchObject([{ path: 'file', code: 'required' }]);
    expect(await fingerprint()).toBe(before);
  });

  it('keeps 20 identical imports at once consistent: one creates the rows, the others skip them', async () => {
    const rows = [c.fresh('parallel-a'), c.fresh('parallel-b')];
    const before = await count(c.table);
    const answers = await times(20, () => importRows(owner, c.resource, rows));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const created = answers.filter((a) => a.body.data.summary.created === 2);
    expect(created).toHaveLength(1);
    for (const a of answers.filter((x) => x !== created[0])) expect(a.body.data.summary).toMatchObject({ created: 0, skipped: 2, rejected: 0 });
    expect(await count(c.table)).toBe(before + 2);
  });
});

describe('row limits per role', () => {
  it('refuses more rows than the role may import (413) before anything is written', async () => {
    // A sales agent (leads.create, not leads.delete) imports at most 5,000 rows at once.
    const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `Bulk ${i}`, phone: `+44 20 7${String(i).padStart(6, '0')}` }));
    const before = await fingerprint();
    const refused = await importRows(sales, 'leads', rows);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      params: { count: 5001, max: 5000 },
      message: 'The file has 5001 rows; your role may import at most 5000 at a time',
      issues: [{ path: 'rows', code: 'tooManyItems', params: { max: 5000 } }],
    });
    const preview = await importRows(sales, 'leads', rows, '?preview=true');
    expect(preview.status).toBe(413);
    expect(await fingerprint()).toBe(before);
    // Every role stops at 50,000 (the body's own limit).
    expect((await importRows(owner, 'vendors', Array.from({ length: 50_001 }, () => ({})))).status).toBe(400);
  });

  it('refuses a file over 20 MB (413), whatever its rows', async () => {
    const big = `name,services\n${'Big Vendor,hotels\n'.repeat(1_300_000)}`;
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    const before = await fingerprint();
    const res = await owner.upload('/api/vendors/import', { name: 'big.csv', type: 'text/csv', content: big });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('BODY_TOO_LARGE');
    expect(await fingerprint()).toBe(before);
  });

  it('lets a role that may delete the records import more (Operations: vendors.delete)', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `Big File Vendor ${i}`, services: 'others' }));
    const res = await importRows(ops, 'vendors', rows);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toMatchObject({ total: 5001, created: 5001 });
  });

  it('needs the update permission for "update existing" (403)', async () => {
    const role = await owner.post('/api/roles', { name: 'Vendor clerk', permissions: { vendors: ['view', 'create'] }, visibility: { leads: 'all', bookings: 'all' } });
    const email = 'clerk@demo.travel';
    const member = await owner.post('/api/members', { name: 'Cleo Clerk', email, department: 'operations', roleId: role.body.data._id, joiningDate: '2025-01-01', password: 'a-long-password-1' });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const clerk = await s.login(email, 'a-long-password-1');
    const before = await fingerprint();
    const res = await importRows(clerk, 'vendors', [{ name: 'Atlantis The Palm', services: 'hotels', notes: 'clerk' }], '?updateExisting=true');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', params: { module: 'vendors', action: 'update' }, message: 'You do not have the permission vendors.update, which "update existing" needs' });
    expect(await fingerprint()).toBe(before);
    const plain = await importRows(clerk, 'vendors', [{ name: 'Atlantis The Palm', services: 'hotels', notes: 'clerk' }]);
    expect(plain.body.data.rows[0]).toMatchObject({ status: 'skipped', code: 'EXISTS' });
  });
});

describe('a row the database refuses in the middle of a bulk write', () => {
  it('is reported with its reason and row number; every other row commits (vendors, across chunks)', async () => {
    await s.sql(`alter table vendors add constraint test_refused_name check (name <> 'Refused By The Database')`);
    try {
      const rows = Array.from({ length: 1500 }, (_, i) => ({ name: i === 1199 ? 'Refused By The Database' : `Chunked Vendor ${i}`, services: 'visa' }));
      const before = await count('vendors');
      const res = await importRows(owner, 'vendors', rows);
      expect(res.status).toBe(200);
      expect(res.body.data.summary).toMatchObject({ created: 1499, rejected: 1 });
      expect(res.body.data.rows[1199]).toMatchObject({ row: 1200, status: 'rejected', name: 'Refused By The Database', code: 'DATABASE' });
      expect(res.body.data.rows[1199]!.reason).toMatch(/test_refused_name/);
      expect(res.body.data.rows[1199]!.issues).toMatchObject([{ path: 'row', code: 'refusedByDatabase', params: { constraint: 'test_refused_name' } }]);
      expect(await count('vendors')).toBe(before + 1499);
    } finally {
      await s.sql(`alter table vendors drop constraint test_refused_name`);
    }
  });

  it('leaves nothing of the refused lead behind: no contact, timeline line, follow-up or job (leads)', async () => {
    await s.sql(`alter table leads add constraint test_refused_name check (name <> 'Refused Lead')`);
    try {
      const rows = Array.from({ length: 3000 }, (_, i) => ({
        name: i === 2600 ? 'Refused Lead' : `Chunked Lead ${i}`,
        phone: `+33 1 ${String(i).padStart(8, '0')}`,
        followUp: '2030-01-02 09:00',
      }));
      const before = { leads: await count('leads'), events: await count('lead_events'), followUps: await count('follow_ups'), jobs: await count('jobs') };
      const res = await importRows(owner, 'leads', rows);
      expect(res.status).toBe(200);
      expect(res.body.data.summary).toMatchObject({ created: 2999, rejected: 1 });
      expect(res.body.data.rows[2600]).toMatchObject({ row: 2601, status: 'rejected', name: 'Refused Lead', code: 'DATABASE' });
      expect(await s.sql(`select 1 from contacts where phone_key = $1`, [`331${String(2600).padStart(8, '0')}`])).toEqual([]);
      expect(await s.sql(`select 1 from contacts where phone_key = $1`, [`331${String(2599).padStart(8, '0')}`])).toHaveLength(1);
      expect(await count('leads')).toBe(before.leads + 2999);
      // Each lead: the "imported" line and its follow-up's line; one follow-up and one reminder job.
      expect(await count('lead_events')).toBe(before.events + 2 * 2999);
      expect(await count('follow_ups')).toBe(before.followUps + 2999);
      expect(await count('jobs')).toBe(before.jobs + 2999);
    } finally {
      await s.sql(`alter table leads drop constraint test_refused_name`);
    }
  });
});

describe('an error that is not a row’s fault', () => {
  it('fails the whole import (500) and writes nothing, not even the rows before it', async () => {
    // A stand-in for a lost connection or a bug: an error outside the classes a row can cause (22, 23).
    await s.sql(`create function test_import_breaks() returns trigger language plpgsql as $$
      begin
        if new.name = 'Breaks Everything' then raise exception 'something unexpected' using errcode = 'XX000'; end if;
        return new;
      end $$`);
    await s.sql(`create trigger test_import_breaks before insert on vendors for each row execute function test_import_breaks()`);
    try {
      const before = await fingerprint();
      const rows = [...Array.from({ length: 1200 }, (_, i) => ({ name: `Before The Break ${i}`, services: 'visa' })), { name: 'Breaks Everything', services: 'visa' }];
      const res = await importRows(owner, 'vendors', rows);
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('INTERNAL');
      expect(await fingerprint()).toBe(before);
    } finally {
      await s.sql(`drop trigger test_import_breaks on vendors`);
      await s.sql(`drop function test_import_breaks()`);
    }
  });
});

describe('lead import', () => {
  const lead = async (name: string) =>
    (await s.sql<{ query_date: string; next_follow_up_at: Date | null; id: string }>(`select id, query_date::text, next_follow_up_at from leads where name = $1`, [name]))[0]!;

  it('reads dates and times as spreadsheets write them, in the stated order and the organization’s time zone (Dubai, +04:00)', async () => {
    const rows = [
      { name: 'Date Iso', phone: uniquePhone(), queryDate: '2026-03-05', followUp: '2026-03-05 14:30' },
      { name: 'Date Slashed', phone: uniquePhone(), queryDate: '05/03/2026', followUp: '05/03/2026 14:30' },
      { name: 'Date Serial', phone: uniquePhone(), queryDate: '46086', followUp: '46086.6041666667' },
      { name: 'Date Dotted', phone: uniquePhone(), queryDate: '5.3.2026', followUp: '2026-03-05T10:30:00Z' },
      { name: 'Date Impossible', phone: uniquePhone(), queryDate: '3/13/2026' },
      { name: 'Date No Time', phone: uniquePhone(), followUp: '2026-03-05' },
      { name: 'Date Short Year', phone: uniquePhone(), queryDate: '5/3/26' },
    ];
    const res = await owner.upload('/api/leads/import?dateOrder=dmy', { name: 'dates.csv', type: 'text/csv', content: csvOf(rows) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created', 'created', 'rejected', 'rejected', 'rejected']);
    for (const name of ['Date Iso', 'Date Slashed', 'Date Serial', 'Date Dotted']) {
      const stored = await lead(name);
      expect(stored.query_date, name).toBe('2026-03-05');
      expect(stored.next_follow_up_at?.toISOString(), name).toBe('2026-03-05T10:30:00.000Z');
    }
    expect(res.body.data.rows[4]).toMatchObject({
      name: 'Date Impossible',
      issues: [{ path: 'queryDate', code: 'invalidDate', params: { order: 'dmy' }, message: 'is not a real date read as day/month/year' }],
    });
    expect(res.body.data.rows[5].issues).toEqual([{ path: 'followUp', code: 'timeRequired', params: { example: '2026-03-05 14:30' }, message: 'must have a time, like 2026-03-05 14:30' }]);
    expect(res.body.data.rows[6].issues).toEqual([{ path: 'queryDate', code: 'invalidFormat', params: { example: '2026-03-05' }, message: 'must have a four-digit year' }]);

    const us = await importRows(owner, 'leads', [{ name: 'Date American', phone: uniquePhone(), queryDate: '3/5/2026', followUp: '3/5/2026 2:30 PM' }], '?dateOrder=mdy');
    expect(us.body.data.summary.created).toBe(1);
    expect(await lead('Date American')).toMatchObject({ query_date: '2026-03-05' });
    expect((await lead('Date American')).next_follow_up_at?.toISOString()).toBe('2026-03-05T10:30:00.000Z');

    // Without a stated order, a day-and-month date is refused rather than guessed.
    const unstated = await importRows(owner, 'leads', [{ name: 'Date Unstated', phone: uniquePhone(), queryDate: '05/03/2026' }]);
    expect(unstated.body.data.rows[0]).toMatchObject({ status: 'rejected', issues: [{ path: 'queryDate', code: 'dateOrderUnknown' }] });
    expect(unstated.body.data.rows[0].reason).toMatch(/state the date order/);
  });

  it('joins known contacts, schedules follow-ups with their reminder jobs, and tells each owner once', async () => {
    const [known] = await s.sql<{ id: string; email: string }>(`select c.id, c.email from contacts c where c.email is not null and not exists (select 1 from leads l where l.contact_id = c.id) limit 1`);
    const lina = (await s.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`))[0]!.id;
    const unread = async () => (await s.sql<{ title: string }>(`select title from notifications where member_id = $1 order by created_at`, [lina])).map((n) => n.title);
    const was = await unread();
    const rows = [
      { name: 'Owned One', phone: uniquePhone(), assignedTo: 'lina@demo.travel', followUp: '2031-06-01 09:00' },
      { name: 'Owned Two', phone: uniquePhone(), assignedTo: 'LINA@demo.travel' },
      { name: 'Owned Three', phone: uniquePhone(), assignedTo: lina },
      ...(known ? [{ name: 'Known Contact', email: known.email }] : []),
    ];
    const res = await importRows(owner, 'leads', rows);
    expect(res.body.data.summary.created).toBe(rows.length);
    expect((await unread()).slice(was.length)).toEqual(['3 imported leads assigned to you']);
    const one = await lead('Owned One');
    const [followUp] = await s.sql<{ id: string; assignee_id: string }>(`select id, assignee_id from follow_ups where lead_id = $1`, [one.id]);
    expect(followUp!.assignee_id).toBe(lina);
    const [job] = await s.sql<{ run_at: Date }>(`select run_at from jobs where key = $1`, [`follow-up-due:${followUp!.id}`]);
    // Demo Travels reminds 30 minutes before; 09:00 in Dubai is 05:00 UTC.
    expect(job!.run_at.toISOString()).toBe('2031-06-01T04:30:00.000Z');
    const detail = (await owner.get(`/api/leads/${one.id}`)).body.data;
    expect(detail.activity.map((a: { type: string }) => a.type).sort()).toEqual(['followUp', 'imported']);
    if (known) expect((await s.sql(`select contact_id from leads where name = 'Known Contact'`))[0]).toEqual({ contact_id: known.id });
  });
});

describe("lead import by a sales agent who sees only his own leads ('own')", () => {
  it("reports as duplicates only what his own leads hold, in the preview as in the import, and names nothing of a colleague's lead", async () => {
    const lina = await s.login('lina@demo.travel');
    const hidden = { name: 'Lina Keeps This Secret', phone: uniquePhone(), email: 'lina.secret.import@example.com' };
    const linas = (await lina.post('/api/leads', hidden)).body.data;
    const mine = { name: 'Samir Own Lead', phone: uniquePhone(), email: 'samir.own.import@example.com' };
    expect((await sales.post('/api/leads', mine)).status).toBe(201);
    const rows = [
      { name: 'Same phone as Lina’s', phone: hidden.phone.replace(/ /g, '-') },
      { name: 'Same email as Lina’s', email: hidden.email.toUpperCase() },
      { name: 'Same phone as mine', phone: mine.phone },
      { name: 'Same email as mine', email: ` ${mine.email.toUpperCase()} ` },
    ];
    const seen = (report: Report) => report.rows.map((r) => [r.status, r.code ?? null]);
    const expected = [
      ['created', null],
      ['created', null],
      ['skipped', 'DUPLICATE'],
      ['skipped', 'DUPLICATE'],
    ];
    const before = await fingerprint();
    const preview = await importRows(sales, 'leads', rows, '?preview=true');
    expect(preview.status).toBe(200);
    expect(seen(preview.body.data)).toEqual(expected);
    expect(await fingerprint()).toBe(before);

    const file = csvOf(rows.map((r) => ({ phone: '', email: '', ...r })));
    const done = await sales.upload('/api/leads/import', { name: 'fair.csv', type: 'text/csv', content: file });
    expect(done.status).toBe(200);
    expect(seen(done.body.data)).toEqual(expected);
    expect(done.body.data.rows[2]).toMatchObject({ params: { field: 'phone' } });
    expect(done.body.data.rows[3]).toMatchObject({ params: { field: 'email' } });
    for (const answer of [preview.body, done.body]) {
      const text = JSON.stringify(answer);
      for (const secret of [hidden.name, linas._id, linas.contactId]) expect(text).not.toContain(secret);
    }
    // His new leads join the person's contact (one person, one contact), and are his.
    const made = await s.sql<{ contact_id: string; assigned_to: string }>(`select contact_id, assigned_to from leads where name = 'Same phone as Lina’s'`);
    const [samir] = await s.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`);
    expect(made).toEqual([{ contact_id: linas.contactId, assigned_to: samir!.id }]);

    // Someone who sees every lead is told about Lina's too.
    const byOwner = await importRows(owner, 'leads', rows.slice(0, 2), '?preview=true');
    expect(seen(byOwner.body.data)).toEqual([
      ['skipped', 'DUPLICATE'],
      ['skipped', 'DUPLICATE'],
    ]);
  });
});

describe('lead import and a contact made at the same moment', () => {
  it('links the lead to the contact someone else created between the plan and the write', async () => {
    // A stand-in for another request: the moment the import inserts this contact, another one with the same phone appears.
    await s.sql(`create function test_contact_race() returns trigger language plpgsql as $$
      begin
        if new.name = 'Raced Contact' then
          insert into contacts (organization_id, name, phone, phone_key) values (new.organization_id, 'Created Elsewhere', new.phone, new.phone_key);
        end if;
        return new;
      end $$`);
    await s.sql(`create trigger test_contact_race before insert on contacts for each row execute function test_contact_race()`);
    try {
      const res = await importRows(owner, 'leads', [{ name: 'Raced Contact', phone: '+1 555 777 0001' }, { name: 'Calm Contact', phone: '+1 555 777 0002' }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.summary).toMatchObject({ created: 2, rejected: 0 });
      const [linked] = await s.sql<{ name: string }>(`select c.name from leads l join contacts c on c.id = l.contact_id where l.name = 'Raced Contact'`);
      expect(linked).toEqual({ name: 'Created Elsewhere' });
      expect(await s.sql(`select 1 from contacts where phone_key = '15557770001'`)).toHaveLength(1);
    } finally {
      await s.sql(`drop trigger test_contact_race on contacts`);
      await s.sql(`drop function test_contact_race()`);
    }
  });
});

describe('lead import across chunks', () => {
  it('tells an owner once per import, however many chunks it takes', async () => {
    const marco = (await s.sql<{ id: string }>(`select id from members where email = 'marco@demo.travel'`))[0]!.id;
    const titles = async () => await s.sql<{ title: string; link: string; message: unknown }>(`select title, link, message from notifications where member_id = $1 order by created_at`, [marco]);
    const was = (await titles()).length;
    const rows = Array.from({ length: 2600 }, (_, i) => ({ name: `Marco Lead ${i}`, phone: `+39 06 ${String(i).padStart(7, '0')}`, assignedTo: 'marco@demo.travel' }));
    const res = await importRows(owner, 'leads', rows);
    expect(res.body.data.summary.created).toBe(2600);
    expect((await titles()).slice(was)).toEqual([{ title: '2600 imported leads assigned to you', link: `/leads?assignedTo=${marco}`, message: { key: 'leadsImported', params: { count: 2600 } } }]);
  });
});

describe('vendor import', () => {
  it('creates a vendor in the state the isActive column says, and (de)activates an existing one only with "update existing"', async () => {
    const file = ['Name,Services,Is Active', 'Dormant Dhows,activities,false', 'Awake Air,flights,yes'].join('\n');
    const res = await owner.upload('/api/vendors/import', { name: 'v.csv', type: 'text/csv', content: file });
    expect(res.body.data.summary).toMatchObject({ created: 2 });
    const status = async (name: string) => (await s.sql<{ status: string }>(`select status from vendors where name = $1`, [name]))[0]!.status;
    expect(await status('Dormant Dhows')).toBe('inactive');
    expect(await status('Awake Air')).toBe('active');
    const wake = await importRows(owner, 'vendors', [{ name: 'Dormant Dhows', services: 'activities', isActive: true }]);
    expect(wake.body.data.rows[0]).toMatchObject({ status: 'skipped', code: 'EXISTS', changes: [{ field: 'isActive', from: false, to: true }] });
    expect(await status('Dormant Dhows')).toBe('inactive');
    await importRows(owner, 'vendors', [{ name: 'Dormant Dhows', services: 'activities', isActive: true }], '?updateExisting=true');
    expect(await status('Dormant Dhows')).toBe('active');
    const stats = (await owner.get('/api/vendors?limit=1')).body.stats;
    expect(stats.active + stats.inactive).toBe(stats.total);
  });
});

describe('catalogue import', () => {
  it("reports a move to another region or destination by the names the file uses, not the records' ids", async () => {
    const hotel = await onePlaced('hotels');
    const [other] = await s.sql<{ name: string; slug: string }>(
      `select name, slug from destinations where id <> $1 and organization_id = (select organization_id from hotels where id = $2) order by name limit 1`,
      [hotel.destination._id, hotel._id],
    );
    const row = { name: hotel.name, slug: hotel.slug, destination: other!.slug, stars: hotel.stars, roomTypes: hotel.roomTypes };
    const res = await importRows(owner, 'hotels', [row], '?preview=true&updateExisting=true');
    expect(res.body.data.rows[0]).toMatchObject({ status: 'updated', params: { field: 'slug' } });
    expect(res.body.data.rows[0]!.changes).toContainEqual({ field: 'destination', from: hotel.destination.name, to: other!.name });

    const [dest] = await s.sql<{ name: string; region: string }>(
      `select d.name, r.name as region from destinations d join regions r on r.id = d.region_id where d.name = 'Dubai' and d.organization_id = (select id from organizations where name = 'Demo Travels')`,
    );
    const moved = await importRows(owner, 'destinations', [{ name: 'Dubai', region: 'Europe', country: 'United Arab Emirates' }], '?preview=true&updateExisting=true');
    expect(moved.body.data.rows[0]!.changes).toContainEqual({ field: 'region', from: dest!.region, to: 'Europe' });
  });
});
