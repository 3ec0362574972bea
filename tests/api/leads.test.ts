import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsServer } from '../../server/db/roles';
import { jobHandlers } from '../../server/registry';
import { runOneJob } from '../../server/jobs/queue';
import { PRUNE_JOB, scheduleMaintenance } from '../../server/jobs/maintenance';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { memberId } from '../support/reads';

let s: TestServer;
let owner: Agent;
let sales: Agent;
let lina: Agent;
let ops: Agent;
let finance: Agent;
let globe: Agent;
const id: Record<string, string> = {};

const count = async (table: string, where = 'true', values: unknown[] = []) => (await s.sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values))[0].n;
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
let phoneSeq = 0;
const phone = () => `+44 7700 ${String(900_000 + ++phoneSeq).slice(-6)}`;

beforeAll(async () => {
  s = await startTestServer();
  [owner, sales, lina, ops, finance, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'lina@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  id.sales = await memberId(s, 'sales@demo.travel');
  id.lina = await memberId(s, 'lina@demo.travel');
  id.ops = await memberId(s, 'ops@demo.travel');
  const places = await s.sql<{ id: string; region_id: string; name: string; org: string }>(
    `select d.id, d.region_id, d.name, o.name as org from destinations d join organizations o on o.id = d.organization_id order by d.name`,
  );
  const demoPlace = places.find((p) => p.org === 'Demo Travels')!;
  id.destination = demoPlace.id;
  id.region = demoPlace.region_id;
  id.globeDestination = places.find((p) => p.org === 'Globe Trotters')!.id;
});
afterAll(() => s.close());

describe('GET /leads', () => {
  it('answers data, meta and the count by status; ascending by the next follow-up, empty ones last', async () => {
    const res = await owner.get('/api/leads?limit=200');
    expect(res.status).toBe(200);
    const total = await count('leads l join organizations o on o.id = l.organization_id', "o.name = 'Demo Travels'");
    expect(total).toBeGreaterThanOrEqual(300);
    expect(res.body.meta).toEqual({ currentPage: 1, limit: 200, totalItems: total, totalPages: Math.ceil(total / 200) });
    expect(res.body.stats.total).toBe(total);
    expect(Object.values(res.body.stats.byStatus).reduce((a: number, b) => a + (b as number), 0)).toBe(total);
    for (const status of ['new', 'contacted', 'qualified', 'quoted', 'won', 'lost']) expect(res.body.stats.byStatus[status], status).toBeGreaterThan(0);
    const times: (string | null)[] = res.body.data.map((l: { followUp: string | null }) => l.followUp);
    const firstNull = times.indexOf(null);
    const dated = firstNull < 0 ? times : times.slice(0, firstNull);
    expect(dated).toEqual([...dated].sort());
    if (firstNull >= 0) expect(times.slice(firstNull).every((t) => t === null)).toBe(true);
    const lead = res.body.data[0];
    expect(Object.keys(lead).sort()).toEqual(
      ['_id', 'name', 'phone', 'email', 'status', 'followUp', 'assignedTo', 'comment', 'source', 'regions', 'destinations', 'queryDate', 'lostReason', 'contactId', 'createdAt', 'updatedAt'].sort(),
    );
    expect(lead.regions[0]).toEqual({ _id: expect.any(String), name: expect.any(String), slug: expect.any(String) });
  });

  it("shows a sales agent whose role says 'own' only their leads; 'all' sees everyone's", async () => {
    const mine = await sales.get('/api/leads?limit=200');
    expect(mine.body.meta.totalItems).toBe(await count('leads', 'assigned_to = $1', [id.sales]));
    expect(mine.body.data.every((l: { assignedTo: { _id: string } }) => l.assignedTo._id === id.sales)).toBe(true);
    const all = await ops.get('/api/leads?limit=1');
    expect(all.body.meta.totalItems).toBeGreaterThan(mine.body.meta.totalItems);
    const linas = await s.sql<{ id: string }>('select id from leads where assigned_to = $1 limit 1', [id.lina]);
    expect((await sales.get(`/api/leads/${linas[0].id}`)).status).toBe(404);
    expect((await sales.put(`/api/leads/${linas[0].id}/status`, { status: 'lost', reason: 'x' })).status).toBe(404);
  });

  it('filters by status, source, owner (or unassigned), regions, destinations and the enquiry day, in the query or in filter[...]', async () => {
    const check = async (query: string, where: string, values: unknown[] = []) => {
      const res = await owner.get(`/api/leads?limit=1&${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.meta.totalItems, query).toBe(await count("leads l join organizations o on o.id = l.organization_id and o.name = 'Demo Travels'", where, values));
    };
    await check('status=lost,won', "status in ('lost', 'won')");
    await check('filter[status]=qualified', "status = 'qualified'");
    await check('source=website&source=referral', "source in ('website', 'referral')");
    await check(`assignedTo=${id.lina}`, 'assigned_to = $1', [id.lina]);
    await check('assignedTo=unassigned', 'assigned_to is null');
    await check(`regions=${id.region}`, '$1 = any(regions)', [id.region]);
    await check(`destinations=${id.destination}`, '$1 = any(destinations)', [id.destination]);
    const [{ d }] = await s.sql<{ d: string }>("select to_char(min(query_date) + 20, 'YYYY-MM-DD') as d from leads");
    await check(`query[from]=${d}`, 'query_date >= $1', [d]);
    await check(`query[from]=${d}&query[to]=${d}`, 'query_date = $1', [d]);
    await check('search=khan', "l.name ilike '%khan%' or l.phone ilike '%khan%' or l.email ilike '%khan%'");
  });

  it("filters follow-ups by today (still due: never a missed one, issue 27), missed, upcoming and today-and-missed (the default type), today in the organization's time zone", async () => {
    const window = {
      missed: 'next_follow_up_at < now()',
      upcoming: 'next_follow_up_at >= now()',
      today: "next_follow_up_at >= now() and next_follow_up_at < (date_trunc('day', now() at time zone 'Asia/Dubai') at time zone 'Asia/Dubai') + interval '1 day'",
      todayAndMissed: "next_follow_up_at < (date_trunc('day', now() at time zone 'Asia/Dubai') at time zone 'Asia/Dubai') + interval '1 day'",
    };
    const demo = "leads l join organizations o on o.id = l.organization_id and o.name = 'Demo Travels'";
    for (const [type, where] of Object.entries(window)) {
      const res = await owner.get(`/api/leads?limit=1&followups[enabled]=true&followups[type]=${type}`);
      expect(res.body.meta.totalItems, type).toBe(await count(demo, where));
      expect(res.body.meta.totalItems, `${type} is not empty in the demo`).toBeGreaterThan(0);
    }
    const byDefault = await owner.get('/api/leads?limit=1&followups[enabled]=true');
    expect(byDefault.body.meta.totalItems).toBe(await count(demo, window.todayAndMissed));
    const off = await owner.get('/api/leads?limit=1&followups[enabled]=false&followups[type]=missed');
    expect(off.body.meta.totalItems).toBe(await count(demo));
    const mine = await sales.get('/api/leads?limit=200&followups[enabled]=true');
    expect(mine.body.data.every((l: { followUp: string; assignedTo: { _id: string } }) => l.assignedTo._id === id.sales && l.followUp)).toBe(true);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [q, path] of [
      ['status=pending', 'status.0'],
      ['followups[type]=yesterday', 'followups.type'],
      ['query[from]=2026-02-30', 'query.from'],
      ['regions=nope', 'regions.0'],
      ['sortBy=secret', 'sortBy'],
    ]) {
      const res = await owner.get(`/api/leads?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), q).toContain(path);
    }
  });

  it('serves the selection list with the same filters and a light row', async () => {
    const res = await owner.get('/api/leads/selection?status=quoted&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const row of res.body.data) {
      expect(Object.keys(row).sort()).toEqual(['_id', 'email', 'name', 'phone', 'status']);
      expect(row.status).toBe('quoted');
    }
  });

  it('narrows to the given ids (a picker naming the leads it holds), still only those the caller may see', async () => {
    const [mine] = await s.sql<{ id: string }>('select id from leads where assigned_to = $1 limit 1', [id.sales]);
    const [linas] = await s.sql<{ id: string }>('select id from leads where assigned_to = $1 limit 1', [id.lina]);
    const [theirs] = await s.sql<{ id: string }>("select l.id from leads l join organizations o on o.id = l.organization_id where o.name = 'Globe Trotters' limit 1");
    const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((l) => l._id).sort();
    const all = [mine.id, linas.id, ...(theirs ? [theirs.id] : [])].join(',');
    expect(ids(await owner.get(`/api/leads/selection?ids=${all}`))).toEqual([mine.id, linas.id].sort());
    expect(ids(await owner.get(`/api/leads?ids=${mine.id}`))).toEqual([mine.id]);
    expect(ids(await sales.get(`/api/leads/selection?ids=${all}`))).toEqual([mine.id]);
    const bad = await owner.get('/api/leads/selection?ids=not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toContain('ids.0');
  });
});

describe('GET /leads/members', () => {
  it('lists the active members of the organization to anyone who may view leads (owner and assignee pickers)', async () => {
    const marco = await memberId(s, 'marco@demo.travel');
    await s.sql(`update members set employment_status = 'on-leave' where id = $1`, [marco]);
    try {
      const res = await sales.get('/api/leads/members');
      expect(res.status).toBe(200);
      const byId = new Map(res.body.data.map((m: { _id: string; name: string; department: string }) => [m._id, m]));
      expect(byId.get(id.sales)).toEqual({ _id: id.sales, name: expect.any(String), department: 'sales' });
      expect(byId.get(id.ops)).toMatchObject({ department: 'operations' });
      expect(byId.has(marco), 'a member on leave is not offered').toBe(false);
      const demo = await count("members m join organizations o on o.id = m.organization_id and o.name = 'Demo Travels'", "m.employment_status = 'active' and m.is_active");
      expect(res.body.data).toHaveLength(demo);
      // The sales agent may not list members in general, only these.
      expect((await sales.get('/api/members')).status).toBe(403);
      expect((await finance.get('/api/leads/members')).status).toBe(403);
      const globes = await globe.get('/api/leads/members');
      expect(globes.body.data.some((m: { _id: string }) => byId.has(m._id))).toBe(false);
    } finally {
      await s.sql(`update members set employment_status = 'active' where id = $1`, [marco]);
    }
  });
});

describe("a sales agent whose role says 'own'", () => {
  it('cannot read or change a colleague’s lead through any of its calls (404, nothing written)', async () => {
    const lead = (await lina.post('/api/leads', { name: 'Lina Only', phone: phone(), query: { adults: 2, notes: 'Maldives' }, followUp: inHours(3) })).body.data;
    const detail = (await lina.get(`/api/leads/${lead._id}`)).body.data;
    const queryId = detail.queries[0]._id;
    const followUpId = detail.followUps[0]._id;
    const tables = ['leads', 'lead_queries', 'lead_query_comments', 'follow_ups', 'lead_events', 'notifications', 'jobs'];
    const before = await Promise.all(tables.map((t) => count(t)));
    const calls: [string, () => Promise<{ status: number }>][] = [
      ['GET /leads/{id}', () => sales.get(`/api/leads/${lead._id}`)],
      ['PUT /leads/details/{id}', () => sales.put(`/api/leads/details/${lead._id}`, { name: 'Taken' })],
      ['PUT /leads/{id}/status', () => sales.put(`/api/leads/${lead._id}/status`, { status: 'contacted' })],
      ['PUT /leads/{id}/owner', () => sales.put(`/api/leads/${lead._id}/owner`, { assignedTo: id.sales })],
      ['POST /leads/{id}/query', () => sales.post(`/api/leads/${lead._id}/query`, { adults: 1 })],
      ['PUT /leads/{id}/query', () => sales.put(`/api/leads/${lead._id}/query`, { queryId, adults: 3 })],
      ['POST /leads/{id}/query/{queryId}/comment', () => sales.post(`/api/leads/${lead._id}/query/${queryId}/comment`, { text: 'Mine now' })],
      ['POST /leads/{id}/followup', () => sales.post(`/api/leads/${lead._id}/followup`, { dueAt: inHours(5) })],
      ['POST /leads/{id}/followup/response', () => sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId, outcome: 'reached' })],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    expect(await Promise.all(tables.map((t) => count(t)))).toEqual(before);
    // The owner role (visibility 'all') may.
    expect((await owner.get(`/api/leads/${lead._id}`)).status).toBe(200);
  });
});

