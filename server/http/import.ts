import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import {
  CsvFileError,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportEndpoint,
  importRowLimit,
  isCsvRowError,
  rowsFromFile,
  summarise,
  type FieldChange,
  type ImportOptions,
  type ImportReport,
  type ImportRowResult,
  type SkipCode,
} from '../../src/api/common/import';
import { readSpreadsheetDate, readSpreadsheetInstant, type DateOrder, type DateRead } from '../../src/api/common/import-dates';
import { issueSummary, toApiIssues, type ApiIssue, type IssueCode, type IssueParams } from '../../src/api/common/issues';
import { can, type ModuleKey } from '../../src/api/permissions';
import type { AuthContext } from './route';
import type { Tx } from '../db/client';
import { organizationTimeZone } from '../db/clock';
import { orderedUuid } from '../db/ids';
import { ApiError, fromDatabaseError, invalidField, issue } from './errors';
import { allow, route, type RawBody, type RouteDef } from './route';

/**
 * The machinery every `POST /<resource>/import` shares (docs/decisions.md "Imports"):
 *
 *   each row checked on its own (dates read in spreadsheet forms, then the row schema)
 *   → the resource plans each row against the database (references, the record it matches)
 *   → rows that repeat an earlier row of the file are skipped
 *   → a preview answers here, having written nothing
 *   → creates and the chosen updates are written in bulk, chunk by chunk, each in a savepoint;
 *     a chunk the database refuses is halved until the refused rows are alone, so one bad row is
 *     reported with its reason and every other row is written.
 *
 * A resource says how to plan a chunk and how to write one; the runner does the rest.
 */
export interface PlannedRow<T> {
  row: number;
  input: T;
}

/** What the resource decided for one row, before anything is written. */
export type RowPlan<W> =
  | { action: 'create'; values: W }
  /** It matches record `id` (by `matchedBy`); `changes` is what updating it would change. */
  | { action: 'update'; id: string; matchedBy: string; values: W; changes: FieldChange[] }
  /** It matches a record the import never changes (a lead with the same phone number: `params.field`). */
  | { action: 'skip'; id?: string; code: Extract<SkipCode, 'DUPLICATE'>; params: { field: string }; reason: string }
  /** The row cannot be written: what is wrong, as a validation issue (`regions` `unknownReference`). */
  | { action: 'reject'; issue: ApiIssue };

/** A row that cannot be written, and why: `rejectRow('regions', 'unknownReference', '"Atlantis" is not a known region', { kind: 'region' })`. */
export const rejectRow = (path: string, code: IssueCode, message: string, params: IssueParams = {}): RowPlan<never> => ({ action: 'reject', issue: issue(path, code, message, params) });

/** A row to write: a new record's id (chosen here, so dependent rows need no RETURNING), or the record updated. */
export interface RowWrite<W> {
  row: number;
  id: string;
  values: W;
}

/** Who is importing, and the organization's clock (local times in a file are in its time zone). */
export interface ImportContext {
  auth: AuthContext;
  timeZone: string;
}

export interface Importer<T, W = T> {
  /** What one record is called in reasons: `vendor`. */
  kind: string;
  /** One row, checked on its own; a refusal rejects that row only. */
  rowSchema: v.GenericSchema<unknown, T>;
  /** Fields holding calendar dates / instants, read in spreadsheet forms (import-dates.ts) before the schema. */
  dateFields?: string[];
  instantFields?: string[];
  /** What two rows of one file must not share, as `[field, value]` (e.g. `['name', 'atlantis the palm']`). */
  keys(input: T): [string, string][];
  /** Decides each row of a chunk against the database, writing nothing: one plan per row, in order. */
  plan(tx: Tx, chunk: PlannedRow<T>[], ctx: ImportContext): Promise<RowPlan<W>[]>;
  /**
   * Writes creates (with the ids given) and updates in a few statements. A database refusal
   * (a constraint, a value it cannot store) throws: the runner then finds the row that caused it.
   */
  write(tx: Tx, creates: RowWrite<W>[], updates: RowWrite<W>[], ctx: ImportContext): Promise<void>;
  /** Once every chunk is written: what concerns the import as a whole (the rows written, creates and updates). */
  finish?(tx: Tx, written: RowWrite<W>[], ctx: ImportContext): Promise<void>;
  /** Rows planned and written per statement set (default 1,000). */
  chunkSize?: number;
}

const DEFAULT_CHUNK = 1000;

