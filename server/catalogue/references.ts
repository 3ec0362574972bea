import type { Tx } from '../db/client';
import type { Use } from '../http/records';

/**
 * What other areas tell the catalogue, so that the catalogue imports none of them (they import it):
 * which of their records use a catalogue record (a deletion is refused naming them), and whether
 * the tour a review names is the organization's. Each area registers in its face (index.ts), which
 * every composition root loads (server/registry.ts, server/seed.ts).
 */
export type CatalogueKind = 'region' | 'destination' | 'hotel' | 'activity';

/** An area's records that use a catalogue record of `kind` (none: an empty list). */
export type CatalogueUses = (kind: CatalogueKind, id: string) => Use[];

const registered = new Map<string, CatalogueUses>();
let tourCheck: ((tx: Tx, id: string, field: string) => Promise<void>) | undefined;

/** Registers an area's uses under its name (registering again replaces them: a module loaded twice counts once). */
export function registerCatalogueUses(area: string, uses: CatalogueUses) {
  registered.set(area, uses);
}

/** Every registered area's uses of a record, in the order the areas registered. */
export const usesElsewhere = (kind: CatalogueKind, id: string): Use[] => [...registered.values()].flatMap((uses) => uses(kind, id));

/** The tours area checks a review's tour (400 on `field` when it is not the organization's). */
export function registerTourReferenceCheck(check: (tx: Tx, id: string, field: string) => Promise<void>) {
  tourCheck = check;
}

export async function assertTourReference(tx: Tx, id: string, field: string) {
  if (!tourCheck) throw new Error('the tours area has not registered its tour reference check');
  await tourCheck(tx, id, field);
}
