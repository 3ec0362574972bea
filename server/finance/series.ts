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

/**
 * The next number of `docType` for the year of `date` (`YYYY-MM-DD`, the document's date), in the
 * current organization: `next_document_number()` (0026_ledger_rules.sql) advances the series and
 * records the number, which no other document can then take. Prefixes: `RCT`, `VCH`, `CN`, and an
 * invoice's from the organization's `invoice_prefix` setting; four digits at least.
 */
export async function nextNumber(tx: Tx, docType: DocType, date: string): Promise<string> {
  const { rows } = await tx.execute<{ number: string }>(sql`select next_document_number(${docType}, ${Number(date.slice(0, 4))}::int) as number`);
  return rows[0].number;
}
