import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Agent } from './agent';
import type { TestServer } from './server';

/**
 * The money invariants of the whole system, read from the database as it is (docs/cancellations.md,
 * "The money-invariant gate"): each check answers the list of what breaks it (empty: it holds), so a
 * gate can say every broken rule at once. Amounts are read as text and compared as BigInt-safe
 * numbers (the gate's amounts are far below 2^53).
 */
type Sql = TestServer['sql'];
export type Broken = string[];

const run = promisify(execFile);

/** Every journal entry has at least two lines, each on one side, and its debits equal its credits. */
export async function unbalancedEntries(sql: Sql): Promise<Broken> {
  const rows = await sql<{ entry_id: string; lines: number; debit: string; credit: string }>(`
    select e.id as entry_id, count(l.id)::int as lines, coalesce(sum(l.debit), 0)::text as debit, coalesce(sum(l.credit), 0)::text as credit
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    group by e.id having count(l.id) < 2 or coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)`);
  return rows.map((r) => `journal entry ${r.entry_id}: ${r.lines} lines, debit ${r.debit} ≠ credit ${r.credit}`);
}

/** The organization's journal as exported for hledger (`GET /api/account/journal/export?format=hledger`) passes `hledger check`. */
export async function hledgerRefuses(agent: Agent): Promise<Broken> {
  const res = await agent.get('/api/account/journal/export?format=hledger');
  if (res.status !== 200) return [`journal export answered ${res.status}`];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'money-gate-'));
  const file = path.join(dir, 'books.journal');
  fs.writeFileSync(file, String(res.body ?? ''));
  try {
    await run('hledger', ['-f', file, 'check']);
    return [];
  } catch (e) {
    return [`hledger check: ${(e as { stderr?: string }).stderr ?? String(e)}`];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every number series is gapless and every number it issued names one document: for each series
 * (organization, type, year) the numbers recorded in `document_numbers` are exactly 1..last, and the
 * documents of that type (receipts of booking payments and other income, invoices, vouchers, credit
 * notes) hold exactly those numbers, each once.
 */
export async function seriesGaps(sql: Sql): Promise<Broken> {
  const broken: Broken = [];
  const series = await sql<{ organization_id: string; doc_type: string; year: number; last: number; issued: string[] | null; held: string[] | null }>(`
    with docs as (
      select organization_id, 'receipt' as doc_type, receipt_number as number from booking_payments where receipt_number is not null
      union all select organization_id, 'receipt', number from other_incomes
      union all select organization_id, 'invoice', number from booking_invoices
      union all select organization_id, 'voucher', number from vouchers where number is not null
      union all select organization_id, 'credit-note', number from credit_notes
    )
    select s.organization_id, s.doc_type, s.year, s.last,
           (select array_agg(d.number order by d.number) from document_numbers d
             where d.organization_id = s.organization_id and d.doc_type = s.doc_type and d.number ~ ('-' || s.year || '-\\d+$')) as issued,
           (select array_agg(x.number order by x.number) from docs x
             where x.organization_id = s.organization_id and x.doc_type = s.doc_type and x.number ~ ('-' || s.year || '-\\d+$')) as held
    from number_series s`);
  for (const s of series) {
    const where = `${s.doc_type} ${s.year} (organization ${s.organization_id.slice(0, 8)})`;
    const issued = (s.issued ?? []).map((n) => Number(/-(\d+)$/.exec(n)![1])).sort((a, b) => a - b);
    const expected = Array.from({ length: s.last }, (_, i) => i + 1);
    if (issued.join() !== expected.join()) broken.push(`${where}: issued ${describeRun(issued)}, the series is at ${s.last}`);
    const held = s.held ?? [];
    if (new Set(held).size !== held.length) broken.push(`${where}: a number is held by two documents (${held.filter((n, i) => held.indexOf(n) !== i).join(', ')})`);
    const issuedSet = new Set(s.issued ?? []);
    const orphans = held.filter((n) => !issuedSet.has(n));
    const unheld = [...issuedSet].filter((n) => !held.includes(n));
    if (orphans.length) broken.push(`${where}: documents with numbers never issued: ${orphans.join(', ')}`);
    if (unheld.length) broken.push(`${where}: numbers issued to no document: ${unheld.join(', ')}`);
  }
  return broken;
}

const describeRun = (ns: number[]) => (ns.length > 12 ? `${ns.slice(0, 5).join(',')}…${ns.slice(-5).join(',')} (${ns.length})` : ns.join(',') || 'none');

/** Every departure's seats within 0..capacity; on the departures given, exactly the travellers of their bookings not cancelled. */
export async function seatProblems(sql: Sql, departures: string[]): Promise<Broken> {
  const rows = await sql<{ id: string; capacity: number; seats_taken: number; booked: number; checked: boolean }>(
    `select g.id, g.capacity, g.seats_taken,
            (select coalesce(sum(b.pax), 0)::int from bookings b where b.tour_type = 'group' and b.tour_id = g.id and b.status <> 'canceled') as booked,
            g.id = any($1::uuid[]) as checked
     from group_tours g`,
    [departures],
  );
  const broken: Broken = [];
  for (const r of rows) {
    if (r.seats_taken < 0 || r.seats_taken > r.capacity) broken.push(`departure ${r.id}: ${r.seats_taken} seats taken of ${r.capacity}`);
    if (r.checked && r.seats_taken !== r.booked) broken.push(`departure ${r.id}: ${r.seats_taken} seats taken, ${r.booked} travellers booked`);
  }
  return broken;
}

/**
 * Credit notes: what each used is its redemptions' sum, within 0..amount; its state follows
 * (redeemed: all used; issued: something left); an expired note's breakage is in the journal
 * exactly (what it had left, plus any use given back since); and the credit-notes liability of each
 * organization is what its issued notes have left.
 */
export async function creditNoteProblems(sql: Sql): Promise<Broken> {
  const broken: Broken = [];
  const notes = await sql<{ id: string; number: string; status: string; amount: string; used: string; redeemed: string; income: string; lines: number }>(`
    select n.id, n.number, n.status, n.amount::text, n.used_amount::text as used,
           (select coalesce(sum(r.amount), 0) from credit_note_redemptions r where r.credit_note_id = n.id)::text as redeemed,
           (select coalesce(sum(l.credit - l.debit), 0) from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
             where e.source_type = 'credit-note' and e.source_id = n.id and a.key = 'cancellation-income')::text as income,
           (select count(*)::int from journal_entries e where e.source_type = 'credit-note' and e.source_id = n.id) as lines
    from credit_notes n`);
  for (const n of notes) {
    const [amount, used, redeemed, income] = [n.amount, n.used, n.redeemed, n.income].map(Number);
    const where = `credit note ${n.number} (${n.status})`;
    if (used !== redeemed) broken.push(`${where}: used ${used}, its redemptions add up to ${redeemed}`);
    if (used < 0 || used > amount) broken.push(`${where}: used ${used} of ${amount}`);
    if (n.status === 'redeemed' && used !== amount) broken.push(`${where}: redeemed with ${amount - used} left`);
    if (n.status === 'issued' && used >= amount) broken.push(`${where}: issued with nothing left`);
    if (n.status === 'expired' && income !== amount - used) broken.push(`${where}: its breakage in the journal is ${income}, it had ${amount - used} left`);
    if (n.status !== 'expired' && n.lines) broken.push(`${where}: ${n.lines} expiry entries before it expired`);
  }
  const liability = await sql<{ organization_id: string; journal: string; left: string }>(`
    select o.id as organization_id,
           (select coalesce(sum(l.credit - l.debit), 0) from journal_lines l join accounts a on a.id = l.account_id where a.organization_id = o.id and a.key = 'credit-notes')::text as journal,
           (select coalesce(sum(n.amount - n.used_amount), 0) from credit_notes n where n.organization_id = o.id and n.status = 'issued')::text as left
    from organizations o`);
  for (const l of liability) if (l.journal !== l.left) broken.push(`organization ${l.organization_id.slice(0, 8)}: credit notes owe ${l.journal} in the journal, issued notes have ${l.left} left`);
  return broken;
}

/** Each journal entry with the booking its source belongs to. */
const ENTRY_BOOKING = `
  select e.id as entry_id, e.source_type,
    case e.source_type
      when 'booking-payment' then (select p.booking_id from booking_payments p where p.id = e.source_id)
      when 'cancellation' then (select c.booking_id from booking_cancellations c where c.id = e.source_id)
      when 'refund' then (select r.booking_id from refunds r where r.id = e.source_id)
      when 'revenue-recognition' then e.source_id
      when 'credit-note' then (select n.booking_id from credit_notes n where n.id = e.source_id)
      when 'voucher-payment' then (select o.booking_id from operation_payments p join booking_operations o on o.id = p.operation_id where p.id = e.source_id)
      when 'expense-payment' then (select o.booking_id from operation_payments p join booking_operations o on o.id = p.operation_id where p.id = e.source_id)
      when 'vendor-refund' then (select o.booking_id from vendor_refunds r join booking_operations o on o.id = r.operation_id where r.id = e.source_id)
    end as booking_id
  from journal_entries e`;

interface BookingMoney {
  id: string;
  number: string;
  status: string;
  op_status: string | null;
  paid_amount: string;
  money_in: string;
  credit_paid: string;
  redeemed_net: string;
  refunded: string;
  refund_pending: string;
  notes_issued: string;
  kept: string;
  vendor_paid: string;
  vendor_refunded: string;
  vendor_due: string;
  /** The journal's balances of the entries of this booking, by account key: credit − debit. */
  journal: Record<string, string> | null;
  /** The same, by source type and account key. */
  by_source: Record<string, string> | null;
}

/**
 * The money of each booking given, records against the journal (docs/cancellations.md, "The
 * money-invariant gate", says why this equation):
 *
 *   verified money payments + credit-note redemptions (net of those given back)
 *     = refunds paid out + credit notes issued by its cancellation + cancellation income kept
 *       + what is still held (its customer deposits) + what its trip earned (tour revenue less what is still owed)
 *
 * with each term of the records also found in its own journal entries, a cancelled booking holding
 * nothing but the refunds still to pay, and the vendors' side: what was paid to vendors less what
 * they gave back is prepaid (while the trip is open), owed back by them, or a cost.
 */
export async function bookingMoneyProblems(sql: Sql, bookingIds: string[]): Promise<Broken> {
  if (!bookingIds.length) return [];
  const rows = await sql<BookingMoney>(
    `with eb as (${ENTRY_BOOKING}),
     lines as (
       select eb.booking_id, eb.source_type, a.key, sum(l.credit - l.debit) as balance
       from eb join journal_lines l on l.entry_id = eb.entry_id join accounts a on a.id = l.account_id
       where eb.booking_id = any($1::uuid[]) group by 1, 2, 3)
     select b.id, b.number::text, b.status, o.status as op_status, b.paid_amount::text,
       (select coalesce(sum(amount), 0) from booking_payments where booking_id = b.id and status = 'verified' and payment_method <> 'credit-note')::text as money_in,
       (select coalesce(sum(amount), 0) from booking_payments where booking_id = b.id and status = 'verified' and payment_method = 'credit-note')::text as credit_paid,
       (select coalesce(sum(r.amount), 0) from credit_note_redemptions r join booking_payments p on p.id = r.payment_id where p.booking_id = b.id)::text as redeemed_net,
       (select coalesce(sum(amount), 0) from refunds where booking_id = b.id and status = 'refunded')::text as refunded,
       (select coalesce(sum(amount), 0) from refunds where booking_id = b.id and status = 'pending')::text as refund_pending,
       (select coalesce(sum(amount), 0) from credit_notes where booking_id = b.id)::text as notes_issued,
       (select coalesce(sum(kept_amount), 0) from booking_cancellations where booking_id = b.id and status = 'approved')::text as kept,
       (select coalesce(sum(p.amount), 0) from operation_payments p where p.operation_id = o.id)::text as vendor_paid,
       (select coalesce(sum(r.amount), 0) from vendor_refunds r where r.operation_id = o.id)::text as vendor_refunded,
       (select coalesce(sum(greatest(0, least(v.paid_amount, v.vendor_refund_expected) - v.vendor_refunded)), 0) from vouchers v where v.operation_id = o.id and v.status = 'void')::text as vendor_due,
       (select jsonb_object_agg(key, total::text) from (select key, sum(balance) as total from lines where booking_id = b.id group by key) x) as journal,
       (select jsonb_object_agg(source_type || ' ' || key, balance::text) from lines where booking_id = b.id) as by_source
     from bookings b left join booking_operations o on o.booking_id = b.id
     where b.id = any($1::uuid[])`,
    [bookingIds],
  );
  const broken: Broken = [];
  for (const r of rows) {
    const j = (key: string) => Number(r.journal?.[key] ?? 0);
    const src = (source: string, key: string) => Number(r.by_source?.[`${source} ${key}`] ?? 0);
    const moneyOf = (source: string) => Object.entries(r.by_source ?? {}).filter(([k]) => k.startsWith(`${source} money:`)).reduce((n, [, v]) => n + Number(v), 0);
    const [moneyIn, creditPaid, redeemedNet, refunded, refundPending, notesIssued, kept, paidAmount] = [r.money_in, r.credit_paid, r.redeemed_net, r.refunded, r.refund_pending, r.notes_issued, r.kept, r.paid_amount].map(Number);
    const held = j('customer-deposits');
    const earned = j('tour-revenue') + j('accounts-receivable');
    const where = `booking BK-${r.number} (${r.status}${r.op_status ? `, trip ${r.op_status}` : ''})`;
    const left = moneyIn + redeemedNet;
    const right = refunded + notesIssued + kept + held + earned;
    if (left !== right) {
      broken.push(`${where}: paid ${moneyIn} + redeemed ${redeemedNet} = ${left}, but refunded ${refunded} + credit notes ${notesIssued} + kept ${kept} + held ${held} + earned ${earned} = ${right}`);
    }
    if (paidAmount !== moneyIn + creditPaid) broken.push(`${where}: paid amount ${paidAmount}, its verified payments add up to ${moneyIn + creditPaid}`);
    if (-moneyOf('booking-payment') !== moneyIn) broken.push(`${where}: its payments' entries put ${-moneyOf('booking-payment')} into money accounts, verified money payments are ${moneyIn}`);
    if (-src('booking-payment', 'credit-notes') !== creditPaid) broken.push(`${where}: its payments' entries used ${-src('booking-payment', 'credit-notes')} of credit notes, credit-note payments are ${creditPaid}`);
    if (moneyOf('refund') !== refunded) broken.push(`${where}: its refunds' entries paid out ${moneyOf('refund')}, refunds processed are ${refunded}`);
    if (src('cancellation', 'cancellation-income') !== kept) broken.push(`${where}: its cancellation's entry has ${src('cancellation', 'cancellation-income')} of income, the approval kept ${kept}`);
    if (held < 0) broken.push(`${where}: holds ${held} (less than nothing)`);
    if (r.status === 'canceled' && held !== refundPending) broken.push(`${where}: cancelled, it still holds ${held} of the customer's money; refunds to pay are ${refundPending}`);
    if (r.status === 'canceled' && redeemedNet !== 0) broken.push(`${where}: cancelled, it keeps ${redeemedNet} of credit notes`);
    if (r.status !== 'canceled' && redeemedNet !== creditPaid) broken.push(`${where}: redemptions ${redeemedNet}, credit-note payments ${creditPaid}`);
    // The vendors' side (debit balances: an asset or a cost is positive).
    const [vendorPaid, vendorRefunded, vendorDue] = [r.vendor_paid, r.vendor_refunded, r.vendor_due].map(Number);
    const prepaid = -j('vendor-prepayments');
    const due = -j('vendor-refunds-due');
    const costs = -j('vendor-costs');
    if (prepaid + due + costs !== vendorPaid - vendorRefunded) broken.push(`${where}: paid to vendors ${vendorPaid} less given back ${vendorRefunded}, but prepaid ${prepaid} + owed back ${due} + costs ${costs}`);
    const open = r.op_status === 'pending';
    if (prepaid !== (open ? vendorPaid : 0)) broken.push(`${where}: prepaid to vendors ${prepaid} in the journal, ${open ? vendorPaid : 0} expected`);
    if (due !== vendorDue) broken.push(`${where}: vendors owe back ${due} in the journal, its void vouchers say ${vendorDue}`);
  }
  if (rows.length !== new Set(bookingIds).size) broken.push(`${new Set(bookingIds).size - rows.length} bookings acknowledged are missing`);
  return broken;
}

/**
 * Nothing half-written: each record that says money moved has its journal entry and its number, and
 * each decision all of its parts (an approved cancellation: the booking and its trip cancelled, its
 * refund and credit note as the split said).
 */
export async function halfWritten(sql: Sql): Promise<Broken> {
  const broken: Broken = [];
  const payments = await sql<{ id: string; status: string; receipt_number: string | null; entry_id: string | null; entries: number }>(`
    select p.id, p.status, p.receipt_number, p.entry_id,
           (select count(*)::int from journal_entries e where e.source_type = 'booking-payment' and e.source_id = p.id) as entries
    from booking_payments p
    where (p.status = 'verified') <> (p.receipt_number is not null and p.entry_id is not null)
       or (select count(*) from journal_entries e where e.source_type = 'booking-payment' and e.source_id = p.id and e.reverses_entry_id is null) <> (case when p.status = 'verified' then 1 else 0 end)`);
  for (const p of payments) broken.push(`payment ${p.id} (${p.status}): receipt ${p.receipt_number}, entry ${p.entry_id}, ${p.entries} entries`);
  const decided = await sql<{ id: string; problem: string }>(`
    select c.id, concat_ws('; ',
        case when b.status <> 'canceled' then 'its booking is ' || b.status end,
        case when o.status is not null and o.status <> 'canceled' then 'its trip is ' || o.status end,
        case when exists (select 1 from vouchers v where v.operation_id = o.id and v.status <> 'void') then 'a voucher is not void' end,
        case when c.source_account_amount > 0 and not exists (select 1 from refunds r where r.cancellation_id = c.id and r.amount = c.source_account_amount) then 'its refund is missing' end,
        case when c.source_account_amount = 0 and exists (select 1 from refunds r where r.cancellation_id = c.id) then 'a refund nobody approved' end,
        case when c.credit_note_amount > 0 and not exists (select 1 from credit_notes n where n.cancellation_id = c.id and n.amount = c.credit_note_amount) then 'its credit note is missing' end,
        case when c.credit_note_amount = 0 and exists (select 1 from credit_notes n where n.cancellation_id = c.id) then 'a credit note nobody approved' end,
        case when c.source_account_amount + c.credit_note_amount <> c.total_refund_amount then 'its split does not add up' end) as problem
    from booking_cancellations c join bookings b on b.id = c.booking_id left join booking_operations o on o.booking_id = c.booking_id
    where c.status = 'approved'`);
  for (const d of decided) if (d.problem) broken.push(`cancellation ${d.id}: ${d.problem}`);
  const refunds = await sql<{ id: string; status: string; entries: number }>(`
    select r.id, r.status, (select count(*)::int from journal_entries e where e.source_type = 'refund' and e.source_id = r.id) as entries
    from refunds r where (select count(*) from journal_entries e where e.source_type = 'refund' and e.source_id = r.id) <> (case when r.status = 'refunded' then 1 else 0 end)
       or (r.status = 'refunded') <> (r.entry_id is not null and r.refunded_on is not null)`);
  for (const r of refunds) broken.push(`refund ${r.id} (${r.status}): ${r.entries} entries`);
  const vendorRefunds = await sql<{ id: string }>(`
    select r.id from vendor_refunds r
    where not exists (select 1 from journal_entries e where e.id = r.entry_id and e.source_type = 'vendor-refund' and e.source_id = r.id)
       or not exists (select 1 from vendor_transactions t where t.linked_type = 'vendor-refund' and t.linked_id = r.id and t.amount = r.amount and t.direction = 'incoming')`);
  for (const r of vendorRefunds) broken.push(`vendor refund ${r.id}: its entry or vendor transaction is missing`);
  const completed = await sql<{ id: string }>(`
    select o.id from booking_operations o
    where o.status = 'completed' and (o.revenue > 0 or o.vouchers_cost + o.expenses_cost > 0)
      and not exists (select 1 from journal_entries e where e.source_type = 'revenue-recognition' and e.source_id = o.booking_id)`);
  for (const o of completed) broken.push(`operation ${o.id}: completed without its revenue entry`);
  return broken;
}
