import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { vendors } from '../vendors';

/**
 * The demo's vendor for a priced line, so "Fill from the tour" on a demo operation makes a small,
 * sensible set of vouchers (docs/operations.md): the organization's active vendors offering the
 * line's service, the first by name; a stay books with a hotel vendor named after its destination
 * when there is one (Abu Dhabi's nights with Rotana Hotels Abu Dhabi), else the first.
 * Fees and discounts name none.
 */
export async function seedVendorPicker(tx: Tx, organizationId: string) {
  const rows = await tx
    .select({ id: vendors.id, name: vendors.name, services: vendors.services })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.status, 'active')))
    .orderBy(asc(vendors.name));
  const offering = (service: string) => rows.filter((v) => v.services.includes(service));
  return (kind: string, destination: string | null): string | null => {
    const candidates = offering(kind);
    const local = destination ? candidates.find((v) => v.name.toLowerCase().includes(destination.toLowerCase())) : undefined;
    return (kind === 'hotels' ? local : undefined)?.id ?? candidates[0]?.id ?? null;
  };
}
