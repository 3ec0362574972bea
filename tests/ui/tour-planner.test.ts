import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceTour } from '../../src/domain/tour-pricing';
import {
  ACTIVITY_DIFFICULTY_ORDER,
  addDays,
  maxDifficultyFor,
  nightsOf,
  planTour,
  PlannerInputError,
  reconcilePlan,
  roomsAt,
  spreadNights,
  type PlannerCatalogue,
  type PlannerQuery,
} from '../../src/domain/tour-planner';

/** The deterministic planner (src/domain/tour-planner.ts): properties over random catalogues and queries. */
const CATEGORIES = ['sightseeing', 'adventure', 'culture', 'food', 'wildlife'];
const DESTINATIONS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'];
const uuidish = (prefix: string) => fc.integer({ min: 0, max: 9999 }).map((n) => `${prefix}${String(n).padStart(4, '0')}`);

const catalogueArb: fc.Arbitrary<PlannerCatalogue> = fc.record({
  hotels: fc.uniqueArray(
    fc.record({
      id: uuidish('h'),
      destinationId: fc.constantFrom(...DESTINATIONS),
      name: fc.constant('Hotel'),
      stars: fc.integer({ min: 1, max: 5 }),
      roomTypes: fc.uniqueArray(fc.record({ name: fc.constantFrom('Single', 'Double', 'Suite', 'Family'), nightlyRate: fc.integer({ min: 0, max: 80_000 }), maxOccupancy: fc.integer({ min: 1, max: 5 }) }), {
        selector: (r) => r.name,
        maxLength: 3,
      }),
    }),
    { selector: (h) => h.id, maxLength: 25 },
  ),
  activities: fc.uniqueArray(
    fc.record({
      id: uuidish('a'),
      destinationId: fc.constantFrom(...DESTINATIONS),
      name: fc.constant('Activity'),
      category: fc.constantFrom(...CATEGORIES),
      difficulty: fc.constantFrom(...ACTIVITY_DIFFICULTY_ORDER),
      durationMinutes: fc.integer({ min: 30, max: 600 }),
      pricePerPerson: fc.integer({ min: 0, max: 30_000 }),
    }),
    { selector: (a) => a.id, maxLength: 40 },
  ),
}).map((c) => ({ ...c, destinations: DESTINATIONS.map((id) => ({ id, name: id.toUpperCase() })) }));

const queryArb: fc.Arbitrary<PlannerQuery> = fc.record({
  departure: fc.integer({ min: 0, max: 700 }).map((n) => addDays('2027-01-01', n)),
  nights: fc.integer({ min: 0, max: 21 }),
  adults: fc.integer({ min: 1, max: 6 }),
  children: fc.integer({ min: 0, max: 3 }),
  infants: fc.integer({ min: 0, max: 2 }),
  destinationIds: fc.uniqueArray(fc.constantFrom(...DESTINATIONS, 'unknown'), { minLength: 1, maxLength: 5 }).filter((d) => d.some((x) => x !== 'unknown')),
  budget: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  categories: fc.option(fc.subarray(CATEGORIES), { nil: undefined }),
  maxDifficulty: fc.option(fc.constantFrom(...ACTIVITY_DIFFICULTY_ORDER), { nil: undefined }),
}).map(({ nights, ...q }) => ({ ...q, arrival: addDays(q.departure, nights) }));

