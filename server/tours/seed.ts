import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import type { CreateTourInput, TourDayInput, TourLineInput } from '../../src/api/tours/customized/contract';
import { addDays, todayIn } from '../../src/domain/calendar';
import type { CustomizedTourEvent } from '../../src/machines/customized-tour-machine';
import type { AuthContext } from '../auth/session';
import { members, roles } from '../auth/schema';
import { activities, destinations, hotels } from '../catalogue';
import { TENANT_ROLE, type Tx } from '../db/client';
import { leadQueries, leads, generator } from '../leads';
import { seedVendorPicker } from './seed-vendors';
import { applyEvent } from '../workflow/apply-event';
import { customizedTours } from './schema';
import { createTour, writePlan } from './store';
import { tourWorkflow } from './workflow';

/**
 * Demo customized tours: a few dozen over the organization's leads, built from its catalogue and
 * taken through the same code as the API (the plan priced by the server, SEND freezing versions,
 * the lead quoted through its machine), as the lead's owner. Drafts for leads still being worked,
 * sent tours (some in their second version) for quoted ones, and revised tours whose first version
 * stays readable. Booked and published tours need bookings, which their own issue seeds.
 * Deterministic (a seeded generator); runs as the tenant, so row-level security scopes it as a
 * request would be.
 */
type Plan = 'draft' | 'sent' | 'revised' | 'sentTwice';

const TITLES = ['Family escape', 'Honeymoon', 'City and desert', 'Culture trail', 'Long weekend', 'Coast and mountains', 'Grand tour', 'Anniversary'];
const TRANSFERS = ['Airport pick-up by private car', 'Hotel to hotel by coach', 'Half-day driver at disposal', 'Return to the airport'];

/** The first lead of every owner, then the second of every owner, and so on. */
function inTurns<C extends { lead: { assignedTo: string | null } }>(list: C[]): C[] {
  const rank = new Map<string | null, number>();
  return list
    .map((c, i) => {
      const k = rank.get(c.lead.assignedTo) ?? 0;
      rank.set(c.lead.assignedTo, k + 1);
      return { c, k, i };
    })
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.c);
}

