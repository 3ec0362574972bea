import { and, eq, sql } from 'drizzle-orm';
import { FOLLOW_UP_OUTCOMES } from '../../src/api/leads/contract';
import { LEAD_SOURCES } from '../../src/api/leads/constants';
import type { Tx } from '../db/client';
import { destinations } from '../catalogue';
import { contacts, followUps, leadEvents, leadQueries, leads } from './schema';
import { jobs } from '../jobs/schema';
import { members } from '../auth/schema';
import { organizations } from '../db/tenancy';
import { isOpenLead, OPEN_LEAD_STATES } from '../../src/machines/lead-machine';

/**
 * The demo organization's pipeline: a few hundred leads over every status, owner and source, with
 * enquiries, follow-ups (some due today, some missed, some upcoming) and a timeline. Deterministic
 * (a seeded generator), relative to the moment of the first start. Bulk inserts.
 */
const FIRST = ['Aisha', 'Omar', 'Priya', 'James', 'Mei', 'Lucas', 'Fatima', 'Noah', 'Elena', 'Ravi', 'Sofia', 'Yusuf', 'Hannah', 'Carlos', 'Amira', 'Liam', 'Chloe', 'Hassan', 'Anna', 'Kenji', 'Zara', 'Mateo', 'Leila', 'David', 'Ines', 'Tariq', 'Grace', 'Arjun', 'Nora', 'Felix'];
const LAST = ['Khan', 'Haddad', 'Sharma', 'Walker', 'Chen', 'Silva', 'Rahman', 'Müller', 'Rossi', 'Patel', 'García', 'Nasser', 'Schmidt', 'Costa', 'Said', 'O’Brien', 'Dubois', 'Ali', 'Kowalski', 'Tanaka', 'Hussein', 'Fernández', 'Mansour', 'Cohen', 'Almeida'];
const ASKS = [
  'Family holiday, two kids, looking for a beach resort with a kids club.',
  'Honeymoon in spring, wants something special and private.',
  'Corporate incentive trip for 25 people, needs a gala dinner.',
  'Desert safari and city tour for a weekend stopover.',
  'Anniversary trip, 5-star only, flexible dates.',
  'Group of friends, adventure activities and nightlife.',
  'Elderly parents, needs easy pace and step-free hotels.',
  'School trip enquiry, 40 students and 4 teachers.',
  'Asked for a quote after seeing our Instagram post.',
  'Repeat customer, wants the same hotel as last year.',
];
const LOST_REASONS = ['Chose another operator', 'Budget too low for the dates', 'Trip postponed indefinitely', 'No answer after several attempts', 'Booked directly with the hotel'];
const STATUS_WEIGHTS: [string, number][] = [
  ['new', 30],
  ['contacted', 25],
  ['qualified', 15],
  ['quoted', 12],
  ['won', 8],
  ['lost', 10],
];

