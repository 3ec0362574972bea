import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURES_AHEAD_DAYS, type MyDayCard } from '../../src/api/dashboard/contract';
import { dateOfDay } from '../../src/api/tours/tour-plan';
import type { Agent } from '../support/agent';
import { startTestServer, type TestServer } from '../support/server';
import { memberId } from '../support/reads';

/** GET /dashboard/my-day: what each member can act on today, by their permissions, from the real database. */

let s: TestServer;
let owner: Agent;
let sales: Agent;
let ops: Agent;
let finance: Agent;
let globe: Agent;
const id: Record<string, string> = {};

const n = async (sql: string, values: unknown[] = []) => (await s.sql<{ n: number }>(sql, values))[0].n;
let phoneSeq = 0;
const phone = () => `+44 7700 ${String(910_000 + ++phoneSeq).slice(-6)}`;

async function myDay(agent: Agent): Promise<Record<string, MyDayCard>> {
  const res = await agent.get('/api/dashboard/my-day');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data.cards as MyDayCard[]).map((c) => [c.key, c]));
}

/**
 * A member's open leads (their own: a sales agent sees only his) by their earliest open follow-up of
 * his: still due today (before tomorrow in Demo Travels' time zone, not yet past) or missed (past).
 */
const followUpCount = (member: string, type: 'today' | 'missed') =>
  n(
    `select count(*)::int as n from leads l join organizations o on o.id = l.organization_id
     cross join lateral (select min(f.due_at) as due from follow_ups f where f.lead_id = l.id and f.responded_at is null and f.assignee_id = $1) e
     where l.assigned_to = $1 and l.status in ('new', 'contacted', 'qualified', 'quoted') and e.due is not null and ${
       type === 'missed' ? 'e.due < $2::timestamptz' : `e.due >= $2::timestamptz and e.due < (date_trunc('day', $2::timestamptz at time zone o.time_zone) + interval '1 day') at time zone o.time_zone`
     }`,
    [member, s.clock.now().toISOString()],
  );
const dueToday = (member: string) => followUpCount(member, 'today');

/** The leads list's view a card's "See all" opens: the member's follow-ups of one kind. */
async function listed(agent: Agent, member: string, type: 'today' | 'missed'): Promise<{ total: number; ids: string[] }> {
  const res = await agent.get(`/api/leads?followups[enabled]=true&followups[type]=${type}&followups[assignee]=${member}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { total: res.body.meta.totalItems, ids: res.body.data.map((l: { _id: string }) => l._id) };
}

beforeAll(async () => {
  s = await startTestServer();
  [owner, sales, ops, finance, globe] = await s.logins('owner@demo.travel', 'sales@demo.travel', 'ops@demo.travel', 'finance@demo.travel', 'owner@globe.travel');
  id.sales = await memberId(s, 'sales@demo.travel');
  id.lina = await memberId(s, 'lina@demo.travel');
  id.demo = (await s.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`))[0].id;
});
afterAll(() => s.close());