describe('POST /leads and PUT /leads/details/{id}', () => {
  it('creates a lead owned by the sales member who made it, with its contact, first query, follow-up and timeline', async () => {
    const p = phone();
    const res = await sales.post('/api/leads', {
      name: 'Zainab Idris',
      phone: p,
      email: 'Zainab@Example.com',
      source: 'referral',
      comment: 'Family of four, Eid holidays',
      regions: [id.region],
      destinations: [id.destination],
      followUp: inHours(2),
      query: { travelFrom: '2027-03-20', travelTo: '2027-03-27', adults: 2, children: 2, budget: 800000, destinations: [id.destination] },
    });
    expect(res.status).toBe(201);
    const lead = res.body.data;
    expect(lead).toMatchObject({ name: 'Zainab Idris', phone: p, email: 'zainab@example.com', status: 'new', source: 'referral', assignedTo: { _id: id.sales, name: 'Samir Sales' } });
    expect(lead.regions.map((r: { _id: string }) => r._id)).toEqual([id.region]);
    expect(lead.queries).toHaveLength(1);
    expect(lead.queries[0]).toMatchObject({ travelFrom: '2027-03-20', adults: 2, children: 2, budget: 800000 });
    expect(lead.followUps).toHaveLength(1);
    expect(lead.followUp).toBe(lead.followUps[0].dueAt);
    expect(lead.activity.map((a: { type: string }) => a.type).sort()).toEqual(['created', 'followUp', 'query']);
    expect(lead.activity[0].actor).toEqual({ _id: id.sales, name: 'Samir Sales' });
    const [contact] = await s.sql<{ phone_key: string; email_key: string }>('select phone_key, email_key from contacts where id = $1', [lead.contactId]);
    expect(contact).toEqual({ phone_key: p.replace(/\D/g, ''), email_key: 'zainab@example.com' });
    expect(await count('jobs', "kind = 'follow-up-due' and payload->>'followUpId' = $1", [lead.followUps[0]._id])).toBe(1);
    id.zainab = lead._id;
  });

  it('links a second lead of the same person to the same contact (phone written differently)', async () => {
    const first = await owner.post('/api/leads', { name: 'Repeat Customer', phone: '+971 50 123 4567' });
    const second = await owner.post('/api/leads', { name: 'Repeat Customer', phone: '+971-50-1234567', email: 'repeat@example.com' });
    expect(second.body.data.contactId).toBe(first.body.data.contactId);
    expect(first.body.data.assignedTo).toBeNull(); // the owner is not in sales
    const contacts = await owner.get(`/api/contacts?search=Repeat Customer`);
    expect(contacts.body.data).toHaveLength(1);
    expect(contacts.body.data[0]).toMatchObject({ leadCount: 2, email: 'repeat@example.com' });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = [await count('leads'), await count('contacts'), await count('follow_ups'), await count('lead_events')];
    const cases: [unknown, string][] = [
      [{ name: 'No way to reach' }, 'phone'],
      [{ name: '', phone: phone() }, 'name'],
      [{ name: 'X', phone: 'call me' }, 'phone'],
      [{ name: 'X', email: 'not-an-email' }, 'email'],
      [{ name: 'X', phone: phone(), source: 'tiktok' }, 'source'],
      [{ name: 'X', phone: phone(), regions: [id.globeDestination] }, 'regions'],
      [{ name: 'X', phone: phone(), destinations: [id.globeDestination] }, 'destinations'],
      [{ name: 'X', phone: phone(), assignedTo: id.ops }, 'assignedTo'],
      [{ name: 'X', phone: phone(), followUp: '2020-01-01T09:00:00Z' }, 'followUp'],
      [{ name: 'X', phone: phone(), followUp: 'tomorrow' }, 'followUp'],
      [{ name: 'X', phone: phone(), query: { travelFrom: '2027-05-10', travelTo: '2027-05-01' } }, 'query.travelTo'],
      [{ name: 'X', phone: phone(), query: { budget: -5 } }, 'query.budget'],
      [{ name: 'X', phone: phone(), status: 'won' }, 'status'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.post('/api/leads', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(path);
    }
    expect([await count('leads'), await count('contacts'), await count('follow_ups'), await count('lead_events')]).toEqual(before);
  });

  it('edits contact details and records it in the timeline; status and owner are not details', async () => {
    const res = await sales.put(`/api/leads/details/${id.zainab}`, { comment: 'Prefers a villa', destinations: [] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ comment: 'Prefers a villa', destinations: [] });
    expect(res.body.data.activity[0]).toMatchObject({ type: 'details', data: { fields: ['comment', 'destinations'] } });
    expect((await sales.put(`/api/leads/details/${id.zainab}`, { status: 'won' })).status).toBe(400);
    expect((await sales.put(`/api/leads/details/${id.zainab}`, { phone: null, email: null })).body.issues[0].path).toBe('phone');
    expect((await sales.put(`/api/leads/details/${id.zainab}`, {})).status).toBe(400);
  });

  it("refuses an enquiry day after today on the organization's clocks, on create, edit and import (400 on queryDate); today is fine", async () => {
    const [{ today, tomorrow }] = await s.sql<{ today: string; tomorrow: string }>(
      `select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today, to_char(now() at time zone time_zone + interval '1 day', 'YYYY-MM-DD') as tomorrow from organizations where name = 'Demo Travels'`,
    );
    const before = [await count('leads'), await count('contacts'), await count('lead_events')];
    const created = await owner.post('/api/leads', { name: 'Tomorrow’s enquiry', phone: phone(), queryDate: tomorrow });
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'queryDate', code: 'inFuture', params: {}, message: 'must not be in the future' }]);
    const edited = await sales.put(`/api/leads/details/${id.zainab}`, { queryDate: tomorrow, comment: 'not saved' });
    expect(edited.status).toBe(400);
    expect(edited.body.issues).toEqual([{ path: 'queryDate', code: 'inFuture', params: {}, message: 'must not be in the future' }]);
    const imported = await owner.post('/api/leads/import', { rows: [{ name: 'Import from the future', phone: phone(), queryDate: tomorrow }] });
    expect(imported.body.data.rows[0]).toMatchObject({ status: 'rejected', reason: 'queryDate must not be in the future', issues: [{ path: 'queryDate', code: 'inFuture', params: {} }] });
    expect([await count('leads'), await count('contacts'), await count('lead_events')]).toEqual(before);
    expect((await s.sql<{ comment: string | null }>('select comment from leads where id = $1', [id.zainab]))[0].comment).not.toBe('not saved');

    const fine = await owner.post('/api/leads', { name: 'Today’s enquiry', phone: phone(), queryDate: today });
    expect(fine.status).toBe(201);
    expect(fine.body.data.queryDate).toBe(today);
  });

  it('needs leads permissions: operations may read, not create; finance may not read', async () => {
    expect((await ops.get(`/api/leads/${id.zainab}`)).status).toBe(200);
    expect((await ops.post('/api/leads', { name: 'X', phone: phone() })).status).toBe(403);
    expect((await finance.get('/api/leads')).status).toBe(403);
    expect((await finance.post('/api/leads', { name: 'X', phone: phone() })).status).toBe(403);
    expect((await globe.get(`/api/leads/${id.zainab}`)).status).toBe(404);
  });
});

