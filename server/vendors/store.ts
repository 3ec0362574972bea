import { and, asc, eq, sql } from 'drizzle-orm';
import type { MyDayItem } from '../../src/api/dashboard/contract';
import type { Tx } from '../db/client';
import { vendors } from './schema';

/** What other areas may ask of vendors. */

/**
 * Active vendors without an account number in their bank details: a voucher for them cannot be
 * paid, so someone should ask them for it. The oldest first.
 */
export async function vendorsWithoutBankDetails(tx: Tx, limit: number): Promise<{ total: number; items: MyDayItem[] }> {
  const where = and(eq(vendors.status, 'active'), sql`coalesce(${vendors.bankDetails}->>'accountNumber', '') = ''`);
  const rows = await tx.select({ id: vendors.id, name: vendors.name, createdAt: vendors.createdAt }).from(vendors).where(where).orderBy(asc(vendors.createdAt), asc(vendors.id)).limit(limit);
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(vendors).where(where);
  return { total: n, items: rows.map((r) => ({ _id: r.id, name: r.name, at: r.createdAt, status: null })) };
}
