import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { NOW, book, groupBooking, newDeparture, newLead, orgId, pay, verify } from '../support/bookings';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A series' numbers past 9,999 in a year (0053): four digits at least, more when the number needs
 * them. The 10,000th receipt was cut to four digits ("RCT-2031-1000"), a number issued already, and
 * every verification of the year was refused from then on.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;

beforeAll(async () => {
  s = await startTestServer();
  s.clock.set(NOW);
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
});
afterAll(() => s?.close());

describe('document numbers', () => {
  it('go on past 9,999 in a year: RCT-2031-9999, RCT-2031-10000, RCT-2031-10001', async () => {
    const org = await orgId(s);
    await s.sql(
      `insert into number_series (organization_id, doc_type, year, last) values ($1, 'receipt', 2031, 9998)
       on conflict (organization_id, doc_type, year) do update set last = 9998`,
      [org],
    );
    const b = await book(owner, groupBooking(await newDeparture(owner), await newLead(owner)));
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = (await pay(owner, b._id, 10_000)).body.data;
      const v = await verify(finance, b._id, p._id);
      expect(v.status, JSON.stringify(v.body)).toBe(200);
      numbers.push(v.body.data.receiptNumber);
    }
    expect(numbers).toEqual(['RCT-2031-9999', 'RCT-2031-10000', 'RCT-2031-10001']);
    expect(await s.sql(`select number from document_numbers where organization_id = $1 and number = any($2)`, [org, numbers])).toHaveLength(3);
  });
});