describe('status, owner, queries and follow-ups', () => {
  it('moves a lead through the machine; lost needs a reason (400 on reason) and closes its follow-ups; reopened goes back to contacted', async () => {
    const lead = id.zainab;
    expect((await sales.put(`/api/leads/${lead}/status`, { status: 'contacted' })).body.data.status).toBe('contacted');
    expect((await sales.put(`/api/leads/${lead}/status`, { status: 'qualified' })).body.data.status).toBe('qualified');
    const noReason = await sales.put(`/api/leads/${lead}/status`, { status: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: 'reason', code: 'required', params: { rule: 'lost' }, message: 'is required to mark a lead lost' }]);
    expect((await sales.put(`/api/leads/${lead}/status`, { status: 'lost', reason: '  ' })).status).toBe(400);
    const lost = await sales.put(`/api/leads/${lead}/status`, { status: 'lost', reason: 'Went with a cheaper operator' });
    expect(lost.body.data).toMatchObject({ status: 'lost', lostReason: 'Went with a cheaper operator', followUp: null });
    expect(lost.body.data.activity[0]).toMatchObject({ type: 'status', data: { from: 'qualified', to: 'lost', reason: 'Went with a cheaper operator' } });
    const closed = await sales.post(`/api/leads/${lead}/followup`, { dueAt: inHours(3) });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('A lost lead cannot get a follow-up; reopen it first');
    // Its open follow-up waits with it: no response until it is reopened (409), and nothing is written.
    const waiting = lost.body.data.followUps.find((f: { response: unknown }) => !f.response);
    expect(waiting).toBeDefined();
    const answered = await sales.post(`/api/leads/${lead}/followup/response`, { followUpId: waiting._id, outcome: 'no-answer' });
    expect(answered.status).toBe(409);
    expect(answered.body).toMatchObject({ code: 'LEAD_CLOSED', message: 'A lost lead cannot get a follow-up response; reopen it first' });
    expect((await s.sql<{ outcome: string | null }>('select outcome from follow_ups where id = $1', [waiting._id]))[0].outcome).toBeNull();
    const reopened = await sales.put(`/api/leads/${lead}/status`, { status: 'reopened' });
    expect(reopened.body.data).toMatchObject({ status: 'contacted', lostReason: null });
    expect(reopened.body.data.followUp).toBe(reopened.body.data.followUps[0].dueAt);
  });

  it('changes the owner to an active sales member only, notifies them, and moves the open follow-ups', async () => {
    const notes = () => count('notifications', "member_id = $1 and type = 'lead-assigned'", [id.lina]);
    const before = await notes();
    const bad = await sales.put(`/api/leads/${id.zainab}/owner`, { assignedTo: id.ops });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'assignedTo', code: 'notSalesMember', params: {}, message: 'must be an active member of the sales department' }]);
    const res = await sales.put(`/api/leads/${id.zainab}/owner`, { assignedTo: id.lina });
    expect(res.status).toBe(200);
    expect(res.body.data.assignedTo).toEqual({ _id: id.lina, name: 'Lina Haddad' });
    expect(res.body.data.followUps.filter((f: { response: unknown }) => !f.response).every((f: { assignee: { _id: string } }) => f.assignee._id === id.lina)).toBe(true);
    expect(res.body.data.activity[0]).toMatchObject({ type: 'owner', data: { from: 'Samir Sales', to: 'Lina Haddad' }, actor: { name: 'Samir Sales' } });
    expect(await notes()).toBe(before + 1);
    // Samir's role sees only his own leads: the lead is gone from his view now.
    expect((await sales.get(`/api/leads/${id.zainab}`)).status).toBe(404);
    expect((await lina.get(`/api/leads/${id.zainab}`)).status).toBe(200);
    const inactive = await owner.put(`/api/members/memberId/${id.lina}`, { employmentStatus: 'on-leave' });
    expect(inactive.status).toBe(200);
    expect((await owner.put(`/api/leads/${id.zainab}/owner`, { assignedTo: id.sales })).status).toBe(200);
    expect((await owner.put(`/api/leads/${id.zainab}/owner`, { assignedTo: id.lina })).status).toBe(400);
    expect((await owner.put(`/api/members/memberId/${id.lina}`, { employmentStatus: 'active' })).status).toBe(200);
    expect((await owner.put(`/api/leads/${id.zainab}/owner`, { assignedTo: id.lina })).status).toBe(200);
  });

  it('adds and edits queries and comments on them', async () => {
    const sales = lina; // the lead is Lina's now
    const added = await sales.post(`/api/leads/${id.zainab}/query`, { travelFrom: '2027-06-01', travelTo: '2027-06-08', adults: 2, regions: [id.region], notes: 'Summer option' });
    expect(added.status).toBe(201);
    const query = added.body.data.queries.at(-1);
    expect(query).toMatchObject({ adults: 2, children: 0, infants: 0, notes: 'Summer option', regions: [{ _id: id.region }] });
    const edited = await sales.put(`/api/leads/${id.zainab}/query`, { queryId: query._id, travelTo: '2027-06-10', budget: 450000 });
    expect(edited.body.data.queries.at(-1)).toMatchObject({ travelTo: '2027-06-10', budget: 450000, notes: 'Summer option' });
    const backwards = await sales.put(`/api/leads/${id.zainab}/query`, { queryId: query._id, travelTo: '2027-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.issues[0].path).toBe('travelTo');
    const comment = await sales.post(`/api/leads/${id.zainab}/query/${query._id}/comment`, { text: 'Sent two hotel options' });
    expect(comment.status).toBe(201);
    expect(comment.body.data.queries.at(-1).comments).toEqual([{ _id: expect.any(String), text: 'Sent two hotel options', author: { _id: id.lina, name: 'Lina Haddad' }, createdAt: expect.any(String) }]);
    const other = await sales.post('/api/leads', { name: 'Other lead', phone: phone() });
    expect((await sales.post(`/api/leads/${other.body.data._id}/query/${query._id}/comment`, { text: 'wrong lead' })).status).toBe(404);
    expect((await sales.put(`/api/leads/${other.body.data._id}/query`, { queryId: query._id, notes: 'x' })).status).toBe(404);
    // A closed lead's enquiries stay as they were (409); a comment may still be added.
    const closed = (await sales.post('/api/leads', { name: 'Closed enquiry', phone: phone(), query: { adults: 2 } })).body.data;
    const closedQuery = (await sales.get(`/api/leads/${closed._id}`)).body.data.queries[0]._id;
    expect((await sales.put(`/api/leads/${closed._id}/status`, { status: 'lost', reason: 'Went elsewhere' })).status).toBe(200);
    const refused = await sales.put(`/api/leads/${closed._id}/query`, { queryId: closedQuery, adults: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LEAD_CLOSED');
    expect((await sales.post(`/api/leads/${closed._id}/query/${closedQuery}/comment`, { text: 'Booked with a competitor' })).status).toBe(201);
  });

  it('records a follow-up response: reached moves a new lead to contacted, rescheduled needs the next one, a second response is 409', async () => {
    const created = await sales.post('/api/leads', { name: 'Morning Call', phone: phone(), followUp: inHours(1) });
    const lead = created.body.data;
    const first = lead.followUps[0]._id;
    const missingNext = await sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId: first, outcome: 'rescheduled' });
    expect(missingNext.status).toBe(400);
    expect(missingNext.body.issues[0].path).toBe('nextFollowUp');
    const res = await sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId: first, outcome: 'reached', note: 'Wants options by Friday', nextFollowUp: { dueAt: inHours(48), note: 'Send options' } });
    expect(res.status).toBe(200);
    const after = res.body.data;
    expect(after.status).toBe('contacted');
    expect(after.followUps).toHaveLength(2);
    const [open, done] = after.followUps;
    expect(open).toMatchObject({ note: 'Send options', response: null, assignee: { _id: id.sales } });
    expect(done.response).toMatchObject({ outcome: 'reached', note: 'Wants options by Friday', respondedBy: { _id: id.sales } });
    expect(after.followUp).toBe(open.dueAt);
    expect(after.activity.map((a: { type: string }) => a.type).slice(0, 3)).toEqual(['followUp', 'status', 'response']);
    const again = await sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId: first, outcome: 'no-answer' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This follow-up already has a response');
    const past = await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: '2021-01-01T10:00:00+04:00' });
    expect(past.body.issues).toEqual([{ path: 'dueAt', code: 'inPast', params: {}, message: 'must not be in the past' }]);
    const notMember = await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: inHours(5), assignee: '00000000-0000-4000-8000-000000000000' });
    expect(notMember.body.issues).toEqual([{ path: 'assignee', code: 'notActiveMember', params: {}, message: 'must be an active member' }]);
  });
});