/** A small deterministic random generator (seeded), for demo data that is the same on every first start. */
export function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const weighted = (list: [string, number][]) => {
    let r = next() * list.reduce((n, [, w]) => n + w, 0);
    for (const [v, w] of list) if ((r -= w) < 0) return v;
    return list[0][0];
  };
  return { next, pick, weighted, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedLeads(tx: Tx, organizationId: string, count: number): Promise<void> {
  const rnd = generator(20261122);
  const sales = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.department, 'sales')))
    .orderBy(members.email);
  const places = await tx.select({ id: destinations.id, regionId: destinations.regionId }).from(destinations).where(eq(destinations.organizationId, organizationId));
  if (!places.length) return;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  const people = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const name = `${first} ${last}`;
    const phone = `+971 5${i % 6} ${String(1_000_000 + i * 7919).slice(-7).replace(/(\d{3})(\d{4})/, '$1 $2')}`;
    const email = `${first}.${last}.${i}`.toLowerCase().normalize('NFD').replace(/[^a-z0-9.]/g, '') + '@mail.example';
    return { name, phone, email };
  });
  const contactRows = await tx
    .insert(contacts)
    .values(people.map((p) => ({ organizationId, ...p, phoneKey: p.phone.replace(/\D/g, ''), emailKey: p.email })))
    .returning({ id: contacts.id });

  const leadValues = people.map((p, i) => {
    const status = rnd.weighted(STATUS_WEIGHTS);
    const dest = rnd.pick(places);
    const second = rnd.next() < 0.3 ? rnd.pick(places) : undefined;
    const dests = [...new Set([dest.id, ...(second ? [second.id] : [])])];
    const regs = [...new Set([dest.regionId, ...(second ? [second.regionId] : [])])];
    const ageDays = rnd.int(0, 75);
    const createdAt = now - ageDays * DAY - rnd.int(0, 10) * HOUR;
    const owner = rnd.next() < 0.1 ? null : sales.length ? sales[i % sales.length].id : null;
    return {
      organizationId,
      contactId: contactRows[i].id,
      ...p,
      // Some leads only left one of the two.
      phone: i % 17 === 0 ? null : p.phone,
      email: i % 11 === 0 ? null : p.email,
      status,
      source: i % 9 === 0 ? 'website' : rnd.pick(LEAD_SOURCES.filter((s) => s !== 'import')),
      comment: rnd.pick(ASKS),
      regions: regs,
      destinations: dests,
      queryDate: iso(createdAt).slice(0, 10),
      assignedTo: owner,
      lostReason: status === 'lost' ? rnd.pick(LOST_REASONS) : null,
      createdBy: owner,
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt + rnd.int(0, ageDays) * DAY),
    };
  });
  // A lead must be reachable: give back the phone when both were dropped.
  for (const [i, l] of leadValues.entries()) if (!l.phone && !l.email) l.phone = people[i].phone;
  const leadRows = await tx.insert(leads).values(leadValues).returning({ id: leads.id, status: leads.status, assignedTo: leads.assignedTo, createdAt: leads.createdAt, destinations: leads.destinations, regions: leads.regions });

  const queryValues = leadRows
    .filter((_, i) => i % 3 !== 2)
    .map((l) => {
      const start = now + rnd.int(10, 150) * DAY;
      return {
        organizationId,
        leadId: l.id,
        travelFrom: iso(start).slice(0, 10),
        travelTo: iso(start + rnd.int(3, 14) * DAY).slice(0, 10),
        adults: rnd.int(1, 4),
        children: rnd.next() < 0.35 ? rnd.int(1, 3) : 0,
        infants: rnd.next() < 0.08 ? 1 : 0,
        regions: l.regions,
        destinations: l.destinations,
        budget: rnd.int(15, 120) * 10_000,
        notes: rnd.next() < 0.5 ? rnd.pick(ASKS) : null,
        createdBy: l.assignedTo,
        createdAt: l.createdAt,
        updatedAt: l.createdAt,
      };
    });
  if (queryValues.length) await tx.insert(leadQueries).values(queryValues);

  // Open leads get a follow-up: about a quarter missed, a quarter due later today (the organization's
  // day, which is what "today" means in the follow-ups view), the rest upcoming. Closed ones keep an
  // answered follow-up from the past.
  const { rows: day } = await tx.execute<{ start: string; end: string }>(sql`
    select (extract(epoch from d at time zone o.time_zone) * 1000)::bigint::text as start,
           (extract(epoch from (d + interval '1 day') at time zone o.time_zone) * 1000)::bigint::text as end
    from ${organizations} o, date_trunc('day', now() at time zone o.time_zone) d where o.id = ${organizationId}`);
  const [startOfToday, endOfToday] = [Number(day[0].start), Number(day[0].end)];
  const followValues = leadRows.map((l, i) => {
    const open = isOpenLead(l.status);
    const kind = open ? ['missed', 'today', 'upcoming', 'upcoming'][i % 4] : 'answered';
    const dueAt =
      kind === 'missed'
        ? now - rnd.int(2, 96) * HOUR
        : kind === 'today'
          ? // at a working hour, but no sooner than a quarter of an hour from now and before the day ends
            Math.min(Math.max(startOfToday + rnd.int(9, 20) * HOUR, now + 15 * 60_000), endOfToday - 60_000)
          : kind === 'upcoming'
            ? now + rnd.int(1, 21) * DAY
            : Date.parse(l.createdAt) + DAY;
    const answered = kind === 'answered';
    return {
      organizationId,
      leadId: l.id,
      dueAt: iso(dueAt),
      note: rnd.pick(['Call back about dates', 'Send hotel options', 'Check passport validity', 'Confirm number of travellers', 'Chase the deposit']),
      assigneeId: l.assignedTo,
      createdBy: l.assignedTo,
      createdAt: l.createdAt,
      outcome: answered ? rnd.pick(FOLLOW_UP_OUTCOMES.filter((o) => o !== 'rescheduled')) : null,
      responseNote: answered ? 'Spoke to the customer.' : null,
      respondedBy: answered ? l.assignedTo : null,
      respondedAt: answered ? iso(dueAt + HOUR) : null,
      // Missed ones were already announced when they fell due.
      notifiedAt: kind === 'missed' ? iso(dueAt) : null,
    };
  });
  const followRows = await tx.insert(followUps).values(followValues).returning({ id: followUps.id, leadId: followUps.leadId, dueAt: followUps.dueAt, notifiedAt: followUps.notifiedAt, respondedAt: followUps.respondedAt });
  await tx.execute(sql`
    update leads l set next_follow_up_at = f.due from (
      select lead_id, min(due_at) as due from follow_ups where responded_at is null and organization_id = ${organizationId} group by lead_id
    ) f where f.lead_id = l.id and l.status in ${OPEN_LEAD_STATES}`);
  const pending = followRows.filter((f) => !f.notifiedAt && !f.respondedAt);
  if (pending.length) {
    await tx.insert(jobs).values(pending.map((f) => ({ orgId: organizationId, kind: 'follow-up-due', key: `follow-up-due:${f.id}`, payload: { followUpId: f.id }, runAt: f.dueAt })));
  }

  const order = ['new', 'contacted', 'qualified', 'quoted', 'won'];
  await tx.insert(leadEvents).values(
    leadRows.flatMap((l, i) => {
      const at = Date.parse(l.createdAt);
      const events: (typeof leadEvents.$inferInsert)[] = [{ organizationId, leadId: l.id, type: 'created', data: { source: leadValues[i].source }, actorId: l.assignedTo, createdAt: iso(at) }];
      const steps = l.status === 'lost' ? order.slice(0, 2) : order.slice(0, order.indexOf(l.status) + 1);
      steps.slice(1).forEach((to, k) => events.push({ organizationId, leadId: l.id, type: 'status', data: { from: steps[k], to }, actorId: l.assignedTo, createdAt: iso(at + (k + 1) * HOUR) }));
      if (l.status === 'lost') events.push({ organizationId, leadId: l.id, type: 'status', data: { from: steps.at(-1)!, to: 'lost', reason: leadValues[i].lostReason! }, actorId: l.assignedTo, createdAt: iso(at + 5 * HOUR) });
      return events;
    }),
  );
}