const nameOf = (value: unknown): string | undefined => {
  const name = (value as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : undefined;
};

/**
 * Why the database refused one row, as an issue: a known duplicate on its field (`taken`), else
 * PostgreSQL's own words for a rule it keeps (a constraint, a value it cannot store:
 * `refusedByDatabase`). Anything else (a lost connection, a bug) is not the row's fault:
 * undefined, and the import fails as a whole.
 */
function databaseRefusal(err: unknown): ApiIssue | undefined {
  const pgErr = ((err as { cause?: unknown })?.cause ?? err) as { code?: string; message?: string; constraint?: string } | undefined;
  const code = pgErr?.code ?? '';
  if (!code.startsWith('22') && !code.startsWith('23')) return undefined;
  const known = code === '23505' ? fromDatabaseError(err) : undefined;
  const field = known?.issues?.[0]?.path;
  if (known && field) return issue(field, 'taken', known.message);
  return issue('row', 'refusedByDatabase', `the database refused the row: ${pgErr?.message ?? code}`, pgErr?.constraint ? { constraint: pgErr.constraint } : {});
}

type Read = { ok: true; row: Record<string, unknown> } | { ok: false; issues: ApiIssue[] };

/** A row's date and time fields in the API's forms (other fields untouched). */
function readDates(raw: Record<string, unknown>, importer: Importer<unknown, unknown>, order: DateOrder | undefined, timeZone: string): Read {
  let row = raw;
  const issues: ApiIssue[] = [];
  const convert = (fields: string[] | undefined, read: (value: string | number) => DateRead<string>) => {
    for (const field of fields ?? []) {
      const value = row[field];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      if (value === '') continue;
      const answer = read(value);
      // The caller's row stays as it came: a copy takes the converted values.
      if (answer.ok) row = { ...row, [field]: answer.value };
      else issues.push(issue(field, answer.code, answer.message, answer.params));
    }
  };
  convert(importer.dateFields, (x) => readSpreadsheetDate(x, order));
  convert(importer.instantFields, (x) => readSpreadsheetInstant(x, order, timeZone));
  return issues.length ? { ok: false, issues } : { ok: true, row };
}

const rejected = (row: number, name: string | undefined, issues: ApiIssue[], extra: Pick<ImportRowResult, 'code'> = {}): ImportRowResult => ({
  row,
  status: 'rejected',
  ...(name ? { name } : {}),
  reason: issueSummary(issues, issues.length),
  ...extra,
  issues,
});

export interface RunOptions extends ImportOptions {
  auth: AuthContext;
  /** Imports of the same resource in one organization run one at a time (this names the resource). */
  resource: string;
}

export async function runImport<T, W>(tx: Tx, rows: unknown[], importer: Importer<T, W>, options: RunOptions): Promise<ImportReport> {
  const { auth, preview = false, updateExisting = false, dateOrder } = options;
  if (!preview) {
    // Two imports of one resource at once would each plan against what the other has not yet
    // written (twenty identical files would each create the same vendors): they queue instead.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${options.resource}`}), hashtext(${auth.organizationId}))`);
  }
  const ctx: ImportContext = { auth, timeZone: importer.instantFields?.length ? await organizationTimeZone(tx) : 'UTC' };
  const results: ImportRowResult[] = [];

  // 1. Each row on its own.
  const valid: PlannedRow<T>[] = [];
  rows.forEach((raw, i) => {
    const row = i + 1;
    if (isCsvRowError(raw)) return results.push(rejected(row, raw.$name, [issue('row', 'malformedRow', raw.$error, raw.$params)]));
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return results.push(rejected(row, undefined, [issue('row', 'invalidType', 'must be an object', { expected: 'object' })]));
    }
    const dated = readDates(raw as Record<string, unknown>, importer as Importer<unknown, unknown>, dateOrder, ctx.timeZone);
    if (!dated.ok) return results.push(rejected(row, nameOf(raw), dated.issues));
    const parsed = v.safeParse(importer.rowSchema, dated.row);
    // The same mapper as request validation: codes and parameters included.
    if (!parsed.success) return results.push(rejected(row, nameOf(raw), toApiIssues(parsed.issues, 'row')));
    valid.push({ row, input: parsed.output });
  });

  // 2. The resource's plan for each valid row.
  const size = importer.chunkSize ?? DEFAULT_CHUNK;
  const planned: { row: PlannedRow<T>; plan: RowPlan<W> }[] = [];
  for (let start = 0; start < valid.length; start += size) {
    const chunk = valid.slice(start, start + size);
    const plans = await importer.plan(tx, chunk, ctx);
    chunk.forEach((row, j) => planned.push({ row, plan: plans[j]! }));
  }

  // 3. In file order: a row repeating an earlier one (same key, or the same record matched) is
  //    skipped; a row matching a record is updated only when the person chose so.
  const firstRow = new Map<string, number>();
  const writes: (RowWrite<W> & { update?: FieldChange[]; matchedBy?: string })[] = [];
  for (const { row: p, plan } of planned) {
    const name = nameOf(p.input);
    const base = { row: p.row, ...(name ? { name } : {}) };
    if (plan.action === 'reject') {
      results.push(rejected(p.row, name, [plan.issue]));
      continue;
    }
    const keys = importer.keys(p.input).map(([field, value]) => [field, `${field}:${value}`] as const);
    const matched = plan.action === 'create' ? undefined : plan.id;
    if (matched) keys.push([importer.kind, `id:${matched}`]);
    const clash = keys.find(([, key]) => firstRow.has(key));
    if (clash) {
      const earlier = firstRow.get(clash[1])!;
      results.push({ ...base, status: 'skipped', code: 'DUPLICATE_ROW', params: { row: earlier, field: clash[0] }, reason: `same ${clash[0]} as row ${earlier}` });
      continue;
    }
    for (const [, key] of keys) firstRow.set(key, p.row);
    if (plan.action === 'skip') {
      results.push({ ...base, status: 'skipped', code: plan.code, params: plan.params, reason: plan.reason, ...(plan.id ? { _id: plan.id } : {}) });
    } else if (plan.action === 'create') {
      writes.push({ row: p.row, id: orderedUuid(), values: plan.values });
    } else if (plan.changes.length === 0) {
      results.push({ ...base, status: 'skipped', _id: plan.id, code: 'UNCHANGED', params: { field: plan.matchedBy }, reason: `no changes: the ${importer.kind} with this ${plan.matchedBy} already has these values` });
    } else if (!updateExisting) {
      results.push({
        ...base,
        status: 'skipped',
        _id: plan.id,
        code: 'EXISTS',
        params: { field: plan.matchedBy },
        reason: `a ${importer.kind} with this ${plan.matchedBy} already exists; it is updated only when "update existing" is chosen`,
        changes: plan.changes,
      });
    } else {
      writes.push({ row: p.row, id: plan.id, values: plan.values, update: plan.changes, matchedBy: plan.matchedBy });
    }
  }
  const nameByRow = new Map(planned.map(({ row }) => [row.row, nameOf(row.input)]));
  const done = (w: (typeof writes)[number]): ImportRowResult => ({
    row: w.row,
    status: w.update ? 'updated' : 'created',
    ...(preview && !w.update ? {} : { _id: w.id }),
    ...(nameByRow.get(w.row) ? { name: nameByRow.get(w.row) } : {}),
    ...(w.update ? { params: { field: w.matchedBy! }, changes: w.update } : {}),
  });

  // 4. A preview stops here: nothing has been written.
  if (preview) for (const w of writes) results.push(done(w));
  else {
    // 5. Bulk writes; a refused chunk is halved until the refused rows stand alone.
    const attempt = async (part: typeof writes): Promise<void> => {
      try {
        await tx.transaction((sp) =>
          importer.write(
            sp,
            part.filter((w) => !w.update),
            part.filter((w) => w.update),
            ctx,
          ),
        );
        for (const w of part) results.push(done(w));
        written.push(...part);
      } catch (err) {
        const refusal = databaseRefusal(err);
        if (!refusal) throw err;
        if (part.length === 1) {
          const w = part[0]!;
          results.push(rejected(w.row, nameByRow.get(w.row), [refusal], { code: 'DATABASE' }));
          return;
        }
        const half = Math.ceil(part.length / 2);
        await attempt(part.slice(0, half));
        await attempt(part.slice(half));
      }
    };
    const written: typeof writes = [];
    for (let start = 0; start < writes.length; start += size) await attempt(writes.slice(start, start + size));
    if (written.length) await importer.finish?.(tx, written, ctx);
  }

  results.sort((a, b) => a.row - b.row);
  return { preview, summary: summarise(rows.length, results), rows: results };
}