describe('follow-up reminders through the job queue', () => {
  it('notifies the assignee once when a follow-up falls due, even with two workers on the database', async () => {
    const lead = (await sales.post('/api/leads', { name: 'Due Soon', phone: phone() })).body.data;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: new Date(Date.now() - 60_000).toISOString(), note: `Call ${i}` });
      ids.push(res.body.data.followUps.find((f: { note: string }) => f.note === `Call ${i}`)._id);
    }
    // One answered before it fell due: no reminder for it.
    await sales.post(`/api/leads/${lead._id}/followup/response`, { followUpId: ids[5], outcome: 'no-answer' });
    const reminders = () => count('notifications', "member_id = $1 and type = 'follow-up-due' and title = 'Follow-up due: Due Soon'", [id.sales]);
    expect(await reminders()).toBe(0);
    // Two "servers": separate pools on the same database, draining the queue at the same time.
    const workers = [connectAsServer(s.appDatabaseUrl, 4), connectAsServer(s.appDatabaseUrl, 4)];
    try {
      const drain = async (w: (typeof workers)[number]) => {
        while (await runOneJob(w, jobHandlers));
      };
      await Promise.all([drain(workers[0]), drain(workers[1]), drain(workers[0]), drain(workers[1])]);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
    expect(await reminders()).toBe(5);
    expect(await count('follow_ups', 'lead_id = $1 and notified_at is not null', [lead._id])).toBe(5);
    expect(await count('jobs', "payload->>'followUpId' = any($1) and done_at is not null and attempts = 1", [ids])).toBe(6);
    const bell = await sales.get('/api/notifications/unread?limit=200');
    const due = bell.body.data.filter((n: { title: string; link: string }) => n.title === 'Follow-up due: Due Soon' && n.link === `/work-queue?record=${lead._id}&kind=followUpDue`);
    expect(due).toHaveLength(5);
    // The key and values each reader's language words it from.
    for (const n of due) expect(n.message).toEqual({ key: 'followUpDue', params: { lead: 'Due Soon' } });
  });
});

