import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { TourDay, TravellerPrices } from '../../src/api/tours/tour-plan';
import type { CatalogueRef } from '../../src/api/catalogue/regions/contract';
import type { Tx } from '../db/client';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import type { groupTours, personalizedTours } from './plan-schema';
import { allRefIds, assertTourPlan, dayInputOf, dayRefIds, daysByTour, organizationCurrency, readDayRows, refsByIds, replaceDays, type DaysTable, type PlanInput, type RefIds, type Refs, type TourTable } from './plan';

/**
 * One implementation of what personalized and group tours do alike on the server: a record's
 * answer (places and point of contact by name, prices by traveller type), its detail with its days,
 * a create (checked against the catalogue, days written), and the seed's `PUT` by `_id` (the row
 * locked, the change merged with what is stored and checked whole, then written). Each kind says
 * only how it differs ({@link PlanKind}).
 */

export type PlanRow = typeof personalizedTours.$inferSelect | typeof groupTours.$inferSelect;

/** What both kinds answer (`plannedTourEntries` in src/api/tours/tour-plan.ts). */
export interface PlannedTourBase {
  _id: string;
  title: string;
  description: string | null;
  regions: CatalogueRef[];
  destinations: CatalogueRef[];
  totalNights: number;
  pointOfContact: { _id: string; name: string } | null;
  pricePerPerson: TravellerPrices;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

/** What both kinds are written with (`plannedTourFields`). */
export interface PlannedTourInput extends PlanInput {
  title: string;
  description?: string | null;
  pricePerPerson: TravellerPrices;
}

type PlannedDetail = PlannedTourBase & { days: unknown[] };

export interface PlanKind<R extends PlanRow, Item extends PlannedTourBase, Detail extends PlannedDetail, Input extends PlannedTourInput, More = undefined> {
  /** The record's name in a 404 ("Personalized tour not found"). */
  noun: string;
  table: TourTable;
  days: DaysTable;
  /** What a `POST` takes, and what a stored record merged with a `PUT`'s change must pass. */
  createInput: v.GenericSchema<unknown, Input>;
  /** The answer's own fields, beside the shared ones. */
  answerOf(row: R): Omit<Item, keyof PlannedTourBase>;
  /** What else a detail shows beside the days (a personalized tour's lines), read before the names, and the ids it names. */
  more?: { read(tx: Tx, id: string): Promise<More>; refIds(more: More): RefIds };
  /** The detail of a record from its answer, its days and {@link more} (a departure dates its days; a personalized tour adds its lines). */
  detailOf(item: Item, days: TourDay[], more: More, refs: Refs): Detail;
  /** The kind's own columns of an input. */
  columnsOf(input: Input): Record<string, unknown>;
  /** A stored record's own fields as an input again. */
  inputOf(detail: Detail): Record<string, unknown>;
  /** A check of the locked row against the merged input (a departure's capacity holds its seats). */
  checkUpdate?(locked: R, input: Input): void;
  /** What else a write stores beside the days (a personalized tour's lines), when it was sent. */
  writeMore?(tx: Tx, id: string, input: Input, sent: boolean): Promise<void>;
}

/** A kind's reads and writes, from its {@link PlanKind}. */
export function planStore<R extends PlanRow, Item extends PlannedTourBase, Detail extends PlannedDetail, Input extends PlannedTourInput, More = undefined>(kind: PlanKind<R, Item, Detail, Input, More>) {
  /** What rows name: their places and points of contact. */
  const rowRefIds = (rows: R[]): RefIds => ({ regions: rows.flatMap((r) => r.regions), destinations: rows.flatMap((r) => r.destinations), members: rows.map((r) => r.pointOfContact) });
  const pick = <T>(map: Map<string, T>, ids: string[]) => ids.map((id) => map.get(id)).filter((x): x is T => !!x);

  /** The rows as answered: places and the point of contact by name. */
  async function answersOf(tx: Tx, rows: R[]): Promise<Item[]> {
    return rows.length ? itemsOf(rows, await refsByIds(tx, rowRefIds(rows))) : [];
  }

  function itemsOf(rows: R[], refs: Refs): Item[] {
    return rows.map((r) => {
      const base: PlannedTourBase = {
        _id: r.id,
        title: r.title,
        description: r.description,
        regions: pick(refs.regions, r.regions),
        destinations: pick(refs.destinations, r.destinations),
        totalNights: r.totalNights,
        pointOfContact: r.pointOfContact ? (refs.members.get(r.pointOfContact) ?? null) : null,
        pricePerPerson: { adult: r.priceAdult, child: r.priceChild, infant: r.priceInfant },
        currency: r.currency,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      };
      return { ...base, ...kind.answerOf(r) } as Item;
    });
  }

  async function rowOf(tx: Tx, id: string, lock: boolean): Promise<R> {
    const query = tx.select().from(kind.table).where(eq(kind.table.id, id));
    const [row] = (lock ? await query.for('update') : await query) as R[];
    if (!row) throw notFound(kind.noun);
    return row;
  }

  /**
   * The record with its days (and what else its kind shows); 404 for another organization's or a
   * missing one. Its row, its days and the rest are read first, then every name they show at once.
   */
  async function detailOf(tx: Tx, id: string): Promise<Detail> {
    const row = await rowOf(tx, id, false);
    const dayRows = await readDayRows(tx, kind.days, [id]);
    const more = (await kind.more?.read(tx, id)) as More;
    const refs = await refsByIds(tx, allRefIds(rowRefIds([row]), dayRefIds(dayRows), kind.more?.refIds(more) ?? {}));
    const days = (daysByTour(dayRows, refs).get(id) ?? []).map(({ tourId: _, ...day }) => day);
    return kind.detailOf(itemsOf([row], refs)[0]!, days, more, refs);
  }

  const columnsOf = (input: Input) => ({
    title: input.title,
    description: input.description ?? null,
    regions: input.regions ?? [],
    destinations: input.destinations ?? [],
    pointOfContact: input.pointOfContact ?? null,
    priceAdult: input.pricePerPerson.adult,
    priceChild: input.pricePerPerson.child,
    priceInfant: input.pricePerPerson.infant,
    ...kind.columnsOf(input),
  });

  /** `POST`: the record, its days and what else its kind stores, in the caller's transaction. */
  async function create(tx: Tx, input: Input, createdBy: string): Promise<string> {
    await assertTourPlan(tx, input);
    // The table is one of two whose insert types differ: the columns are the kind's, checked by it.
    const [row] = await tx
      .insert(kind.table)
      .values({ ...columnsOf(input), currency: organizationCurrency, createdBy } as never)
      .returning({ id: kind.table.id });
    await replaceDays(tx, kind.days, row!.id, input.days ?? []);
    await kind.writeMore?.(tx, row!.id, input, true);
    return row!.id;
  }

  /** A stored record as a create input again, so a change is checked merged with the rest. */
  const inputOf = (t: Detail): Record<string, unknown> => ({
    title: t.title,
    description: t.description,
    regions: t.regions.map((r) => r._id),
    destinations: t.destinations.map((d) => d._id),
    pointOfContact: t.pointOfContact?._id ?? null,
    days: (t.days as TourDay[]).map(dayInputOf),
    pricePerPerson: t.pricePerPerson,
    ...kind.inputOf(t),
  });

  /**
   * The seed's `PUT` (the path has no id, `_id` names the record): the row locked (a reservation of
   * seats waits for it, and then sees the change), the change merged with what is stored and checked
   * whole (the schema, the kind's own rule, the catalogue), then written; the days (and a
   * personalized tour's lines) are replaced only when sent.
   */
  async function update(tx: Tx, { _id: id, ...change }: { _id: string; days?: unknown; lines?: unknown }): Promise<void> {
    const locked = await rowOf(tx, id, true);
    const stored = await detailOf(tx, id);
    const input = validate(kind.createInput, { ...inputOf(stored), ...change }, 'body');
    kind.checkUpdate?.(locked, input);
    // The lines' vendors as stored: one kept on its line is not asked again (a vendor deactivated since).
    const storedLines = ((stored as { lines?: { kind: string; vendor: { _id: string } | null }[] }).lines ?? []).map((l) => ({ kind: l.kind, vendorId: l.vendor?._id ?? null }));
    await assertTourPlan(tx, input, storedLines);
    await tx
      .update(kind.table)
      .set({ ...columnsOf(input), updatedAt: sql`now()` } as never)
      .where(eq(kind.table.id, id));
    if (change.days) await replaceDays(tx, kind.days, id, input.days ?? []);
    await kind.writeMore?.(tx, id, input, !!change.lines);
  }

  return { answersOf, detailOf, create, update };
}