export async function seedTours(tx: Tx, organizationId: string, count: number): Promise<void> {
  const rnd = generator(20261123);
  await tx.execute(sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.org_id', ${organizationId}, true)`);
  try {
    const candidates = await tx
      .select({ lead: leads, query: leadQueries })
      .from(leads)
      // A lead without an enquiry (a third of the demo's) gets a tour for two, answering none.
      .leftJoin(leadQueries, eq(leadQueries.leadId, leads.id))
      .where(inArray(leads.status, ['new', 'contacted', 'qualified', 'quoted']))
      .orderBy(asc(leads.createdAt), asc(leads.id));
    const places = await tx.select({ id: destinations.id, name: destinations.name }).from(destinations).orderBy(asc(destinations.slug));
    const hotelRows = await tx.select({ id: hotels.id, name: hotels.name, destinationId: hotels.destinationId, roomTypes: hotels.roomTypes }).from(hotels).orderBy(asc(hotels.slug));
    const activityRows = await tx
      .select({ id: activities.id, name: activities.name, destinationId: activities.destinationId, price: activities.pricePerPerson })
      .from(activities)
      .orderBy(asc(activities.slug));
    const vendorOf = await seedVendorPicker(tx, organizationId);
    const vendorFor = (service: string) => vendorOf(service, null);
    // A lead nobody owns is worked by the organization's owner.
    const [owner] = await tx.select({ id: members.id }).from(members).innerJoin(roles, eq(roles.id, members.roleId)).where(eq(roles.isOwner, true)).orderBy(asc(members.createdAt)).limit(1);
    if (!candidates.length || !places.length) return;

    // Quoted leads get sent tours; the others drafts, and a few qualified ones are quoted by their first send.
    // Taken in turn from each owner's leads, so every agent (own visibility) has tours of his own.
    const quoted = inTurns(candidates.filter((c) => c.lead.status === 'quoted'));
    const open = inTurns(candidates.filter((c) => c.lead.status !== 'quoted'));
    const picks: { c: (typeof candidates)[number]; plan: Plan }[] = [];
    const plans: Plan[] = ['sent', 'sent', 'sentTwice', 'revised'];
    quoted.slice(0, Math.ceil(count * 0.55)).forEach((c, i) => picks.push({ c, plan: plans[i % plans.length] }));
    open.slice(0, count - picks.length).forEach((c, i) => picks.push({ c, plan: c.lead.status === 'qualified' && i % 4 === 0 ? 'sent' : 'draft' }));

    const day = 86_400_000;
    const today = todayIn('UTC');
    for (const [n, { c, plan }] of picks.entries()) {
      const { lead, query } = c;
      const pax = query ? { adults: query.adults, children: query.children, infants: query.infants } : { adults: 2, children: 0, infants: 0 };
      const travellers = pax.adults + pax.children;
      const stops = (lead.destinations.length ? lead.destinations : [rnd.pick(places).id]).filter((d) => places.some((p) => p.id === d));
      const nights = rnd.int(3, 7);
      const start = query?.travelFrom && query.travelFrom > today ? query.travelFrom : addDays(today, rnd.int(20, 120));
      const days: TourDayInput[] = [];
      const lines: TourLineInput[] = [];
      for (let i = 0; i <= nights; i++) {
        const destinationId = stops[Math.min(stops.length - 1, Math.floor((i * stops.length) / (nights + 1)))];
        const stay = hotelRows.filter((h) => h.destinationId === destinationId);
        const hotel = i < nights && stay.length ? stay[n % stay.length] : undefined;
        const room: RoomType | undefined = hotel?.roomTypes[n % hotel.roomTypes.length];
        const rooms = Math.max(1, Math.ceil(travellers / Math.max(2, room?.maxOccupancy ?? 2)));
        const here = activityRows.filter((a) => a.destinationId === destinationId);
        const todo = i > 0 && i < nights && here.length ? [here[(n + i) % here.length]] : [];
        days.push({
          date: addDays(start, i),
          destinationId,
          hotelId: hotel?.id ?? null,
          roomType: room?.name ?? null,
          rooms: hotel ? rooms : null,
          activityIds: todo.map((a) => a.id),
          transfers: i === 0 || i === nights ? TRANSFERS[i === 0 ? 0 : 3] : null,
          meals: hotel ? ['breakfast'] : [],
          notes: null,
        });
        if (hotel && room) {
          lines.push({ kind: 'hotels', dayNumber: i + 1, description: `${hotel.name}, ${room.name}`, hotelId: hotel.id, roomType: room.name, activityId: null, vendorId: vendorOf('hotels', places.find((p) => p.id === destinationId)?.name ?? null), quantity: rooms, unit: 'per-room-night', unitCost: room.nightlyRate, markupType: 'percent', markup: 1500 + 500 * (n % 3) });
        }
        for (const a of todo) {
          lines.push({ kind: 'activities', dayNumber: i + 1, description: a.name, hotelId: null, roomType: null, activityId: a.id, vendorId: vendorFor('activities'), quantity: travellers, unit: 'per-person', unitCost: a.price, markupType: 'percent', markup: 2000 });
        }
      }
      lines.push({ kind: 'transfers', dayNumber: 1, description: TRANSFERS[0], hotelId: null, roomType: null, activityId: null, vendorId: vendorFor('transfers'), quantity: 1, unit: 'per-unit', unitCost: 6000 + 500 * (n % 5), markupType: 'amount', markup: 2500 });
      lines.push({ kind: 'transfers', dayNumber: nights + 1, description: TRANSFERS[3], hotelId: null, roomType: null, activityId: null, vendorId: vendorFor('transfers'), quantity: 1, unit: 'per-unit', unitCost: 6000 + 500 * (n % 5), markupType: 'amount', markup: 2500 });
      if (n % 3 === 0) lines.push({ kind: 'visa', dayNumber: null, description: 'Tourist visa', hotelId: null, roomType: null, activityId: null, vendorId: vendorFor('visa'), quantity: travellers, unit: 'per-person', unitCost: 9000, markupType: 'amount', markup: 1500 });
      lines.push({ kind: 'fee', dayNumber: null, description: 'Planning and service fee', hotelId: null, roomType: null, activityId: null, vendorId: null, quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 5000 });
      if (n % 5 === 0) lines.push({ kind: 'discount', dayNumber: null, description: 'Returning customer', hotelId: null, roomType: null, activityId: null, vendorId: null, quantity: 1, unit: 'per-unit', unitCost: 0, markupType: 'amount', markup: 10000 });

      const actor = lead.assignedTo ?? owner.id;
      // As the Owner role sees it: the seed's own picks need no visibility check.
      const auth = { memberId: actor, role: { isOwner: true } } as AuthContext;
      const place = places.find((p) => p.id === stops[0])?.name ?? '';
      const input: CreateTourInput = {
        leadId: lead.id,
        queryId: query?.id ?? null,
        title: `${place} ${TITLES[n % TITLES.length].toLowerCase()}`.replace(/^./, (ch) => ch.toUpperCase()),
        regions: [],
        destinations: stops,
        departure: days[0].date,
        arrival: days.at(-1)!.date,
        ...pax,
        pointOfContact: actor,
        notes: query?.notes ?? null,
        days,
        lines,
      };
      const tourId = await createTour(tx, auth, input);
      const send = (event: CustomizedTourEvent) => applyEvent(tx, tourWorkflow, tourId, event, undefined, { actorId: actor });
      const to = lead.email ?? undefined;
      if (plan !== 'draft') await send({ type: 'SEND', to, subject: `Your itinerary: ${input.title}`, message: `Dear ${lead.name.split(' ')[0]}, here is the trip we talked about.` });
      if (plan === 'revised' || plan === 'sentTwice') {
        await send({ type: 'REVISE' });
        // The next version: the customer asked for a better room, the hotel charges more for it.
        const [row] = await tx.select().from(customizedTours).where(eq(customizedTours.id, tourId));
        const upgraded = input.lines.map((l) => (l.kind === 'hotels' ? { ...l, unitCost: Math.round(l.unitCost * 1.12) } : l));
        await writePlan(tx, row, { ...input, lines: upgraded }, actor);
      }
      if (plan === 'sentTwice') await send({ type: 'SEND', to, subject: `Your itinerary, revised: ${input.title}`, message: 'As agreed, with the hotel upgraded.' });
      // Spread over the last weeks, as if made along the way.
      const ageDays = rnd.int(1, 40);
      await tx
        .update(customizedTours)
        .set({ createdAt: new Date(Date.now() - ageDays * day).toISOString(), updatedAt: new Date(Date.now() - rnd.int(0, ageDays) * day).toISOString() })
        .where(eq(customizedTours.id, tourId));
    }
  } finally {
    await tx.execute(sql`select set_config('role', 'none', true), set_config('app.org_id', '', true)`);
  }
}