describe('housekeeping job', () => {
  it('prunes day-old throttling and rate-limit rows hourly, through one re-armed job', async () => {
    await s.sql(`insert into login_throttle (key, failures, last_failure_at) values ('old', 3, now() - interval '2 days'), ('fresh', 1, now())`);
    await s.sql(`insert into rate_limits (key, window_start, count) values ('old', now() - interval '2 days', 5), ('fresh', now(), 1)`);
    await scheduleMaintenance(s.database.db);
    await scheduleMaintenance(s.database.db); // a second server starting: still one job
    expect(await count('jobs', 'key = $1', [PRUNE_JOB])).toBe(1);
    while (await runOneJob(s.database, jobHandlers));
    expect((await s.sql<{ key: string }>(`select key from login_throttle where key in ('old', 'fresh')`)).map((r) => r.key)).toEqual(['fresh']);
    expect((await s.sql<{ key: string }>(`select key from rate_limits where key in ('old', 'fresh')`)).map((r) => r.key)).toEqual(['fresh']);
    const [job] = await s.sql<{ done_at: Date | null; due_in: number }>(`select done_at, extract(epoch from run_at - now())::int as due_in from jobs where key = $1`, [PRUNE_JOB]);
    expect(job.done_at).toBeNull();
    expect(job.due_in).toBeGreaterThan(3500);
  });
});

