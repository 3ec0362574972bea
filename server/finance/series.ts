import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Document numbers (SPEC Money: per organization and year, never reused, no gaps): `RCT-2026-0001`.
 *
 * The number is taken in the transaction that issues the document, by an upsert on the series row:
 * the row stays locked until that transaction ends, so concurrent issues queue behind it (across
 * any number of servers: the lock is PostgreSQL's), and a transaction that rolls back takes its
 * increment with it, so the next issue gets the same number. Never take a number before the
 * document is final (Voyant numbers drafts, and a deleted draft leaves a gap).
 *
 * The lock is held to commit: issue the number as late in the transaction as the document allows.
 */
export const DOC_TYPES = ['invoice', 'receipt', 'voucher', 'credit-note'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Fixed prefixes; an invoice's is the organization's `invoice_prefix` setting. */
const PREFIX: Record<Exclude<DocType, 'invoice'>, string> = { receipt: 'RCT', voucher: 'VCH', 'credit-note': 'CN' };

/** `INV-2026-0001`: four digits at least, more once a year passes 9 999 documents. */
export const formatNumber = (prefix: string, year: number, n: number) => `${prefix}-${year}-${String(n).padStart(4, '0')}`;

/** The next number of `docType` for the year of `date` (`YYYY-MM-DD`, the document's date), in the current organization. */
export async function nextNumber(tx: Tx, docType: DocType, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  const { rows } = await tx.execute<{ last: number; invoice_prefix: string }>(sql`
    with taken as (
      insert into number_series (organization_id, doc_type, year, last)
      values (nullif(current_setting('app.org_id', true), '')::uuid, ${docType}, ${year}, 1)
      on conflict (organization_id, doc_type, year) do update set last = number_series.last + 1
      returning organization_id, last)
    select taken.last, o.invoice_prefix from taken join organizations o on o.id = taken.organization_id`);
  const [row] = rows;
  if (!row) throw new Error('series: nextNumber needs a tenant transaction');
  return formatNumber(docType === 'invoice' ? row.invoice_prefix : PREFIX[docType], year, row.last);
}
