import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationPaths } from '../../src/api/cancellations/contract';
import { creditEndpoints } from '../../src/api/finance/credit/contract';
import type { Agent } from '../support/agent';
import { orgId } from '../support/bookings';
import { pdfText } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The demo's cancellations (server/cancellations/seed.ts) as staff find them through the API in the
 * seeded database every test starts from: requests in both lists, a returning customer whose credit
 * note partly pays their next trip, another whose note paid the next deposit whole (used up), a note
 * never used that expired, a refund pending and one processed; made through the real functions, so
 * the books balance and pass an accountant's tool.
 */
let s: TestServer;
let owner: Agent;
let finance: Agent;
let demoOrg: string;

beforeAll(async () => {
  s = await startTestServer();
  [owner, finance] = await s.logins('owner@demo.travel', 'finance@demo.travel');
  demoOrg = await orgId(s);
});
afterAll(() => s?.close());

interface Listed {
  _id: string;
  status: string;
  booking: { _id: string; ref: string };
}

describe('the demo cancellations', () => {
  it('are in both lists: one request waiting, four approved and one rejected', async () => {
    const open = await owner.get('/api/booking-cancellations/requests');
    expect(open.status).toBe(200);
    expect(open.body.data.map((c: Listed) => c.status)).toEqual(['requested']);
    const decided = await owner.get('/api/booking-cancellations');
    expect(decided.body.data.map((c: Listed) => c.status).sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'rejected']);

    // Each decided one has its confirmation for the customer; the waiting one has none yet.
    for (const c of decided.body.data as Listed[]) {
      const res = await fetch(`${s.url}/api${cancellationPaths.pdf.url({ id: c._id })}`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect(res.status).toBe(200);
      expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain(c.booking.ref);
    }
    const waiting = await owner.get(`/api${cancellationPaths.pdf.url({ id: open.body.data[0]._id })}`);
    expect(waiting.status).toBe(409);
    // The waiting request is an Arabic customer's.
    expect((await owner.get(`/api/bookings/id/${open.body.data[0].booking._id}`)).body.data.language).toBe('ae');
  });

  it("has a returning customer: the first trip cancelled with a credit note that partly pays the second", async () => {
    const notes = await owner.get(`/api${creditEndpoints.creditNotes.pattern}`);
    expect(notes.status).toBe(200);
    expect(notes.body.data).toHaveLength(3);
    // Numbered in the order they were issued, with no gap.
    const byDay = [...notes.body.data].sort((a: { issuedOn: string; number: string }, b: { issuedOn: string; number: string }) => a.issuedOn.localeCompare(b.issuedOn) || a.number.localeCompare(b.number));
    expect(byDay.map((n: { number: string }) => n.number.slice(-4))).toEqual(['0001', '0002', '0003']);
    const note = notes.body.data.find((n: { status: string }) => n.status === 'issued');
    expect(note.number).toMatch(/^CN-\d{4}-\d{4}$/);
    expect(note.status).toBe('issued');
    expect(note.usedAmount).toBeGreaterThan(0);
    expect(note.usedAmount).toBeLessThan(note.amount);
    expect(note.remaining).toBe(note.amount - note.usedAmount);
    const detail = (await owner.get(`/api${creditEndpoints.creditNote.url({ id: note._id })}`)).body.data;
    expect(detail.redemptions).toHaveLength(1);
    const second = detail.redemptions[0].booking;
    expect(second._id).not.toBe(detail.booking._id);

    // Two bookings of one person: two leads of the same contact.
    const people = await s.sql<{ contact_id: string; status: string }>(
      `select l.contact_id, b.status from bookings b join leads l on l.id = b.lead_id where b.id = any($1::uuid[]) order by b.number`,
      [[detail.booking._id, second._id]],
    );
    expect(people.map((p) => p.status)).toEqual(['canceled', 'pendingVerification']);
    expect(new Set(people.map((p) => p.contact_id)).size).toBe(1);
    expect(people[0].contact_id).toBeTruthy();

    // The payment the note made has its receipt, naming the method (a 500 before: the documents had no words for it).
    const [paid] = await s.sql<{ id: string }>(`select id from booking_payments where booking_id = $1 and payment_method = 'credit-note'`, [second._id]);
    const receipt = await fetch(`${s.url}/api/bookings/${second._id}/payment-receipt/${paid.id}/pdf`, { headers: { Cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(receipt.status).toBe(200);
    expect(pdfText(Buffer.from(await receipt.arrayBuffer()))).toContain('Credit note');
  });

  it('has a credit note used up by the next deposit, and one never used that expired into income', async () => {
    const notes = (await owner.get(`/api${creditEndpoints.creditNotes.pattern}`)).body.data as { _id: string; status: string; amount: number; usedAmount: number; remaining: number; validUntil: string }[];
    const today = (await s.sql<{ d: string }>(`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as d from organizations where id = $1`, [demoOrg]))[0].d;

    const used = notes.filter((n) => n.status === 'redeemed');
    expect(used).toHaveLength(1);
    expect(used[0].usedAmount).toBe(used[0].amount);
    expect(used[0].remaining).toBe(0);
    const usedDetail = (await owner.get(`/api${creditEndpoints.creditNote.url({ id: used[0]._id })}`)).body.data;
    expect(usedDetail.redemptions).toHaveLength(1);
    expect(usedDetail.redemptions[0].amount).toBe(used[0].amount);

    const expired = notes.filter((n) => n.status === 'expired');
    expect(expired).toHaveLength(1);
    expect(expired[0].usedAmount).toBe(0);
    expect(expired[0].validUntil < today).toBe(true);
    // What was left became income once, on the day after its last valid day.
    const breakage = await s.sql<{ date: string; amount: string }>(
      `select e.date::text, sum(l.credit)::text as amount from journal_entries e join journal_lines l on l.entry_id = e.id
        where e.organization_id = $1 and e.source_type = 'credit-note' and e.source_id = $2 group by e.id, e.date`,
      [demoOrg, expired[0]._id],
    );
    expect(breakage).toHaveLength(1);
    expect(breakage[0].date > expired[0].validUntil).toBe(true);
    expect(Number(breakage[0].amount)).toBe(expired[0].amount);
  });

  it('has a refund pending and one processed', async () => {
    const refunds = await finance.get('/api/refunds');
    expect(refunds.status).toBe(200);
    expect(refunds.body.data.map((r: { status: string }) => r.status).sort()).toEqual(['pending', 'refunded']);
    const processed = refunds.body.data.find((r: { status: string }) => r.status === 'refunded');
    expect(processed.refundedOn).toBeTruthy();
    const [entry] = await s.sql<{ n: number }>(`select count(*)::int as n from journal_entries where source_type = 'refund' and source_id = $1`, [processed._id]);
    expect(entry.n).toBe(1);
  });

  it('leaves the books balanced: every entry, and the journal exported passes hledger check', async () => {
    expect(await s.sql(`select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`)).toEqual([]);
    const sources = await s.sql<{ source_type: string; n: number }>(
      `select source_type, count(*)::int as n from journal_entries where organization_id = $1 and source_type in ('cancellation', 'refund') group by source_type order by source_type`,
      [demoOrg],
    );
    expect(sources).toEqual([
      { source_type: 'cancellation', n: 4 },
      { source_type: 'refund', n: 1 },
    ]);
    const res = await fetch(`${s.url}/api/account/journal/export?format=hledger`, { headers: { Cookie: [...finance.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'demo-books-')), 'books.journal');
    fs.writeFileSync(file, await res.text());
    execFileSync('hledger', ['-f', file, 'check']);
  });
});
