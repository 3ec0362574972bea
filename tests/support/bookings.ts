import { expect } from 'vitest';
import { addDays } from '../../src/domain/calendar';
import type { Agent } from './agent';
import type { TestServer } from './server';

/**
 * What the bookings tests share: the organization's day fixed by the test clock (Demo Travels is in
 * Asia/Dubai: 08:00 UTC is noon there), and tours, leads and bookings made through the API as staff
 * make them.
 */
export const TODAY = '2031-03-10';
export const NOW = `${TODAY}T08:00:00Z`;
export const day = (n: number) => addDays(TODAY, n);

let made = 0;
const unique = () => `${process.pid}-${++made}`;

export async function newLead(agent: Agent, name = `Booking lead ${unique()}`, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await agent.post('/api/leads', { name, email: `lead-${unique()}@example.com`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

export interface Prices {
  adult: number;
  child: number;
  infant: number;
}
export const PRICES: Prices = { adult: 150_000, child: 100_000, infant: 10_000 };

/** A departure of `nights` nights leaving `inDays` after today (or after `from`). */
export async function newDeparture(agent: Agent, o: { inDays?: number; from?: string; nights?: number; capacity?: number; prices?: Prices; title?: string } = {}): Promise<string> {
  const departure = addDays(o.from ?? TODAY, o.inDays ?? 60);
  const res = await agent.post('/api/group-tours', {
    title: o.title ?? `Departure ${unique()}`,
    departure,
    arrival: addDays(departure, o.nights ?? 5),
    pricePerPerson: o.prices ?? PRICES,
    capacity: o.capacity ?? 20,
    minimumToRun: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** A published package of `nights` nights. */
export async function newPackage(agent: Agent, o: { nights?: number; prices?: Prices; published?: boolean } = {}): Promise<string> {
  const res = await agent.post('/api/personalized-tours', { title: `Package ${unique()}`, totalNights: o.nights ?? 4, pricePerPerson: o.prices ?? PRICES, isPublished: o.published ?? true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** People's names for the travellers tests book (a placeholder such as "Traveller 1" is refused). */
export const TRAVELLER_NAMES = ['Amira Haddad', 'Ben Okafor', 'Chiara Russo', 'Dmitri Volkov', 'Elif Yilmaz', 'Farah Khan', 'Goran Petrov', 'Hana Sato'];
export const travellerName = (i: number) => `${TRAVELLER_NAMES[i % TRAVELLER_NAMES.length]}${i >= TRAVELLER_NAMES.length ? ` ${String.fromCharCode(65 + Math.floor(i / TRAVELLER_NAMES.length) - 1)}.` : ''}`;
export const adults = (n: number, named = true) => Array.from({ length: n }, (_, i) => ({ type: 'adult', ...(named ? { name: travellerName(i) } : {}) }));

/** A group booking body: deposit today, balance a week before departure (the departure's `inDays`). */
export function groupBooking(tourId: string, leadId: string, o: { pax?: number; named?: boolean; installments?: { dueDate: string; amount: number }[]; total?: number } = {}) {
  const pax = o.pax ?? 2;
  const total = o.total ?? pax * PRICES.adult;
  return {
    tourType: 'group',
    tourId,
    leadId,
    pax,
    travellers: adults(pax, o.named ?? true),
    installments: o.installments ?? [
      { dueDate: TODAY, amount: Math.round(total * 0.3) },
      { dueDate: day(30), amount: total - Math.round(total * 0.3) },
    ],
  };
}

/** A booking made through the API (201), answered whole. */
export async function book(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/bookings', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** A payment recorded (201) on a booking. */
export async function pay(agent: Agent, bookingId: string, amount: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return agent.post(`/api/bookings/${bookingId}/payment`, { amount, paymentMethod: 'bank-transfer', paidOn: TODAY, reference: 'TRF-1', ...extra }, headers);
}

export const verify = (agent: Agent, bookingId: string, paymentId: string) => agent.put(`/api/bookings/${bookingId}/payment/${paymentId}/verify`, {});
export const fail = (agent: Agent, bookingId: string, paymentId: string, reason = 'The cheque bounced') => agent.put(`/api/bookings/${bookingId}/payment/${paymentId}/fail`, { reason });

export async function orgId(s: TestServer, name = 'Demo Travels'): Promise<string> {
  return (await s.sql<{ id: string }>('select id from organizations where name = $1', [name]))[0].id;
}