const MARKUP = { markupBasisPoints: 1500 };
const shuffled = <T>(list: T[], seed: number) =>
  list
    .map((x, i) => ({ x, k: (i * 7919 + seed * 104729) % 10007 }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);

describe('tour planner', () => {
  it('covers every night exactly once, in the query’s destinations, with days on consecutive dates', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, (catalogue, q) => {
        const plan = planTour(q, catalogue, MARKUP);
        const nights = nightsOf(q);
        expect(plan.days).toHaveLength(nights + 1);
        plan.days.forEach((d, i) => expect(d.date).toBe(addDays(q.departure, i)));
        // The stays partition the nights 1..N: each night in exactly one stay.
        const covered = plan.choice.stays.flatMap((s) => Array.from({ length: s.nights }, (_, k) => s.firstDay + k));
        expect(covered).toEqual(Array.from({ length: nights }, (_, k) => k + 1));
        // Each night's day is at its stay's destination, and in its hotel when there is one.
        for (const s of plan.choice.stays) {
          expect(q.destinationIds).toContain(s.destinationId);
          for (let k = 0; k < s.nights; k++) {
            const day = plan.days[s.firstDay - 1 + k];
            expect(day.destinationId).toBe(s.destinationId);
            expect(day.hotelId).toBe(s.hotelId);
          }
        }
        // The day home sleeps nowhere; a night with a hotel is paid once (room-nights = nights × rooms).
        if (nights > 0) expect(plan.days[nights].hotelId).toBeNull();
        const roomNights = plan.lines.filter((l) => l.kind === 'hotels').reduce((sum, l) => sum + l.quantity, 0);
        expect(roomNights).toBe(plan.choice.stays.reduce((sum, s) => sum + (s.hotelId ? s.nights * (s.rooms ?? 0) : 0), 0));
        // Nights spread evenly, in the query's order.
        const counts = plan.choice.stays.map((s) => s.nights);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('uses only catalogue items of the day’s destination, each activity once, never harder than the party allows', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, (catalogue, q) => {
        const plan = planTour(q, catalogue, MARKUP);
        const hotels = new Map(catalogue.hotels.map((h) => [h.id, h]));
        const activities = new Map(catalogue.activities.map((a) => [a.id, a]));
        const hardest = ACTIVITY_DIFFICULTY_ORDER.indexOf(maxDifficultyFor(q));
        for (const d of plan.days) {
          expect(q.destinationIds).toContain(d.destinationId);
          if (d.hotelId) {
            const h = hotels.get(d.hotelId)!;
            expect(h.destinationId).toBe(d.destinationId);
            const room = h.roomTypes.find((r) => r.name === d.roomType)!;
            expect(room).toBeDefined();
            expect(d.rooms).toBe(roomsAt(q, room));
          }
          expect(d.activityIds.length).toBeLessThanOrEqual(2);
          for (const id of d.activityIds) {
            const a = activities.get(id)!;
            expect(a.destinationId).toBe(d.destinationId);
            expect(ACTIVITY_DIFFICULTY_ORDER.indexOf(a.difficulty as never)).toBeLessThanOrEqual(hardest);
          }
        }
        const ids = plan.days.flatMap((d) => d.activityIds);
        expect(new Set(ids).size).toBe(ids.length);
        // A destination with hotels always gets one for its nights.
        for (const s of plan.choice.stays) {
          const has = catalogue.hotels.some((h) => h.destinationId === s.destinationId && h.roomTypes.length > 0);
          expect(!!s.hotelId).toBe(has && s.nights > 0);
        }
        // Transfers exactly where the destination changes.
        plan.days.forEach((d, i) => expect(!!d.transfers).toBe(i > 0 && plan.days[i - 1].destinationId !== d.destinationId));
      }),
    );
  });

  it('stays within the budget when every stay has a room within the budget per night', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, (catalogue, q) => {
        const plan = planTour(q, catalogue, MARKUP);
        const priced = priceTour(
          plan.lines.map((l) => ({ ...l, markup: { basisPoints: l.markup } })),
          q.adults + q.children + q.infants,
        );
        // Priced with the tours' pricing function, as the server will.
        expect(plan.priced).toEqual(priced.totals);
        if (q.budget === null) {
          expect(plan.withinBudget).toBeNull();
          return;
        }
        expect(plan.withinBudget).toBe(priced.totals.sell <= q.budget);
        const nights = nightsOf(q);
        const perNight = nights > 0 ? Math.floor(q.budget / nights) : q.budget;
        const affordable = plan.choice.stays.every((s) => {
          const rooms = catalogue.hotels.filter((h) => h.destinationId === s.destinationId).flatMap((h) => h.roomTypes);
          if (!rooms.length || s.nights === 0) return true;
          return rooms.some((r) => {
            const n = roomsAt(q, r);
            return priceTour([{ kind: 'hotels', quantity: n, unitCost: r.nightlyRate, markup: { basisPoints: MARKUP.markupBasisPoints } }], 1).totals.sell <= perNight;
          });
        });
        if (affordable) expect(plan.withinBudget).toBe(true);
      }),
    );
  });

  it('gives the same tour for the same input, whatever the catalogue’s order', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, fc.nat(1000), (catalogue, q, seed) => {
        const a = planTour(q, catalogue, MARKUP);
        const b = planTour(q, { destinations: shuffled(catalogue.destinations, seed), hotels: shuffled(catalogue.hotels, seed + 1), activities: shuffled(catalogue.activities, seed + 2) }, MARKUP);
        expect(b).toEqual(a);
        expect(planTour(q, catalogue, MARKUP)).toEqual(a);
      }),
    );
  });

  it('spreads nights evenly, the first destinations getting the extra ones', () => {
    expect(spreadNights(14, 4)).toEqual([4, 4, 3, 3]);
    expect(spreadNights(2, 4)).toEqual([1, 1]);
    expect(spreadNights(0, 3)).toEqual([0]);
  });

  it('refuses a query it cannot plan, naming what is missing', () => {
    const catalogue: PlannerCatalogue = { destinations: [{ id: 'd0', name: 'D0' }], hotels: [], activities: [] };
    const q: PlannerQuery = { departure: '2027-03-01', arrival: '2027-03-05', adults: 2, children: 0, infants: 0, destinationIds: ['elsewhere'], budget: null };
    expect(() => planTour(q, catalogue, MARKUP)).toThrow(PlannerInputError);
    expect(() => planTour({ ...q, destinationIds: ['d0'], arrival: '2027-02-01' }, catalogue, MARKUP)).toThrow(/return/);
  });

  it('keeps a model’s valid choices and replaces what the catalogue lacks by the planner’s', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, (catalogue, q) => {
        const planner = planTour(q, catalogue, MARKUP);
        // The planner's own choice comes back unchanged.
        const same = reconcilePlan(q, catalogue, { stays: planner.choice.stays, activities: planner.choice.activities }, MARKUP);
        expect(same.replaced).toEqual([]);
        expect(same.days).toEqual(planner.days);
        // A hallucinated hotel and activity are dropped, the planner's taken instead.
        const stays = planner.choice.stays.map((s, i) => (i === 0 ? { ...s, hotelId: 'h-invented' } : s));
        const activities = planner.choice.activities.map((list, i) => (i === 0 ? ['a-invented', ...list] : list));
        const fixed = reconcilePlan(q, catalogue, { stays, activities }, MARKUP);
        expect(fixed.replaced.map((r) => r.id)).toEqual(expect.arrayContaining(['h-invented', 'a-invented']));
        expect(fixed.days.flatMap((d) => [d.hotelId, ...d.activityIds])).not.toContain('h-invented');
        expect(fixed.days.flatMap((d) => d.activityIds)).not.toContain('a-invented');
        if (planner.choice.stays[0].nights > 0) expect(fixed.choice.stays[0].hotelId).toBe(planner.choice.stays[0].hotelId);
      }),
    );
  });
});
