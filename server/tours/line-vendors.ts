import { inArray } from 'drizzle-orm';
import { isActiveIn, VENDOR_SERVICES } from '../../src/api/vendors/contract';
import type { Tx } from '../db/client';
import { conflict, invalidField } from '../http/errors';
import { vendors } from '../vendors';

/**
 * The vendor a priced line names (every kind of tour with lines: customized and personalized), the
 * one "Fill from the tour" books its voucher with (docs/tours.md, "A line's vendor"):
 *
 * - the organization's (another organization's id is unknown here, row-level security: 400
 *   `unknownReference` on `lines.N.vendorId`, as for the lines' hotels and activities);
 * - only a service line names one: a fee or a discount with a vendor is 400 `oneOf` (rule `serviceLine`);
 * - offering the line's service: 400 `oneOf` with the rule `vendorService` ("names Only Flights,
 *   which does not offer hotels (it offers flights)");
 * - active (the vendor machine's `bookable`): 409 `VENDOR_NOT_BOOKABLE`, as for a voucher.
 *
 * A line keeping the vendor and service it had when the tour was last saved (`kept`) is not asked
 * again: a vendor deactivated since stays on the tour, which can still be edited (as on expenses).
 * The vendors are locked (`for key share`) until the request ends.
 */
export interface LineVendor {
  kind: string;
  vendorId?: string | null;
}

const isService = (kind: string) => (VENDOR_SERVICES as readonly string[]).includes(kind);
const pairOf = (l: LineVendor) => `${l.vendorId}|${l.kind}`;

export async function assertLineVendors(tx: Tx, lines: readonly LineVendor[], kept: readonly LineVendor[] = []): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.vendorId).filter((x): x is string => !!x))];
  if (!ids.length) return;
  const rows = await tx
    .select({ id: vendors.id, name: vendors.name, status: vendors.status, services: vendors.services })
    .from(vendors)
    .where(inArray(vendors.id, ids))
    .for('key share');
  const vendor = new Map(rows.map((r) => [r.id, r]));
  const keptPairs = new Set(kept.filter((l) => l.vendorId).map(pairOf));
  const asked = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.vendorId && !keptPairs.has(pairOf(l)));
  for (const { l, i } of lines.map((l, i) => ({ l, i }))) {
    if (l.vendorId && !vendor.has(l.vendorId)) throw invalidField(`lines.${i}.vendorId`, 'unknownReference', 'is not a known vendor', { kind: 'vendor' });
  }
  lines.forEach((l, i) => {
    if (l.vendorId && !isService(l.kind)) throw invalidField(`lines.${i}.vendorId`, 'oneOf', 'must be empty: a fee or a discount has no vendor', { rule: 'serviceLine', values: [] });
  });
  for (const { l, i } of asked) {
    const v = vendor.get(l.vendorId!)!;
    if (!v.services.includes(l.kind)) {
      throw invalidField(`lines.${i}.vendorId`, 'oneOf', `names ${v.name}, which does not offer ${l.kind} (it offers ${v.services.join(', ')})`, {
        rule: 'vendorService',
        vendor: v.name,
        service: l.kind,
        values: v.services,
      });
    }
  }
  for (const { l, i } of asked) {
    const v = vendor.get(l.vendorId!)!;
    if (!isActiveIn(v.status)) throw conflict(`${v.name} is inactive: activate it or choose another vendor (line ${i + 1})`, 'VENDOR_NOT_BOOKABLE', { vendor: v.name, line: i + 1 });
  }
}
