import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { vendors } from '../vendors';

/**
 * The demo's vendor for a priced line, so "Fill from the tour" on a demo operation makes a small,
 * sensible set of vouchers (docs/operations.md): the organization's active vendors offering the
 * line's service, the first by name, except stays, whose hotel vendor follows the stay's
 * destination (one city's nights book with one vendor, another city's perhaps with another).
 * Fees and discounts name none.
 */
export async function seedVendorPicker(tx: Tx, organizationId: string) {
  const rows = await tx
    .select({ id: vendors.id, services: vendors.services })
    .from(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.status, 'active')))
    .orderBy(asc(vendors.name));
  const offering = (service: string) => rows.filter((v) => v.services.includes(service));
  const spread = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_003, 7);
  return (kind: string, destinationId: string | null): string | null => {
    const candidates = offering(kind);
    if (!candidates.length) return null;
    if (kind === 'hotels' && destinationId) return candidates[spread(destinationId) % candidates.length]!.id;
    return candidates[0]!.id;
  };
}