describe('GET /dashboard/my-day', () => {
  it("gives a sales agent their follow-ups due today and the missed ones apart (earliest first), their new leads and their leads waiting longest", async () => {
    // The demo's follow-ups "due later today" were seeded for the template's day, at least a quarter
    // of an hour after it was seeded: by the time this runs they may have fallen due. The server's
    // clock stands a minute before the agent's first follow-up due after the seeding.
    const [{ at }] = await s.sql<{ at: string }>(
      `select (min(f.due_at) - interval '1 minute')::text as at from follow_ups f join organizations o on o.id = f.organization_id
       where f.assignee_id = $1 and f.responded_at is null and f.due_at > o.created_at`,
      [id.sales],
    );
    s.clock.set(at);
    try {
      await salesDay();
    } finally {
      s.clock.set(undefined);
    }
  });

  async function salesDay() {
    const day = await myDay(sales);
    expect(Object.keys(day)).toEqual(['followUps', 'missedFollowUps', 'newLeads', 'waitingLeads']);

    // Each card counts what its "See all" lists (issue 27: "Follow-ups due today 36" listed only missed ones).
    for (const [card, type] of [[day.followUps, 'today'], [day.missedFollowUps, 'missed']] as const) {
      const list = await listed(sales, id.sales, type);
      expect(card.total, type).toBe(await followUpCount(id.sales, type));
      expect(card.total, type).toBe(list.total);
      expect(card.total, type).toBeGreaterThan(0);
      expect(card.items.length).toBe(Math.min(5, card.total));
      for (const item of card.items) expect(list.ids).toContain(item._id);
      const times = card.items.map((i) => i.at!);
      expect([...times].sort()).toEqual(times);
      for (const item of card.items) expect(item.status).toBe(type === 'missed' ? 'missed' : null);
      for (const item of card.items) expect(Date.parse(item.at!) < s.clock.now().getTime()).toBe(type === 'missed');
    }
    // Due today and missed are apart: no lead is in both.
    const [today, missed] = [await listed(sales, id.sales, 'today'), await listed(sales, id.sales, 'missed')];
    expect(today.ids.filter((x) => missed.ids.includes(x))).toEqual([]);

    expect(day.newLeads.total).toBe(await n(`select count(*)::int as n from leads where assigned_to = $1 and status = 'new'`, [id.sales]));
    expect(day.newLeads.items.every((i) => i.status === 'new')).toBe(true);
    const waiting = await s.sql<{ id: string }>(
      `select id from leads where assigned_to = $1 and status in ('contacted', 'qualified', 'quoted') order by updated_at, id limit 5`,
      [id.sales],
    );
    expect(day.waitingLeads.items.map((i) => i._id)).toEqual(waiting.map((w) => w.id));
  }

  it('follows what happens: a new lead shows at once; a lost lead’s follow-up and a colleague’s lead do not count', async () => {
    const before = await myDay(sales);
    const created = await sales.post('/api/leads', { name: 'My Day Newcomer', phone: phone(), followUp: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(created.status).toBe(201);
    let day = await myDay(sales);
    expect(day.newLeads.total).toBe(before.newLeads.total + 1);
    expect(day.newLeads.items[0]).toMatchObject({ _id: created.body.data._id, name: 'My Day Newcomer', status: 'new' });
    // Due in half an hour: today's unless the organization's day ends sooner.
    const dueCount = await dueToday(id.sales);
    expect(day.followUps.total).toBe(dueCount);

    expect((await sales.put(`/api/leads/${created.body.data._id}/status`, { status: 'lost', reason: 'Changed plans' })).status).toBe(200);
    day = await myDay(sales);
    expect(day.newLeads.total).toBe(before.newLeads.total);
    expect(day.followUps.items.map((i) => i._id)).not.toContain(created.body.data._id);
    expect(day.followUps.total).toBe(await dueToday(id.sales));

    // A follow-up given to Samir on Lina's lead: his role sees only his own leads, so it is not his to open.
    const [linas] = await s.sql<{ id: string }>(`select id from leads where assigned_to = $1 and status = 'contacted' limit 1`, [id.lina]);
    const given = await owner.post(`/api/leads/${linas.id}/followup`, { dueAt: new Date(Date.now() + 60_000).toISOString(), assignee: id.sales });
    expect(given.status).toBe(201);
    day = await myDay(sales);
    expect(day.followUps.items.map((i) => i._id)).not.toContain(linas.id);
    expect(day.followUps.total).toBe(await dueToday(id.sales));
  });

  it('gives those who hand leads out the open leads nobody owns, and vendors to complete to those who update vendors', async () => {
    const day = await myDay(owner);
    expect(day.leadsToAssign.total).toBe(await n(`select count(*)::int as n from leads where organization_id = $1 and assigned_to is null and status in ('new', 'contacted', 'qualified', 'quoted')`, [id.demo]));
    const oldest = await s.sql<{ id: string }>(`select id from leads where organization_id = $1 and assigned_to is null and status in ('new', 'contacted', 'qualified', 'quoted') order by created_at, id limit 5`, [id.demo]);
    expect(day.leadsToAssign.items.map((i) => i._id)).toEqual(oldest.map((o) => o.id));

    const unpaid = () => n(`select count(*)::int as n from vendors where organization_id = $1 and status = 'active' and coalesce(bank_details->>'accountNumber', '') = ''`, [id.demo]);
    const before = await unpaid();
    expect(before).toBeGreaterThan(0);
    expect(day.vendorsToComplete.total).toBe(before);
    const oldestVendors = await s.sql<{ id: string }>(`select id from vendors where organization_id = $1 and status = 'active' and coalesce(bank_details->>'accountNumber', '') = '' order by created_at, id limit 5`, [id.demo]);
    expect(day.vendorsToComplete.items.map((i) => i._id)).toEqual(oldestVendors.map((v) => v.id));
    // A vendor without bank details counts (for operations too) until it has an account number.
    const vendor = await owner.post('/api/vendors', { name: 'My Day Coaches', services: ['transfers'] });
    expect(vendor.status).toBe(201);
    expect((await myDay(ops)).vendorsToComplete.total).toBe(before + 1);
    expect((await owner.put(`/api/vendors/${vendor.body.data._id}`, { bankDetails: { accountNumber: 'AE07 0331 2345 6789 0123 456' } })).status).toBe(200);
    expect((await myDay(ops)).vendorsToComplete.total).toBe(before);
  });

  it('gives those who run group departures the ones of the coming weeks still below their minimum, soonest first; one whose sales close leaves', async () => {
    const toFill = () =>
      s.sql<{ id: string }>(
        `select g.id from group_tours g join organizations o on o.id = g.organization_id
         where o.id = $1 and g.status = 'open' and g.departure between (now() at time zone o.time_zone)::date and (now() at time zone o.time_zone)::date + ${DEPARTURES_AHEAD_DAYS}
         order by g.departure, g.id`,
        [id.demo],
      );
    const before = await toFill();
    // The demo's departure in 40 days has 4 of the 6 travellers it needs.
    expect(before.length).toBeGreaterThan(0);
    let day = await myDay(ops);
    expect(day.departuresToFill.total).toBe(before.length);
    expect(day.departuresToFill.items.map((i) => i._id)).toEqual(before.slice(0, 5).map((r) => r.id));

    const [muscat] = await s.sql<{ id: string; region_id: string }>(`select id, region_id from destinations where organization_id = $1 and name = 'Muscat'`, [id.demo]);
    const [{ today }] = await s.sql<{ today: string }>(`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from organizations where id = $1`, [id.demo]);
    const departure = async (title: string, inDays: number) => {
      const res = await ops.post('/api/group-tours', {
        title,
        regions: [muscat.region_id],
        destinations: [muscat.id],
        departure: dateOfDay(today, inDays + 1),
        arrival: dateOfDay(today, inDays + 3),
        pricePerPerson: { adult: 99_000, child: 70_000, infant: 0 },
        capacity: 10,
        minimumToRun: 4,
      });
      expect(res.status).toBe(201);
      return res.body.data._id as string;
    };
    const soon = await departure('My Day Soon Group', 3);
    await departure('My Day Far Group', DEPARTURES_AHEAD_DAYS + 5);
    day = await myDay(ops);
    expect(day.departuresToFill.total).toBe(before.length + 1);
    expect(day.departuresToFill.items[0]).toEqual({ _id: soon, name: 'My Day Soon Group', at: dateOfDay(today, 4), status: 'open' });

    expect((await ops.put('/api/group-tours', { _id: soon, salesClosed: true })).status).toBe(200);
    day = await myDay(ops);
    expect(day.departuresToFill.total).toBe(before.length);
    expect(day.departuresToFill.items.map((i) => i._id)).not.toContain(soon);
    // Sales may look at departures, not change them: not their card.
    expect((await myDay(sales)).departuresToFill).toBeUndefined();
  });

  it('shows only the cards a role’s permissions cover: operations gets no lead cards of its own, finance none of these', async () => {
    // Operations may view leads but owns none and may not give them out; it runs the departures.
    expect(Object.keys(await myDay(ops))).toEqual(['vendorsToComplete', 'departuresToFill']);
    expect(Object.keys(await myDay(finance))).toEqual([]);
  });

  it('counts only the caller’s organization', async () => {
    const day = await myDay(globe);
    const globeId = (await s.sql<{ id: string }>(`select id from organizations where name = 'Globe Trotters'`))[0].id;
    expect(day.leadsToAssign?.total ?? 0).toBe(await n(`select count(*)::int as n from leads where organization_id = $1 and assigned_to is null and status in ('new', 'contacted', 'qualified', 'quoted')`, [globeId]));
    const demoNames = (await s.sql<{ name: string }>(`select name from vendors where organization_id = $1`, [id.demo])).map((v) => v.name);
    for (const card of Object.values(day)) for (const item of card.items) expect(demoNames).not.toContain(item.name);
  });
});
