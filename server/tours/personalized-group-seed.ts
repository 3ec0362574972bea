import { eq } from 'drizzle-orm';
import type { RoomType } from '../../src/api/catalogue/hotels/contract';
import { dateOfDay, type LineKind, type LineUnit, type Meal } from '../../src/api/tours/tour-plan';
import { todayIn } from '../../src/domain/calendar';
import type { Tx } from '../db/client';
import { organizations } from '../db/tenancy';
import { members } from '../auth/schema';
import { activities, destinations, hotels } from '../catalogue';
import { seedVendorPicker } from './seed-vendors';
import { groupTourDays, groupTours, personalizedTourDays, personalizedTourLines, personalizedTours } from './plan-schema';

/**
 * Demo personalized tours and group departures over the demo catalogue: named by destination, hotel and
 * activity names, resolved here. Departures are dated from the day of seeding (the next months), some
 * nearly full, one sold out, one with its sales closed. No bookings exist yet, so the seats taken are
 * written as they would stand.
 */

/** `destination` for the night (or the last day), `hotel|room type`, activities, meals. */
type DaySpec = [destination: string, stay: string | null, activities: string[], meals: Meal[], transfers?: string, notes?: string];

interface PersonalizedSpec {
  title: string;
  description: string;
  nights: number;
  days: DaySpec[];
  inclusions: string[];
  exclusions: string[];
  /** Adult price in whole units of the currency; a child pays 70 %, an infant 10 %. */
  adult: number;
  published: boolean;
  contact: string;
}

interface DepartureSpec {
  title: string;
  description: string;
  /** Days from the seeding day to the departure. */
  inDays: number;
  nights: number;
  days: DaySpec[];
  adult: number;
  capacity: number;
  minimum: number;
  taken: number;
  closed?: true;
  contact: string;
}

export interface PersonalizedGroupSeed {
  personalized: PersonalizedSpec[];
  departures: DepartureSpec[];
}

const B: Meal[] = ['breakfast'];
const BD: Meal[] = ['breakfast', 'dinner'];
const FB: Meal[] = ['breakfast', 'lunch', 'dinner'];
const ARRIVE = 'Airport to hotel, private car';
const LEAVE = 'Hotel to airport, private car';

/** `n` days in one place with one stay (`hotel|room type`, or none), activities by day, the first day arriving when `arrive`. */
function stay(destination: string, hotel: string | null, n: number, extras: Record<number, string[]> = {}, meals: Meal[] = B, arrive = false, notes?: string): DaySpec[] {
  return Array.from({ length: n }, (_, i) => [destination, hotel, extras[i + 1] ?? [], meals, i === 0 && arrive ? ARRIVE : undefined, notes]);
}

const INCLUDED = ['Hotel nights with breakfast', 'Private airport transfers', 'Tours and entrance fees as listed', '24/7 support during the trip'];
const EXCLUDED = ['International flights', 'Travel insurance', 'Visa fees', 'Personal expenses and tips'];

