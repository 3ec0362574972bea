import { and, asc, eq, sql } from 'drizzle-orm';
import { memoColumns, type SystemMemo } from '../../src/api/finance/contract';
import { isActiveIn } from '../../src/api/vendors/contract';
import type { MyDayItem } from '../../src/api/dashboard/contract';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { vendors } from './schema';

/** What other areas may ask of vendors. */

/** A vendor of the organization, locked against a concurrent deletion or deactivation (404 otherwise). */
export async function vendorOf(tx: Tx, vendorId: string) {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('share');
  if (!vendor) throw notFound('Vendor');
  return vendor;
}

/** A vendor new business may name: active (the vendor machine's `bookable`; 409 `VENDOR_NOT_BOOKABLE` otherwise). */
export async function activeVendor(tx: Tx, vendorId: string) {
  const vendor = await vendorOf(tx, vendorId);
  if (!isActiveIn(vendor.status)) throw conflict(`${vendor.name} is inactive: activate it or choose another vendor`, 'VENDOR_NOT_BOOKABLE', { vendor: vendor.name });
  return vendor;
}

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

/** A vendor transaction's description columns: a person's words, or what the system wrote with its key (`systemMemo`). */
export function describedAs(memo: string | SystemMemo | null): { description: string | null; descriptionKey: string | null; descriptionParams: Record<string, string> | null } {
  const m = memoColumns(memo);
  return { description: m.text, descriptionKey: m.key, descriptionParams: m.params };
}
