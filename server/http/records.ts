import { asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ApiIssue } from '../../src/api/common/issues';
import { slugify } from '../../src/api/common/slug';
import type { Tx } from '../db/client';
import { conflict, invalidField, notFound } from './errors';
import { bulkUpdate, fieldChanges, type Importer, type RowPlan } from './import';

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
 * Free slugs for several new records at once (an import's chunk): like {@link uniqueSlug}, with
 * the same advisory locks (taken in one order, so two writers never wait on each other in a
 * circle), one look-up for all of them, and `reserved` slugs (given explicitly by other rows of
 * the chunk) kept free.
 */
export async function uniqueSlugs(tx: Tx, t: SluggedTable, names: string[], reserved: Iterable<string> = []): Promise<string[]> {
  if (!names.length) return [];
  const bases = names.map((name) => slugify(name) || t.kind);
  const distinct = [...new Set(bases)].sort();
  const locks = distinct.map((base) => `slug:${t.kind}:${base}`);
  await tx.execute(sql`select count(pg_advisory_xact_lock(hashtext(k))) from (select k from unnest(${sql.param(locks)}::text[]) k order by k) s`);
  const rows = await tx
    .select({ slug: t.slug })
    .from(t.table)
    .where(or(sql`${t.slug} = any(${sql.param(distinct)}::text[])`, sql`${t.slug} like any(${sql.param(distinct.map((b) => `${b}-%`))}::text[])`));
  const taken = new Set([...rows.map((r) => r.slug as string), ...reserved]);
  return bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}

/** A row's column values, or why it cannot be written (`{ reject: issue('region', 'unknownReference', …) }`). */
type Prepared = Record<string, unknown> | { reject: ApiIssue };

// No catalogue table has a `reject` column.
const isRejection = (values: Prepared): values is { reject: ApiIssue } => 'reject' in values;

/**
 * The import of slugged records (the catalogue): a row with a slug matches the record with that
 * slug; a row without one matches the record with the same name (case aside; the first by slug if
 * several); otherwise it creates a record with a generated slug. A matching row updates its record
 * only when the person chose "update existing" (the runner decides). `prepare` turns rows into
 * column values (resolving references once per chunk), or into the issue that rejects the row.
 * `uniqueNames`: names are unique in the organization (regions, destinations), so two rows of a
 * file with one name are one record twice. `references`: id columns the row names by name
 * (`destinationId` from `destination`); a change to one is reported as the row's field, from
 * name to name, as a person wrote it.
 */
export function sluggedImporter<T extends { name: string; slug?: string }>(def: {
  target: SluggedTable;
  rowSchema: Importer<T>['rowSchema'];
  prepare?: (tx: Tx, inputs: T[]) => Promise<(input: T) => Prepared>;
  uniqueNames?: boolean;
  references?: { column: string; field: string; target: SluggedTable }[];
}): Importer<T, Record<string, unknown>> {
  const t = def.target;
  const lowerName = sql`lower(${t.name})`;
  return {
    kind: t.kind,
    rowSchema: def.rowSchema,
    chunkSize: 500,
    keys: (input) => [
      ...(def.uniqueNames || !input.slug ? [['name', input.name.toLowerCase()] as [string, string]] : []),
      ...(input.slug ? [['slug', input.slug] as [string, string]] : []),
    ],
    async plan(tx, chunk) {
      const toValues = def.prepare ? await def.prepare(tx, chunk.map((c) => c.input)) : (input: T) => ({ ...input }) as Prepared;
      const slugs = chunk.flatMap((c) => (c.input.slug ? [c.input.slug] : []));
      const names = chunk.flatMap((c) => (c.input.slug ? [] : [c.input.name.toLowerCase()]));
      const existing = (await tx
        .select()
        .from(t.table)
        .where(or(slugs.length ? sql`${t.slug} = any(${sql.param(slugs)}::text[])` : undefined, names.length ? sql`${lowerName} = any(${sql.param(names)}::text[])` : undefined))
        .orderBy(asc(t.slug))) as Record<string, unknown>[];
      const bySlug = new Map(existing.map((r) => [r.slug as string, r]));
      const byName = new Map<string, Record<string, unknown>>();
      for (const r of existing) if (!byName.has((r.name as string).toLowerCase())) byName.set((r.name as string).toLowerCase(), r);
      const plans = chunk.map(({ input }): RowPlan<Record<string, unknown>> => {
        const values = toValues(input);
        if (isRejection(values)) return { action: 'reject', issue: values.reject };
        const match = input.slug ? bySlug.get(input.slug) : byName.get(input.name.toLowerCase());
        if (!match) return { action: 'create', values };
        return { action: 'update', id: match.id as string, matchedBy: input.slug ? 'slug' : 'name', values, changes: fieldChanges(match, values) };
      });
      for (const ref of def.references ?? []) {
        const moved = plans.flatMap((p) => (p.action === 'update' ? p.changes.filter((c) => c.field === ref.column) : []));
        if (!moved.length) continue;
        const ids = [...new Set(moved.flatMap((c) => [c.from, c.to]).filter((x): x is string => typeof x === 'string'))];
        const named = new Map((await tx.select({ id: ref.target.id, name: ref.target.name }).from(ref.target.table).where(inArray(ref.target.id, ids))).map((r) => [r.id as string, r.name as string]));
        for (const c of moved) Object.assign(c, { field: ref.field, from: named.get(c.from as string) ?? c.from, to: named.get(c.to as string) ?? c.to });
      }
      return plans;
    },
    async write(tx, creates, updates) {
      await bulkUpdate(tx, t.table, updates.map((u) => ({ id: u.id, values: u.values })));
      if (!creates.length) return;
      const generate = creates.filter((c) => !c.values.slug);
      const generated = await uniqueSlugs(
        tx,
        t,
        generate.map((c) => c.values.name as string),
        creates.flatMap((c) => (c.values.slug ? [c.values.slug as string] : [])),
      );
      const slugOf = new Map(generate.map((c, i) => [c.row, generated[i]]));
      await tx.insert(t.table).values(creates.map((c) => ({ ...c.values, id: c.id, slug: c.values.slug ?? slugOf.get(c.row) })) as never);
    },
  };
}