export const DEMO_PERSONALIZED_GROUP: PersonalizedGroupSeed = {
  personalized: [
    {
      title: 'Dubai Classic',
      description: 'Five days of skyline, desert and souqs: the first trip to Dubai most travellers want.',
      nights: 4,
      days: [...stay('Dubai', 'The Marina Palace|Deluxe King', 4, { 2: ['Desert Safari with BBQ Dinner'], 3: ['Burj Khalifa At the Top'] }, B, true), ['Dubai', null, [], B, LEAVE, 'Check-out by noon; late check-out on request.']],
      inclusions: INCLUDED,
      exclusions: EXCLUDED,
      adult: 1290,
      published: true,
      contact: 'lina@demo.travel',
    },
    {
      title: 'Dubai & Abu Dhabi Highlights',
      description: 'Dubai’s towers and desert, then the capital’s Grand Mosque and Corniche.',
      nights: 6,
      days: [
        ...stay('Dubai', 'Dubai Creek Hotel|Superior Double', 4, { 2: ['Desert Safari with BBQ Dinner'], 3: ['Burj Khalifa At the Top'] }, B, true),
        ...stay('Abu Dhabi', 'The Corniche Palace|Deluxe King', 2, { 1: ['Sheikh Zayed Grand Mosque Tour'] }),
        ['Abu Dhabi', null, [], B, LEAVE],
      ],
      inclusions: [...INCLUDED, 'Dubai to Abu Dhabi road transfer'],
      exclusions: EXCLUDED,
      adult: 1690,
      published: true,
      contact: 'lina@demo.travel',
    },
    {
      title: 'Oman Desert & Coast',
      description: 'Muscat’s old port and a night under the stars in the Wahiba Sands.',
      nights: 5,
      days: [...stay('Muscat', 'Muttrah Grand Hotel|Deluxe King', 5, { 3: ['Wahiba Sands Overnight Camp'] }, BD, true), ['Muscat', null, [], B, LEAVE]],
      inclusions: [...INCLUDED, 'Half board in Muscat', 'Desert camp dinner and breakfast'],
      exclusions: EXCLUDED,
      adult: 1540,
      published: true,
      contact: 'marco@demo.travel',
    },
    {
      title: 'Jordan: Petra by Night',
      description: 'Three nights in Wadi Musa with Petra by day and by candlelight.',
      nights: 3,
      days: [...stay('Petra', 'Siq Heritage Resort|Deluxe King', 3, { 2: ['Petra by Night'] }, BD, true), ['Petra', null, [], B, LEAVE]],
      inclusions: [...INCLUDED, 'Petra entrance, two days'],
      exclusions: EXCLUDED,
      adult: 980,
      published: false,
      contact: 'marco@demo.travel',
    },
    {
      title: 'Paris & Rome Romance',
      description: 'Museums, cafés and the Colosseum underground, with a flight between the two capitals.',
      nights: 7,
      days: [
        ...stay('Paris', 'The Rive Gauche Palace|Deluxe King', 4, { 2: ['Louvre Museum Guided Tour'] }, B, true),
        ...stay('Rome', 'The Trastevere Palace|Deluxe King', 3, { 2: ['Colosseum Underground Tour'] }),
        ['Rome', null, [], B, LEAVE],
      ],
      inclusions: [...INCLUDED, 'Paris to Rome flight, economy'],
      exclusions: EXCLUDED,
      adult: 2890,
      published: true,
      contact: 'sales@demo.travel',
    },
    {
      title: 'Bali Island Escape',
      description: 'Rice terraces, temples and a sunrise on Mount Batur from a villa in Ubud.',
      nights: 6,
      days: [...stay('Bali', 'Ubud Island Resort|Deluxe King', 6, { 2: ['Ubud Rice Terrace and Temple Tour'], 4: ['Mount Batur Sunrise Trek'] }, B, true), ['Bali', null, [], B, LEAVE]],
      inclusions: INCLUDED,
      exclusions: EXCLUDED,
      adult: 1390,
      published: true,
      contact: 'sales@demo.travel',
    },
    {
      title: 'Kenya Safari Adventure',
      description: 'Nairobi’s giraffes and elephants, then the Maasai Mara from a tented camp.',
      nights: 5,
      days: [
        ...stay('Nairobi', 'Nairobi Westlands Hotel|Superior Double', 2, { 2: ['Giraffe Centre and Elephant Orphanage'] }, B, true),
        ...stay('Maasai Mara', 'Mara River Luxury Tented Camp|Deluxe King', 3, { 2: ['Hot Air Balloon Safari'] }, FB),
        ['Maasai Mara', null, [], B, 'Airstrip to Nairobi, light aircraft'],
      ],
      inclusions: [...INCLUDED, 'Full board at the camp', 'Park fees'],
      exclusions: EXCLUDED,
      adult: 3450,
      published: true,
      contact: 'lina@demo.travel',
    },
    {
      title: 'Maldives Honeymoon',
      description: 'Five nights over the lagoon, a whale shark safari and a private dinner on the sand.',
      nights: 5,
      days: [...stay('Maldives', 'Coral Lagoon Island Resort|Premier View Room', 5, { 3: ['Whale Shark Snorkelling Safari'] }, FB, true), ['Maldives', null, [], B, 'Speedboat to Malé airport']],
      inclusions: ['Villa nights with full board', 'Speedboat transfers', 'Whale shark safari', 'Private beach dinner'],
      exclusions: EXCLUDED,
      adult: 4290,
      published: true,
      contact: 'marco@demo.travel',
    },
    {
      title: 'Thailand Beaches & Bangkok',
      description: 'Bangkok’s markets and palace, then Phuket and the Phi Phi islands. Being priced.',
      nights: 7,
      days: [
        ...stay('Bangkok', 'The Riverside Palace|Deluxe King', 3, { 2: ['Floating Market and Grand Palace Tour'] }, B, true),
        ...stay('Phuket', 'Patong Beach Resort & Spa|Deluxe King', 4, { 2: ['Phi Phi Islands Speedboat Day Trip'] }),
        ['Phuket', null, [], B, LEAVE],
      ],
      inclusions: [...INCLUDED, 'Bangkok to Phuket flight'],
      exclusions: EXCLUDED,
      adult: 1790,
      published: false,
      contact: 'sales@demo.travel',
    },
  ],
  departures: [
    {
      title: 'Dubai Shopping Festival Group',
      description: 'Escorted group at festival time: malls, souqs and the desert.',
      inDays: 12,
      nights: 4,
      days: [...stay('Dubai', 'Dubai Creek Hotel|Deluxe Twin', 4, { 2: ['Desert Safari with BBQ Dinner'] }, B, true), ['Dubai', null, [], B, LEAVE]],
      adult: 990,
      capacity: 20,
      minimum: 10,
      taken: 19,
      contact: 'lina@demo.travel',
    },
    {
      title: 'Oman Discovery Group',
      description: 'Muscat and the Wahiba Sands with a tour leader from Dubai.',
      inDays: 26,
      nights: 5,
      days: [...stay('Muscat', 'Qurum Desert Resort|Superior Double', 5, { 3: ['Wahiba Sands Overnight Camp'] }, BD, true), ['Muscat', null, [], B, LEAVE]],
      adult: 1290,
      capacity: 16,
      minimum: 8,
      taken: 16,
      contact: 'marco@demo.travel',
    },
    {
      title: 'Petra & Wadi Musa Group',
      description: 'Three nights by the Siq with a local guide.',
      inDays: 40,
      nights: 3,
      days: [...stay('Petra', 'Wadi Musa Boutique Hotel|Superior Double', 3, { 2: ['Petra by Night'] }, BD, true), ['Petra', null, [], B, LEAVE]],
      adult: 850,
      capacity: 12,
      minimum: 6,
      taken: 4,
      contact: 'marco@demo.travel',
    },
    {
      title: 'Kilimanjaro Machame Trek',
      description: 'Seven nights on the Machame route with mountain crew, from Moshi.',
      inDays: 55,
      nights: 7,
      days: [
        ...stay('Moshi', 'Marangu Lakeside Hotel|Superior Double', 1, {}, BD, true),
        ...stay('Moshi', null, 5, { 1: ['Kilimanjaro Machame Route Trek'] }, FB, false, 'On the mountain: tented camps of the Machame route.'),
        ...stay('Moshi', 'Kilimanjaro Grand Chalet|Deluxe King', 1, {}, BD),
        ['Moshi', null, [], B, LEAVE],
      ],
      adult: 2950,
      capacity: 10,
      minimum: 4,
      taken: 9,
      contact: 'sales@demo.travel',
    },
    {
      title: 'Kenya Great Migration Safari',
      description: 'The river crossings of the Mara in a group of fourteen.',
      inDays: 72,
      nights: 6,
      days: [
        ...stay('Nairobi', 'Nairobi Westlands Hotel|Superior Double', 2, { 2: ['Giraffe Centre and Elephant Orphanage'] }, B, true),
        ...stay('Maasai Mara', 'Olare Safari Lodge|Superior Double', 4, { 2: ['Hot Air Balloon Safari'] }, FB),
        ['Maasai Mara', null, [], B, 'Airstrip to Nairobi, light aircraft'],
      ],
      adult: 3650,
      capacity: 14,
      minimum: 8,
      // Four more are the demo bookings' (server/bookings/seed.ts), which take their seats as any booking does.
      taken: 4,
      contact: 'lina@demo.travel',
    },
    {
      title: 'Santorini Summer Sail',
      description: 'Five nights in Oia with a caldera catamaran day.',
      inDays: 96,
      nights: 5,
      days: [...stay('Santorini', 'Fira Villas|Superior Double', 5, { 3: ['Caldera Sunset Catamaran Cruise'] }, B, true), ['Santorini', null, [], B, LEAVE]],
      adult: 1890,
      capacity: 24,
      minimum: 12,
      taken: 2,
      contact: 'sales@demo.travel',
    },
    {
      title: 'Bangkok Street Food Week',
      description: 'Markets and cooking classes; sales closed while the hotel confirms rooms.',
      inDays: 118,
      nights: 4,
      days: [...stay('Bangkok', 'Bangkok Sukhumvit Hotel|Superior Double', 4, { 2: ['Floating Market and Grand Palace Tour'] }, B, true), ['Bangkok', null, [], B, LEAVE]],
      adult: 790,
      capacity: 18,
      minimum: 10,
      taken: 6,
      closed: true,
      contact: 'marco@demo.travel',
    },
  ],
};