describe('POST /leads/import', () => {
  it('creates good rows and reports bad ones and duplicates by phone or email, row by row', async () => {
    const [existing] = await s.sql<{ phone: string; email: string }>("select phone, email from leads where phone is not null and email is not null and organization_id = (select id from organizations where name = 'Demo Travels') limit 1");
    const before = await count('leads');
    const res = await owner.post('/api/leads/import', {
      rows: [
        { name: 'Import One', phone: '+1 555 0100', destinations: [id.destination], assignedTo: 'lina@demo.travel' },
        { name: 'Import Two', email: 'two@import.example', source: 'partner', regions: 'Middle East' },
        { name: 'Dup Phone', phone: existing.phone },
        { name: 'Dup Email', email: existing.email.toUpperCase() },
        { name: 'Dup In File', phone: '+1-555-0100' },
        { name: 'Nowhere', phone: '+1 555 0101', destinations: ['Atlantis of the Deep'] },
        { name: 'Wrong owner', phone: '+1 555 0102', assignedTo: 'ops@demo.travel' },
        { name: 'Unreachable' },
        { name: 'Bad email', email: 'nope' },
      ],
    });
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report.summary).toEqual({ total: 9, created: 2, updated: 0, skipped: 3, rejected: 4 });
    const byRow = Object.fromEntries(report.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[1]).toMatchObject({ status: 'created', name: 'Import One' });
    expect(byRow[3]).toMatchObject({ status: 'skipped', code: 'DUPLICATE', name: 'Dup Phone' });
    expect(byRow[3].reason).toMatch(/^duplicate: a lead with the phone number/);
    expect(byRow[4]).toMatchObject({ status: 'skipped', code: 'DUPLICATE' });
    expect(byRow[4].reason).toMatch(/^duplicate: a lead with the email/);
    expect(byRow[5]).toMatchObject({ status: 'skipped', code: 'DUPLICATE_ROW', params: { row: 1, field: 'phone' }, reason: 'same phone as row 1' });
    expect(byRow[6]).toMatchObject({ status: 'rejected', name: 'Nowhere', reason: 'destinations "Atlantis of the Deep" is not a known destination' });
    expect(byRow[7]).toMatchObject({ status: 'rejected', reason: 'assignedTo ops@demo.travel is not an active member of the sales department' });
    expect(byRow[8].issues[0].path).toBe('phone');
    expect(byRow[9].issues[0].path).toBe('email');
    expect(await count('leads')).toBe(before + 2);
    const one = (await owner.get(`/api/leads/${byRow[1]._id}`)).body.data;
    expect(one).toMatchObject({ source: 'import', assignedTo: { _id: id.lina }, destinations: [{ _id: id.destination }] });
    expect(one.activity[0]).toMatchObject({ type: 'imported', actor: { name: 'Olivia Owner' } });
    const two = (await owner.get(`/api/leads/${byRow[2]._id}`)).body.data;
    expect(two.regions.map((r: { name: string }) => r.name)).toEqual(['Middle East']);
  });

  it('reads CSV with lists in a cell', async () => {
    const csv = 'Full name,Mobile,Email,Destinations,Owner\nCsv Person,+1 555 0200,csv@import.example,' + `"${id.destination}"` + ',sales@demo.travel\n';
    const res = await owner.request('POST', '/api/leads/import', csv, { 'Content-Type': 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toMatchObject({ created: 1, rejected: 0 });
    expect((await owner.post('/api/leads/import', { rows: [] })).status).toBe(400);
  });
});

describe('POST /public/leads (website lead capture)', () => {
  let secret: string;
  const capture = (body: unknown, headers: Record<string, string> = {}) =>
    s.agent().request('POST', '/api/public/leads', body, { 'X-Requested-With': '', Origin: 'https://www.demo-travels.example', 'X-Forwarded-For': '203.0.113.7', ...headers });

  beforeAll(async () => {
    secret = (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret;
  });

  it('takes a lead from another site with the secret: source website, no owner, with the enquiry', async () => {
    const before = await count('leads');
    const res = await capture(
      { name: 'Web Visitor', email: 'visitor@web.example', message: 'Two weeks in March', travelFrom: '2027-03-01', travelTo: '2027-03-14', adults: 2, destinations: ['Dubai', 'Narnia'] },
      { 'X-Lead-Secret': secret },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(Object.keys(res.body.data).sort()).toEqual(['_id', 'received']);
    const lead = (await owner.get(`/api/leads/${res.body.data._id}`)).body.data;
    expect(lead).toMatchObject({ name: 'Web Visitor', source: 'website', status: 'new', assignedTo: null });
    expect(lead.destinations.map((d: { name: string }) => d.name)).toEqual(['Dubai']);
    expect(lead.queries[0]).toMatchObject({ travelFrom: '2027-03-01', adults: 2 });
    expect(lead.queries[0].notes).toBe('Two weeks in March\nDestinations asked for: Narnia');
    expect(lead.activity.map((a: { type: string; actor: unknown }) => [a.type, a.actor])).toEqual([['query', null], ['captured', null]]);
    expect(await count('leads')).toBe(before + 1);
  });

  it('answers the same whoever exists, and changes nothing that exists: a known visitor is a new lead of the same contact', async () => {
    // A customer known by phone only, with an open lead Samir owns.
    const known = phone();
    const existing = (await owner.post('/api/leads', { name: 'Known Customer', phone: known, assignedTo: id.sales, query: { adults: 2 } })).body.data;
    const snapshot = () =>
      s.sql(`select c.name, c.phone, c.email, c.email_key, c.updated_at, l.name as lead, l.status, l.updated_at as lead_updated,
               (select count(*) from lead_queries q where q.lead_id = l.id) as queries, (select count(*) from lead_events e where e.lead_id = l.id) as events
             from contacts c join leads l on l.contact_id = c.id where l.id = $1`, [existing._id]);
    const before = await snapshot();
    const notes = () => count('notifications', "member_id = $1 and type = 'lead-assigned'", [id.sales]);
    const notesBefore = await notes();
    const answers = [
      await capture({ name: 'Brand New', phone: phone(), email: 'brand.new@web.example', message: 'Hello' }, { 'X-Lead-Secret': secret }),
      // The known phone with an email the contact does not have: it must not be written onto it.
      await capture({ name: 'Someone Else', phone: known, email: 'claims.this@web.example', message: 'Hello' }, { 'X-Lead-Secret': secret }),
      // The email of a lead that exists (the first test's visitor).
      await capture({ name: 'Web Visitor', email: 'VISITOR@web.example', message: 'Hello' }, { 'X-Lead-Secret': secret }),
    ];
    const shape = (a: (typeof answers)[number]) => ({ status: a.status, keys: Object.keys(a.body.data).sort(), received: a.body.data.received, headers: [...a.headers.keys()].sort() });
    expect(answers.map(shape)).toEqual(answers.map(() => shape(answers[0])));
    expect(answers[0].status).toBe(201);
    const ids = answers.map((a) => a.body.data._id);
    expect(new Set([...ids, existing._id]).size).toBe(4);
    expect(await snapshot()).toEqual(before);
    // The new lead joins the person's contact; its owner-to-be hears of it, to merge.
    const second = (await owner.get(`/api/leads/${ids[1]}`)).body.data;
    expect(second).toMatchObject({ contactId: existing.contactId, email: 'claims.this@web.example', source: 'website' });
    expect(await notes()).toBe(notesBefore + 1);
    const [note] = await s.sql<{ title: string; link: string }>("select title, link from notifications where member_id = $1 and type = 'lead-assigned' order by created_at desc limit 1", [id.sales]);
    expect(note).toEqual({ title: 'New website enquiry from Someone Else, who has your lead Known Customer', link: `/leads/${ids[1]}` });
  });

  it('answers the browser preflight', async () => {
    const res = await fetch(`${s.url}/api/public/leads`, { method: 'OPTIONS', headers: { Origin: 'https://www.demo-travels.example', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Lead-Secret');
  });

  it('refuses a missing, wrong or regenerated-away secret with 401, and bad input with 400; writes nothing', async () => {
    const before = await count('leads');
    expect((await capture({ name: 'A', phone: phone() })).status).toBe(401);
    expect((await capture({ name: 'A', phone: phone() }, { 'X-Lead-Secret': 'ts_guess' })).body).toEqual({ code: 'INVALID_SECRET', message: 'The lead-capture secret is missing or wrong' });
    const bad = await capture({ name: 'A' }, { 'X-Lead-Secret': secret });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('phone');
    // Who is calling comes before what they sent: bad input without the secret is still 401.
    expect((await capture({ name: 'A' })).status).toBe(401);
    expect((await capture({ name: 42, surprise: true }, { 'X-Lead-Secret': 'ts_guess' })).status).toBe(401);
    const fresh = (await owner.put('/api/members/organization/regenerate/secret', {})).body.data.secret;
    expect((await capture({ name: 'A', phone: phone() }, { 'X-Lead-Secret': secret })).status).toBe(401);
    secret = fresh;
    expect(await count('leads')).toBe(before);
  });

  it('takes no lead into a cancelled organization (403), and an expired one’s for 30 days after its period ended (issue 26)', async () => {
    const demo = "organization_id = (select id from organizations where name = 'Demo Travels')";
    const [kept] = await s.sql<{ status: string; period_end: string }>(`select status, period_end from subscriptions where ${demo}`);
    const daysAgo = (n: number) => s.sql(`update subscriptions set status = 'expired', period_end = (clock_now() at time zone 'Asia/Dubai')::date - ${n} where ${demo}`);
    const from = { 'X-Lead-Secret': secret, 'X-Forwarded-For': '198.51.100.26' };
    try {
      await daysAgo(30);
      expect((await capture({ name: 'In the grace period', phone: phone() }, from)).status).toBe(201);
      const before = await count('leads');
      await daysAgo(31);
      const late = await capture({ name: 'After the grace period', phone: phone() }, from);
      expect(late.status).toBe(403);
      expect(late.body.code).toBe('SUBSCRIPTION_READ_ONLY');
      await s.sql(`update subscriptions set status = 'cancelled', period_end = (clock_now() at time zone 'Asia/Dubai')::date + 100 where ${demo}`);
      const cancelled = await capture({ name: 'Into a cancelled organization', phone: phone(), email: 'cancelled@web.example' }, from);
      expect(cancelled.status).toBe(403);
      expect(cancelled.body.code).toBe('SUBSCRIPTION_CANCELLED');
      expect(await count('leads')).toBe(before);
      expect(await s.sql(`select 1 from contacts where email = 'cancelled@web.example'`)).toEqual([]);
    } finally {
      await s.sql(`update subscriptions set status = $1, period_end = $2 where ${demo}`, [kept.status, kept.period_end]);
    }
  });

  it('limits requests per address (429 with Retry-After), before looking at the secret', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.99', 'X-Lead-Secret': 'wrong' };
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await capture(i % 2 ? { name: 'Flood', phone: phone() } : { bad: 'input' }, from)).status);
    expect(answers.every((st) => st === 401)).toBe(true);
    const limited = await capture({ name: 'Flood', phone: phone() }, { ...from, 'X-Lead-Secret': secret });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await capture({ name: 'Someone else', phone: phone() }, { 'X-Forwarded-For': '198.51.100.100', 'X-Lead-Secret': secret })).status).toBe(201);
  });
});

describe('contacts and contact groups', () => {
  it('lists contacts once per person with their leads, filtered by regions, destinations and enquiry day', async () => {
    const demoContacts = "contacts c join organizations o on o.id = c.organization_id and o.name = 'Demo Travels'";
    const all = await ops.get('/api/contacts?limit=1');
    expect(all.body.meta.totalItems).toBe(await count(demoContacts));
    const byDest = await ops.get(`/api/contacts?limit=200&destinations=${id.destination}`);
    expect(byDest.body.meta.totalItems).toBe(await count(demoContacts, 'exists (select 1 from leads l where l.contact_id = c.id and $1 = any(l.destinations))', [id.destination]));
    expect(byDest.body.data.every((c: { destinations: { _id: string }[] }) => c.destinations.some((d) => d._id === id.destination))).toBe(true);
    const byRegion = await ops.get(`/api/contacts?limit=1&filter[regions]=${id.region}`);
    expect(byRegion.body.meta.totalItems).toBe(await count(demoContacts, 'exists (select 1 from leads l where l.contact_id = c.id and $1 = any(l.regions))', [id.region]));
    const [{ d }] = await s.sql<{ d: string }>("select to_char(max(query_date) - 3, 'YYYY-MM-DD') as d from leads");
    const recent = await ops.get(`/api/contacts?limit=1&query[from]=${d}`);
    expect(recent.body.meta.totalItems).toBe(await count(demoContacts, 'exists (select 1 from leads l where l.contact_id = c.id and l.query_date >= $1)', [d]));
    expect((await globe.get('/api/contacts?limit=200')).body.data.every((c: { email: string | null }) => !c.email?.endsWith('@import.example'))).toBe(true);
  });

  it('creates, reads, updates, searches and deletes groups with the seed messages', async () => {
    const people = (await owner.get('/api/contacts?limit=3')).body.data.map((c: { _id: string }) => c._id);
    const created = await owner.post('/api/contacts/groups', { name: 'Honeymooners', description: 'Couples', contactIds: [people[0], people[1], people[0]] });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Contact group created');
    expect(created.body.data).toMatchObject({ name: 'Honeymooners', contactCount: 2 });
    const gid = created.body.data._id;
    expect((await owner.post('/api/contacts/groups', { name: 'honeymooners' })).status).toBe(409);
    const updated = await owner.put(`/api/contacts/groups/${gid}`, { contactIds: [people[2]] });
    expect(updated.body).toMatchObject({ message: 'Contact group updated', data: { contactIds: [people[2]], contactCount: 1, description: 'Couples' } });
    const members = await owner.get(`/api/contacts?group=${gid}`);
    expect(members.body.data.map((c: { _id: string }) => c._id)).toEqual([people[2]]);
    const search = await owner.get('/api/contacts/groups?search=honey');
    expect(search.body.data.map((g: { name: string }) => g.name)).toEqual(['Honeymooners']);
    expect(search.body.meta).toMatchObject({ totalItems: 1, currentPage: 1 });
    const globeContact = (await globe.get('/api/contacts?limit=1')).body.data[0]._id;
    const foreign = await owner.put(`/api/contacts/groups/${gid}`, { contactIds: [globeContact] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'contactIds', code: 'unknownReference', params: { kind: 'contact' }, message: 'names a contact that does not exist' }]);
    expect((await owner.get(`/api/contacts/groups/${gid}`)).body.data.contactIds).toEqual([people[2]]);
    const deleted = await owner.delete(`/api/contacts/groups/${gid}`);
    expect(deleted.body.message).toBe('Contact group deleted');
    expect((await owner.get(`/api/contacts/groups/${gid}`)).status).toBe(404);
    expect(await count('contacts', 'id = $1', [people[2]])).toBe(1);
  });

  it('refuses bad filters and bad group input with 400 naming the field, and writes nothing', async () => {
    for (const [q, path] of [
      ['regions=nope', 'regions.0'],
      ['query[from]=2026-02-30', 'query.from'],
      ['group=42', 'group'],
      ['limit=5000', 'limit'],
    ]) {
      const res = await owner.get(`/api/contacts?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), q).toContain(path);
    }
    const before = [await count('contact_groups'), await count('contact_group_members')];
    for (const [body, path] of [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'Ok', surprise: true }, 'surprise'],
      [{ name: 'Ok', contactIds: ['not-an-id'] }, 'contactIds.0'],
      [{ name: 'x'.repeat(500) }, 'name'],
    ] as const) {
      const res = await owner.post('/api/contacts/groups', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(path);
    }
    const gid = (await owner.post('/api/contacts/groups', { name: 'Bad input target' })).body.data._id;
    const empty = await owner.put(`/api/contacts/groups/${gid}`, {});
    expect(empty.status).toBe(400);
    expect((await owner.put(`/api/contacts/groups/${gid}`, { name: '' })).body.issues[0].path).toBe('name');
    await owner.delete(`/api/contacts/groups/${gid}`);
    expect([await count('contact_groups'), await count('contact_group_members')]).toEqual(before);
  });
});

describe("contacts and duplicates follow lead visibility ('own')", () => {
  const secretOf = (tag: string) => ({ name: `Lina Private ${tag}`, phone: phone(), email: `lina.private.${tag}@example.com` });
  /** Every contact Samir's list holds, all pages. */
  const salesContacts = async (query = '') => {
    const res = await sales.get(`/api/contacts?limit=200${query}`);
    expect(res.status).toBe(200);
    return res.body as { data: { _id: string; name: string; phone: string | null; email: string | null; leadCount: number; regions: { _id: string }[] }[]; meta: { totalItems: number } };
  };

  it("lists and searches only contacts of leads he may see, as his leads describe them", async () => {
    const hidden = secretOf('a');
    const lina1 = (await lina.post('/api/leads', { ...hidden, regions: [id.region], destinations: [id.destination], comment: 'lina-only' })).body.data;
    const own = await salesContacts();
    const [{ n }] = await s.sql<{ n: number }>('select count(distinct contact_id)::int as n from leads where assigned_to = $1', [id.sales]);
    expect(own.meta.totalItems).toBe(n);
    expect(own.data.map((c) => c._id)).not.toContain(lina1.contactId);
    for (const search of [hidden.name, hidden.phone.replace(/\D/g, '').slice(-6), hidden.email]) {
      expect((await salesContacts(`&search=${encodeURIComponent(search)}`)).meta.totalItems, search).toBe(0);
    }
    const byPlace = await salesContacts(`&destinations=${id.destination}`);
    const [{ m }] = await s.sql<{ m: number }>('select count(distinct contact_id)::int as m from leads where assigned_to = $1 and $2 = any(destinations)', [id.sales, id.destination]);
    expect(byPlace.meta.totalItems).toBe(m);
    // Someone who sees all leads sees the contact.
    expect((await owner.get(`/api/contacts?search=${encodeURIComponent(hidden.email)}`)).body.data.map((c: { _id: string }) => c._id)).toEqual([lina1.contactId]);
  });

  it("lets him add a lead for a colleague's customer without learning anything of that customer", async () => {
    const hidden = secretOf('b');
    const lina1 = (await lina.post('/api/leads', { ...hidden, destinations: [id.destination] })).body.data;
    const mine = await sales.post('/api/leads', { name: 'Walk-in Caller', phone: hidden.phone.replace(/ /g, '-') });
    expect(mine.status).toBe(201);
    const text = JSON.stringify(mine.body);
    for (const secret of [hidden.name, hidden.email, lina1._id]) expect(text).not.toContain(secret);
    // One person, one contact: his lead joins it…
    expect(mine.body.data.contactId).toBe(lina1.contactId);
    // …but he sees the contact as his lead describes it: his name for the person, no email, one lead, none of Lina's places.
    const seen = (await salesContacts(`&search=${encodeURIComponent('Walk-in Caller')}`)).data;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ _id: lina1.contactId, name: 'Walk-in Caller', email: null, leadCount: 1, regions: [], destinations: [] });
    expect(JSON.stringify(seen)).not.toContain(hidden.name);
    const all = (await owner.get(`/api/contacts?search=${encodeURIComponent(hidden.email)}`)).body.data[0];
    expect(all).toMatchObject({ name: hidden.name, email: hidden.email, leadCount: 2 });
  });

  it("reports as duplicates in an import only what his own leads hold", async () => {
    const hidden = secretOf('c');
    await lina.post('/api/leads', hidden);
    const mine = { name: 'Own Repeat', phone: phone(), email: 'own.repeat@example.com' };
    await sales.post('/api/leads', mine);
    const rows = [
      { name: 'Same phone as Lina’s', phone: hidden.phone },
      { name: 'Same email as Lina’s', email: hidden.email.toUpperCase() },
      { name: 'Same phone as mine', phone: mine.phone },
      { name: 'Same email as mine', email: mine.email },
    ];
    const report = (await sales.post('/api/leads/import', { rows })).body.data;
    // A duplicate is skipped, never changed (the lead import only creates).
    expect(report.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'skipped', 'skipped']);
    expect(report.rows[2]).toMatchObject({ code: 'DUPLICATE', params: { field: 'phone' } });
    expect(report.rows[2].reason).toMatch(/^duplicate: a lead with the phone number/);
    expect(report.rows[3]).toMatchObject({ code: 'DUPLICATE', params: { field: 'email' } });
    expect(report.rows[3].reason).toMatch(/^duplicate: a lead with the email/);
    expect(JSON.stringify(report)).not.toContain(hidden.name);
    // Someone who sees every lead gets Lina's reported too.
    const byOwner = (await owner.post('/api/leads/import', { rows: rows.slice(0, 2) })).body.data;
    expect(byOwner.rows.map((r: { status: string }) => r.status)).toEqual(['skipped', 'skipped']);
  });

  it("shows a group's members he may see, and keeps the others when he changes the group", async () => {
    const hidden = secretOf('d');
    const linaContact = (await lina.post('/api/leads', hidden)).body.data.contactId;
    const [a, b] = [(await sales.post('/api/leads', { name: 'Group A', phone: phone() })).body.data.contactId, (await sales.post('/api/leads', { name: 'Group B', phone: phone() })).body.data.contactId];
    const gid = (await owner.post('/api/contacts/groups', { name: 'Mixed group', contactIds: [linaContact, a] })).body.data._id;
    const mine = (await sales.get(`/api/contacts/groups/${gid}`)).body.data;
    expect(mine).toMatchObject({ contactIds: [a], contactCount: 1 });
    const listed = (await sales.get('/api/contacts/groups?search=Mixed')).body.data[0];
    expect(listed).toMatchObject({ contactIds: [a], contactCount: 1 });
    expect((await salesContacts(`&group=${gid}`)).data.map((c) => c._id)).toEqual([a]);
    // A contact he may not see is one that does not exist; changing the group keeps Lina's.
    const refused = await sales.put(`/api/contacts/groups/${gid}`, { contactIds: [a, linaContact] });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'contactIds', code: 'unknownReference', params: { kind: 'contact' }, message: 'names a contact that does not exist' }]);
    const changed = await sales.put(`/api/contacts/groups/${gid}`, { contactIds: [b] });
    expect(changed.body.data).toMatchObject({ contactIds: [b], contactCount: 1 });
    expect((await owner.get(`/api/contacts/groups/${gid}`)).body.data.contactIds.sort()).toEqual([linaContact, b].sort());
  });
});

describe('lead settings (Configurations → leads)', () => {
  const settings = (body: Record<string, unknown>) => owner.put('/api/configurations/lead', body);

  it('give new leads the default source, and leads nobody owns to the sales team in turn', async () => {
    expect((await settings({ defaultSource: 'referral', autoAssignRoundRobin: true })).status).toBe(200);
    try {
      const team = (await s.sql<{ id: string }>(
        `select m.id from members m join organizations o on o.id = m.organization_id
         where o.name = 'Demo Travels' and m.department = 'sales' and m.employment_status = 'active' and m.is_active order by lower(m.name), m.id`,
      )).map((m) => m.id);
      expect(team.length).toBeGreaterThanOrEqual(3);
      const owners: string[] = [];
      for (let i = 0; i < team.length * 2; i++) {
        const made = await owner.post('/api/leads', { name: `Rotation ${i}`, phone: phone() });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data.source).toBe('referral');
        owners.push(made.body.data.assignedTo._id);
      }
      // Each in turn, by name, then round again.
      const start = team.indexOf(owners[0]);
      expect(owners).toEqual(owners.map((_, i) => team[(start + i) % team.length]));
      // Together: still each in turn (the rotation is locked while a lead is given out).
      const together = await Promise.all(team.map((_, i) => owner.post('/api/leads', { name: `Rotation together ${i}`, phone: phone() })));
      expect(together.map((r) => r.body.data.assignedTo._id).sort()).toEqual([...team].sort());
      // A source given, an explicit "unassigned", and a sales member's own lead are kept as asked.
      const kept = await owner.post('/api/leads', { name: 'Kept unassigned', phone: phone(), source: 'walk-in', assignedTo: null });
      expect(kept.body.data).toMatchObject({ source: 'walk-in', assignedTo: null });
      expect((await lina.post('/api/leads', { name: 'Lina keeps it', phone: phone() })).body.data.assignedTo._id).toBe(id.lina);
      // The rotated owner hears about the lead.
      expect(await count('notifications', "member_id = $1 and type = 'lead-assigned' and title = 'New lead assigned to you: Rotation 0'", [owners[0]])).toBe(1);
    } finally {
      await settings({});
    }
    const plain = await owner.post('/api/leads', { name: 'Defaults again', phone: phone() });
    expect(plain.body.data).toMatchObject({ source: 'website', assignedTo: null });
  });

  it('remind the assignee the set number of minutes before a follow-up is due', async () => {
    const lead = (await sales.post('/api/leads', { name: 'Reminded Early', phone: phone() })).body.data;
    const drain = async () => {
      while (await runOneJob(s.database, jobHandlers));
    };
    const reminders = () => count('notifications', "member_id = $1 and type = 'follow-up-due' and title = 'Follow-up due: Reminded Early'", [id.sales]);
    expect((await settings({ followUpReminderMinutes: 0 })).status).toBe(200);
    try {
      await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: inHours(0.5), note: 'In half an hour, no lead time' });
      await drain();
      expect(await reminders()).toBe(0);
      expect((await settings({ followUpReminderMinutes: 60 })).status).toBe(200);
      await sales.post(`/api/leads/${lead._id}/followup`, { dueAt: inHours(0.5), note: 'In half an hour, an hour ahead' });
      await drain();
      expect(await reminders()).toBe(1);
    } finally {
      await settings({});
    }
  });
});
