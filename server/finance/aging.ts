import { sql } from 'drizzle-orm';
import { AGE_BUCKETS, type AgeBucket, type Payables, type Receivables } from '../../src/api/finance/statement/contract';
import { currencyDigits, minorToDecimal } from '../../src/domain/money';
import type { Tx } from '../db/client';
import type { DocumentStrings } from '../documents';
import { csvText } from '../http/csv';

/**
 * Receivables and payables by age (issue 28): what customers still owe, by how long each
 * installment is past due; what is owed to vendors, by how long ago each voucher's service began.
 * Read from the bookings' installments and the operations' vouchers, as of a day.
 */

const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

/** The bucket of `date` against `asOf`: not yet due (or started), or the days since. */
export function ageBucket(date: string, asOf: string): AgeBucket {
  const days = Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

const empty = () => Object.fromEntries(AGE_BUCKETS.map((b) => [b, 0])) as Record<AgeBucket, number>;

async function currency(tx: Tx) {
  const { rows } = await tx.execute<{ currency: string }>(sql`select currency from organizations where id = ${currentOrg}`);
  return rows[0].currency;
}

export async function receivables(tx: Tx, asOf: string): Promise<Receivables> {
  const { rows } = await tx.execute<{ id: string; number: string; customer: string; total: string; paid: string; due: string; open: string }>(sql`
    select b.id, b.number::text, b.customer_name as customer, b.grand_total::text as total, b.paid_amount::text as paid, i.due_date::text as due, (i.amount - i.paid_amount)::text as open
    from bookings b join booking_installments i on i.booking_id = b.id
    where b.status <> 'canceled' and i.amount > i.paid_amount
    order by b.number, i.due_date`);
  const totals = empty();
  const byBooking = new Map<string, Receivables['rows'][number]>();
  for (const r of rows) {
    let row = byBooking.get(r.id);
    if (!row) {
      row = { booking: { _id: r.id, ref: `BK-${r.number}` }, customer: r.customer, total: Number(r.total), paid: Number(r.paid), open: 0, oldestDue: r.due, buckets: empty() };
      byBooking.set(r.id, row);
    }
    const bucket = ageBucket(r.due, asOf);
    row.open += Number(r.open);
    row.buckets[bucket] += Number(r.open);
    totals[bucket] += Number(r.open);
  }
  return { asOf, currency: await currency(tx), totals, rows: [...byBooking.values()] };
}

export async function payables(tx: Tx, asOf: string): Promise<Payables> {
  const { rows } = await tx.execute<{ vendor_id: string; vendor: string; start: string; owed: string }>(sql`
    select v.vendor_id, n.name as vendor, v.service_start_date::text as start, (v.cost - v.paid_amount)::text as owed
    from vouchers v join vendors n on n.id = v.vendor_id
    where v.status in ('confirmed', 'sent') and v.cost > v.paid_amount
    order by n.name, v.service_start_date`);
  const totals = empty();
  const byVendor = new Map<string, Payables['rows'][number]>();
  for (const r of rows) {
    let row = byVendor.get(r.vendor_id);
    if (!row) {
      row = { vendor: { _id: r.vendor_id, name: r.vendor }, owed: 0, vouchers: 0, buckets: empty() };
      byVendor.set(r.vendor_id, row);
    }
    const bucket = ageBucket(r.start, asOf);
    row.owed += Number(r.owed);
    row.vouchers++;
    row.buckets[bucket] += Number(r.owed);
    totals[bucket] += Number(r.owed);
  }
  return { asOf, currency: await currency(tx), totals, rows: [...byVendor.values()] };
}

/** The receivables as CSV: a row per booking, amounts as decimals in the currency's digits, headed in the reader's language. */
export function receivablesCsv(report: Receivables, words: DocumentStrings['csv']): string {
  const money = (n: number) => minorToDecimal(n, currencyDigits(report.currency));
  const w = words.receivables;
  return csvText([
    [w.booking, w.customer, w.total, w.paid, w.open, w.oldestDue, ...AGE_BUCKETS.map((b) => words.ageBuckets[b]), words.currency],
    ...report.rows.map((r) => [r.booking.ref, r.customer, money(r.total), money(r.paid), money(r.open), r.oldestDue ?? '', ...AGE_BUCKETS.map((b) => money(r.buckets[b])), report.currency]),
  ]);
}

/** The payables as CSV: a row per vendor, headed in the reader's language. */
export function payablesCsv(report: Payables, words: DocumentStrings['csv']): string {
  const money = (n: number) => minorToDecimal(n, currencyDigits(report.currency));
  const w = words.payables;
  return csvText([
    [w.vendor, w.vouchers, w.owed, ...AGE_BUCKETS.map((b) => words.ageBuckets[b]), words.currency],
    ...report.rows.map((r) => [r.vendor.name, String(r.vouchers), money(r.owed), ...AGE_BUCKETS.map((b) => money(r.buckets[b])), report.currency]),
  ]);
}
