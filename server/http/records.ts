import { asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ImportRowResult } from '../../src/api/common/import';
import { slugify } from '../../src/api/common/slug';
import type { Tx } from '../db/client';
import { conflict, invalidField, notFound } from './errors';
import type { Importer, PlannedRow } from './import';

/**
 * Shared pieces of records that have a name and a slug unique in the organization (the
 * catalogue): slug generation, "still used by" refusals, references named by id, slug or name,
 * and the import that creates or updates by slug or name.
 */
export interface SluggedTable {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  slug: AnyPgColumn;
  updatedAt: AnyPgColumn;
  /** What one record is called in messages and fallback slugs: `hotel`. */
  kind: string;
}

/**
 * A free slug for a new record named `name`: the name's slug, or with `-2`, `-3`… when taken.
 * A transaction-scoped advisory lock on the base slug makes two concurrent creations of the same
 * name take different suffixes instead of one failing.
 */
export async function uniqueSlug(tx: Tx, t: SluggedTable, name: string): Promise<string> {
  const base = slugify(name) || t.kind;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${t.kind}:${base}`}))`);
  const rows = await tx
    .select({ slug: t.slug })
    .from(t.table)
    .where(or(eq(t.slug, base), like(t.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug as string));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A count of the records that use one record, for the 409 of a refused deletion. */
export interface Use {
  /** `hotel` / `hotels`. */
  one: string;
  many: string;
  /** `select count(*) from … where …` */
  count: SQL;
  /** The first three of them by name (`array(select title from … order by … limit 3)`), for a message that names them. */
  names?: SQL;
}

const listWords = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** Refuses (409 IN_USE) to delete a record others still use: "This destination is used by 3 hotels and 2 activities". */
export async function assertUnused(tx: Tx, kind: string, uses: Use[]): Promise<void> {
  if (!uses.length) return;
  const { rows } = await tx.execute<Record<string, number | string[] | null>>(
    sql`select ${sql.join(
      uses.map((u, i) => sql`(${u.count})::int as ${sql.identifier(`c${i}`)}, ${u.names ? sql`(${u.names})::text[]` : sql`null`} as ${sql.identifier(`n${i}`)}`),
      sql`, `,
    )}`,
  );
  const counts = uses.map((u, i) => ({ u, n: Number(rows[0][`c${i}`]), names: rows[0][`n${i}`] as string[] | null })).filter((x) => x.n > 0);
  if (!counts.length) return;
  // "2 personalized tours (“Dubai Classic”, “Oman Coast”)", "8 … (“A”, “B”, “C” and 5 more)".
  const named = (n: number, names: string[] | null) => {
    if (!names?.length) return '';
    const listed = names.map((x) => `“${x}”`);
    return ` (${listWords(n > names.length ? [...listed, `${n - names.length} more`] : listed)})`;
  };
  const parts = counts.map(({ u, n, names }) => `${n} ${n === 1 ? u.one : u.many}${named(n, names)}`);
  throw conflict(`This ${kind} is used by ${listWords(parts)} and cannot be deleted`, 'IN_USE', { kind, uses: parts });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves references named by id, slug or name (case aside), as import files name them. Only the
 * organization's records are visible, so another organization's id is simply unknown.
 */
export async function referenceResolver(tx: Tx, t: SluggedTable, keys: string[]): Promise<(key: string) => string | undefined> {
  const wanted = [...new Set(keys.map((k) => k.trim()))].filter(Boolean);
  if (!wanted.length) return () => undefined;
  const ids = wanted.filter((k) => UUID.test(k)).map((k) => k.toLowerCase());
  const lower = wanted.map((k) => k.toLowerCase());
  const rows = await tx
    .select({ id: t.id, name: t.name, slug: t.slug })
    .from(t.table)
    .where(or(ids.length ? inArray(t.id, ids) : undefined, inArray(t.slug, lower), inArray(sql`lower(${t.name})`, lower)))
    .orderBy(asc(t.slug));
  const byId = new Map<string, string>();
  const bySlug = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const r of rows) {
    byId.set(r.id as string, r.id as string);
    bySlug.set(r.slug as string, r.id as string);
    if (!byName.has((r.name as string).toLowerCase())) byName.set((r.name as string).toLowerCase(), r.id as string);
  }
  return (key) => {
    const k = key.trim().toLowerCase();
    return byId.get(k) ?? bySlug.get(k) ?? byName.get(k);
  };
}

/** Locks one of the organization's records for the rest of the transaction; 404 naming it (`Hotel not found`) when there is none. */
export async function lockRecord(tx: Tx, t: { table: PgTable; id: AnyPgColumn }, id: string, label: string): Promise<void> {
  const [row] = await tx.select({ id: t.id }).from(t.table).where(eq(t.id, id)).for('update');
  if (!row) throw notFound(label);
}

/** A reference in a create or update payload must be one of the organization's records: else 400 on that field. */
export async function assertReference(tx: Tx, t: SluggedTable, id: string, field: string): Promise<void> {
  const [row] = await tx.select({ id: t.id }).from(t.table).where(eq(t.id, id));
  if (!row) throw invalidField(field, 'unknownReference', `is not a known ${t.kind}`, { kind: t.kind });
}

/**
 * The import of slugged records: a row with a slug updates the record with that slug; a row
 * without one updates the record with the same name (case aside; the first by slug if several);
 * otherwise it creates a record with a generated slug. Rows apply in order, so a later row naming
 * an earlier one updates it. `prepare` turns rows into column values (resolving references once
 * per chunk), or into a reason to reject the row.
 */
export function sluggedImporter<T extends { name: string; slug?: string }>(def: {
  target: SluggedTable;
  rowSchema: Importer<T>['rowSchema'];
  prepare?: (tx: Tx, inputs: T[]) => Promise<(input: T) => Record<string, unknown> | { reject: string }>;
}): Importer<T> {
  const t = def.target;
  return {
    rowSchema: def.rowSchema,
    chunkSize: 200,
    async writeChunk(tx: Tx, chunk: PlannedRow<T>[]): Promise<ImportRowResult[]> {
      const toValues = def.prepare ? await def.prepare(tx, chunk.map((c) => c.input)) : (input: T) => ({ ...input }) as Record<string, unknown>;
      const results: ImportRowResult[] = [];
      for (const { row, input } of chunk) {
        const values = toValues(input);
        if ('reject' in values && typeof values.reject === 'string') {
          results.push({ row, status: 'rejected', reason: values.reject });
          continue;
        }
        const [existing] = await tx
          .select({ id: t.id })
          .from(t.table)
          .where(input.slug ? eq(t.slug, input.slug) : eq(sql`lower(${t.name})`, input.name.toLowerCase()))
          .orderBy(asc(t.slug))
          .limit(1);
        if (existing) {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          await tx.update(t.table).set({ ...values, updatedAt: sql`now()` } as any).where(eq(t.id, existing.id));
          results.push({ row, status: 'updated', _id: existing.id as string, name: input.name });
        } else {
          const slug = input.slug ?? (await uniqueSlug(tx, t, input.name));
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const [created] = await tx.insert(t.table).values({ ...values, slug } as any).returning({ id: t.id });
          results.push({ row, status: 'created', _id: created.id as string, name: input.name });
        }
      }
      return results;
    },
  };
}