export const GLOBE_PERSONALIZED_GROUP: PersonalizedGroupSeed = {
  personalized: [
    {
      title: 'Lisbon & Porto by Train',
      description: 'Trams and fado in Lisbon, port cellars in Porto.',
      nights: 5,
      days: [...stay('Lisbon', 'The Alfama Palace|Deluxe King', 3, { 2: ['Sintra and Cascais Day Trip'] }, B, true), ...stay('Porto', 'The Ribeira Palace|Deluxe King', 2, { 1: ['Douro Valley Wine Tasting'] }), ['Porto', null, [], B, LEAVE]],
      inclusions: ['Hotel nights with breakfast', 'Lisbon to Porto train, first class'],
      exclusions: ['Flights', 'Travel insurance'],
      adult: 1190,
      published: true,
      contact: 'owner@globe.travel',
    },
  ],
  departures: [
    {
      title: 'Douro Wine Harvest',
      description: 'Harvest week in the Douro valley.',
      inDays: 45,
      nights: 3,
      days: [...stay('Porto', 'Porto Foz Hotel|Superior Double', 3, { 2: ['Douro Valley Wine Tasting'] }, B, true), ['Porto', null, [], B, LEAVE]],
      adult: 690,
      capacity: 16,
      minimum: 6,
      taken: 5,
      contact: 'owner@globe.travel',
    },
  ],
};