/** A `text/csv` body: a file that cannot be read as a whole is a 400 naming what is wrong. */
export const csvBodyParser = (fromCsv: (text: string) => { rows: unknown[] }) => (body: RawBody) => {
  try {
    return fromCsv(body.text());
  } catch (err) {
    if (err instanceof CsvFileError) throw new ApiError(400, 'VALIDATION_FAILED', err.message, err.issues);
    throw err;
  }
};

/**
 * A `multipart/form-data` body with the file (CSV or JSON) in the field `file`: read by its
 * declared type or name like the browser reads it; a file that is not what it claims is a 400
 * naming `file`.
 */
export const multipartBodyParser = (fromCsv: (text: string) => { rows: unknown[] }) => async (body: RawBody) => {
  let form: FormData;
  try {
    form = await new Response(body.bytes as unknown as BodyInit, { headers: { 'Content-Type': body.contentType } }).formData();
  } catch {
    throw invalidField('body', 'invalidFormat', 'is not a valid multipart form');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw invalidField('file', 'required', 'is required: send the CSV or JSON file in the form field "file"');
  const text = new TextDecoder().decode(await file.arrayBuffer());
  try {
    return { rows: rowsFromFile({ name: file.name, type: file.type, text }, fromCsv) };
  } catch (err) {
    if (err instanceof CsvFileError) throw new ApiError(400, 'VALIDATION_FAILED', err.message, err.issues);
    throw err;
  }
};

/**
 * `POST <path>` (the contract's `importEndpoint`) taking CSV, JSON `{ rows }` or a multipart file, permission `<module>.create`
 * (and `<module>.update` for `updateExisting`), at most {@link importRowLimit} rows for the
 * caller's role (413 before anything is written), answering `{ data: ImportReport }`.
 */
export function importRoute<T, W>(def: { endpoint: ImportEndpoint; module: ModuleKey; fromCsv: (text: string) => { rows: unknown[] }; importer: Importer<T, W> }): RouteDef {
  return route({
    endpoint: def.endpoint,
    access: allow(def.module, 'create'),
    importRow: def.importer.rowSchema,
    bodyParsers: { 'text/csv': csvBodyParser(def.fromCsv), 'multipart/form-data': multipartBodyParser(def.fromCsv) },
    maxBodyBytes: IMPORT_MAX_BYTES,
    async handler({ tx, body, auth, query }) {
      const limit = importRowLimit(auth.role.permissions, def.module);
      if (body.rows.length > limit) {
        const message = `must have at most ${limit} rows for your role (${def.module}.delete allows ${IMPORT_MAX_ROWS})`;
        const params = { count: body.rows.length, max: limit };
        throw new ApiError(413, 'IMPORT_TOO_MANY_ROWS', `The file has ${body.rows.length} rows; your role may import at most ${limit} at a time`, [issue('rows', 'tooManyItems', message, { max: limit })], undefined, params);
      }
      if (query.updateExisting && !can(auth.role.permissions, def.module, 'update')) {
        throw new ApiError(403, 'FORBIDDEN', `You do not have the permission ${def.module}.update, which "update existing" needs`, undefined, undefined, { module: def.module, action: 'update' });
      }
      return { data: await runImport(tx, body.rows, def.importer, { ...query, auth, resource: def.endpoint.pattern }) };
    },
  });
}

// ---------- helpers for importers ----------

/** JSON with object keys sorted: jsonb gives its keys back in its own order. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]))
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

/**
 * The fields `given` would change on a `stored` record: each key given (not undefined) whose value
 * differs (deep, `null` and absent alike), as `{ field, from, to }`, in the order given.
 */
export function fieldChanges(stored: Record<string, unknown>, given: Record<string, unknown>): FieldChange[] {
  return Object.entries(given)
    .filter(([field, to]) => to !== undefined && !same(stored[field], to))
    .map(([field, to]) => ({ field, from: stored[field] ?? null, to }));
}

/**
 * Updates many rows of `table` in one statement: each `{ id, values }` sets the columns its values
 * name (by the table's field names; an absent key keeps the stored value), typed by PostgreSQL
 * itself (`jsonb_populate_record` over the table's row type: arrays, jsonb, numbers, dates).
 */
export async function bulkUpdate(tx: Tx, table: PgTable, updates: { id: string; values: Record<string, unknown> }[]) {
  if (!updates.length) return;
  const columns = getTableColumns(table);
  const doc = updates.map(({ id, values }) => ({
    id,
    d: Object.fromEntries(Object.entries(values).filter(([key, x]) => x !== undefined && columns[key]).map(([key, x]) => [columns[key]!.name, x])),
  }));
  const names = [...new Set(doc.flatMap((u) => Object.keys(u.d)))];
  const t = sql.identifier('t');
  const set = names.map((name) => {
    const column = sql.identifier(name);
    return sql`${column} = case when x.d ? ${name} then (x.r).${column} else ${t}.${column} end`;
  });
  await tx.execute(sql`
    update ${table} as ${t} set ${sql.join(set, sql`, `)}, updated_at = now()
    from (select (e->>'id')::uuid as id, e->'d' as d, jsonb_populate_record(null::${table}, e->'d') as r
          from jsonb_array_elements(${JSON.stringify(doc)}::jsonb) e) x
    where ${t}.id = x.id`);
}