const minor = (whole: number) => whole * 100;
const prices = (adult: number) => ({ priceAdult: minor(adult), priceChild: minor(Math.round(adult * 0.7)), priceInfant: minor(Math.round(adult * 0.1)) });

export async function seedPersonalizedGroupTours(tx: Tx, organizationId: string, seed: PersonalizedGroupSeed): Promise<void> {
  const [org] = await tx.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId));
  const vendorOf = await seedVendorPicker(tx, organizationId);
  const place = new Map((await tx.select({ id: destinations.id, name: destinations.name, regionId: destinations.regionId }).from(destinations).where(eq(destinations.organizationId, organizationId))).map((d) => [d.name, d]));
  const hotel = new Map(
    (await tx.select({ id: hotels.id, name: hotels.name, destinationId: hotels.destinationId, roomTypes: hotels.roomTypes }).from(hotels).where(eq(hotels.organizationId, organizationId))).map((h) => [`${h.destinationId}|${h.name}`, h]),
  );
  const activity = new Map(
    (await tx.select({ id: activities.id, name: activities.name, destinationId: activities.destinationId, price: activities.pricePerPerson }).from(activities).where(eq(activities.organizationId, organizationId))).map((a) => [`${a.destinationId}|${a.name}`, a]),
  );
  const member = new Map((await tx.select({ id: members.id, email: members.email }).from(members).where(eq(members.organizationId, organizationId))).map((m) => [m.email, m.id]));
  const found = <T>(map: Map<string, T>, key: string): T => {
    const value = map.get(key);
    if (!value) throw new Error(`demo tours: ${key} is not in the catalogue`);
    return value;
  };

  const planOf = (days: DaySpec[]) => {
    const rows = days.map(([destination, stayAt, acts, meals, transfers, notes], i) => {
      const d = found(place, destination);
      const [hotelName, roomType] = stayAt?.split('|') ?? [];
      const h = hotelName ? found(hotel, `${d.id}|${hotelName}`) : undefined;
      return {
        organizationId,
        dayNumber: i + 1,
        destinationId: d.id,
        hotelId: h?.id ?? null,
        roomType: h ? roomType : null,
        activityIds: acts.map((a) => found(activity, `${d.id}|${a}`).id),
        transfers: transfers ?? null,
        meals,
        notes: notes ?? null,
      };
    });
    const destinationIds = [...new Set(rows.map((r) => r.destinationId))];
    const regionIds = [...new Set(days.map(([destination]) => found(place, destination).regionId))];
    return { rows, destinationIds, regionIds };
  };

  /** A personalized tour's costing: a room for two per night at the catalogue rate, activities for two, transfers, a service fee; 20 % markup. */
  const linesOf = (tourId: string, days: DaySpec[], plan: ReturnType<typeof planOf>) => {
    type Line = { kind: LineKind; dayNumber: number | null; description: string; hotelId: string | null; roomType: string | null; activityId: string | null; quantity: number; unit: LineUnit; unitCost: number; vendorId: string | null };
    const lines: Line[] = [];
    const nightsAt = new Map<string, { dayNumber: number; nights: number; hotelId: string; roomType: string; name: string; rate: number; destinationId: string }>();
    plan.rows.forEach((r) => {
      if (!r.hotelId) return;
      const h = [...hotel.values()].find((x) => x.id === r.hotelId)!;
      const key = `${r.hotelId}|${r.roomType}`;
      const room = (h.roomTypes as RoomType[]).find((x) => x.name === r.roomType)!;
      const entry = nightsAt.get(key) ?? { dayNumber: r.dayNumber, nights: 0, hotelId: r.hotelId, roomType: r.roomType!, name: h.name, rate: room.nightlyRate, destinationId: r.destinationId };
      entry.nights++;
      nightsAt.set(key, entry);
    });
    for (const s of nightsAt.values()) {
      lines.push({ kind: 'hotels', dayNumber: s.dayNumber, description: `${s.name}, ${s.roomType}`, hotelId: s.hotelId, roomType: s.roomType, activityId: null, quantity: s.nights, unit: 'per-room-night', unitCost: s.rate, vendorId: vendorOf('hotels', [...place.values()].find((d) => d.id === s.destinationId)?.name ?? null) });
    }
    plan.rows.forEach((r, i) => {
      for (const [j, id] of r.activityIds.entries()) {
        const a = [...activity.values()].find((x) => x.id === id)!;
        lines.push({ kind: 'activities', dayNumber: r.dayNumber, description: days[i][2][j], hotelId: null, roomType: null, activityId: id, quantity: 2, unit: 'per-person', unitCost: a.price, vendorId: vendorOf('activities', null) });
      }
    });
    lines.push({ kind: 'transfers', dayNumber: null, description: 'Airport transfers, arrival and departure', hotelId: null, roomType: null, activityId: null, quantity: 2, unit: 'per-unit', unitCost: 6_000, vendorId: vendorOf('transfers', null) });
    lines.push({ kind: 'fee', dayNumber: null, description: 'Service fee', hotelId: null, roomType: null, activityId: null, quantity: 1, unit: 'per-unit', unitCost: 5_000, vendorId: null });
    return lines.map((l, position) => ({ ...l, organizationId, tourId, position, markupType: 'percent', markup: 2_000 }));
  };

  for (const p of seed.personalized) {
    const plan = planOf(p.days);
    const [row] = await tx
      .insert(personalizedTours)
      .values({
        organizationId,
        title: p.title,
        description: p.description,
        regions: plan.regionIds,
        destinations: plan.destinationIds,
        totalNights: p.nights,
        pointOfContact: found(member, p.contact),
        inclusions: p.inclusions,
        exclusions: p.exclusions,
        ...prices(p.adult),
        currency: org.currency,
        isPublished: p.published,
      })
      .returning({ id: personalizedTours.id });
    await tx.insert(personalizedTourDays).values(plan.rows.map((r) => ({ ...r, tourId: row.id })));
    await tx.insert(personalizedTourLines).values(linesOf(row.id, p.days, plan));
  }

  const today = todayIn('UTC');
  for (const g of seed.departures) {
    const plan = planOf(g.days);
    const departure = dateOfDay(today, g.inDays + 1);
    const [row] = await tx
      .insert(groupTours)
      .values({
        organizationId,
        title: g.title,
        description: g.description,
        regions: plan.regionIds,
        destinations: plan.destinationIds,
        departure,
        arrival: dateOfDay(departure, g.nights + 1),
        pointOfContact: found(member, g.contact),
        ...prices(g.adult),
        currency: org.currency,
        capacity: g.capacity,
        minimumToRun: g.minimum,
        seatsTaken: g.taken,
        salesClosed: g.closed ?? false,
      })
      .returning({ id: groupTours.id });
    await tx.insert(groupTourDays).values(plan.rows.map((r) => ({ ...r, tourId: row.id })));
  }
}
