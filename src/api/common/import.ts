import Papa from 'papaparse';
import * as v from 'valibot';
import { ISSUE_CODES, coded, type ApiIssue } from './issues';

/**
 * The shared wire format of every `POST /<resource>/import` (see docs/decisions.md): a CSV file
 * (`Content-Type: text/csv`) or JSON `{ rows: [...] }`; each row is checked on its own with the
 * resource's import-row schema and the answer is an {@link ImportReport}.
 */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The JSON body: the rows are checked one by one later, so one bad row never refuses the file. */
export const importInput = (maxRows = IMPORT_MAX_ROWS) =>
  v.strictObject({
    rows: v.pipe(
      v.array(v.unknown(), coded('invalidType', 'must be a list of rows', { expected: 'list' })),
      v.minLength(1, coded('tooFewItems', 'must have at least one row', { min: 1 })),
      v.maxLength(maxRows, coded('tooManyItems', `must have at most ${maxRows} rows`, { max: maxRows })),
    ),
  });

export const importRowResultSchema = v.object({
  /** 1-based position of the row among the data rows (in a CSV file, the header is row 0). */
  row: v.number(),
  status: v.picklist(['created', 'updated', 'rejected']),
  /** The record created or updated. */
  _id: v.optional(v.pipe(v.string(), v.uuid())),
  name: v.optional(v.string()),
  /** Why a row was rejected, e.g. `email must be a valid email address`. */
  reason: v.optional(v.string()),
  issues: v.optional(v.array(v.object({ path: v.string(), code: v.picklist(ISSUE_CODES), params: v.record(v.string(), v.unknown()), message: v.string() }))),
});
export type ImportRowResult = Omit<v.InferOutput<typeof importRowResultSchema>, 'issues'> & { issues?: ApiIssue[] };
export const importReportSchema = v.object({
  summary: v.object({ total: v.number(), created: v.number(), updated: v.number(), rejected: v.number() }),
  rows: v.array(importRowResultSchema),
});
export type ImportReport = { summary: v.InferOutput<typeof importReportSchema>['summary']; rows: ImportRowResult[] };
/** `POST /<resource>/import` answers the report. */
export const importReportAnswer = v.object({ data: importReportSchema });

/** A problem with the file as a whole (no header, unknown columns): nothing is imported. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly issues: ApiIssue[],
  ) {
    super(message);
  }
}

/** A data row the file itself garbled (cells do not match the header); reported as rejected. */
export interface CsvRowError {
  $error: string;
}

export interface CsvSpec {
  /**
   * Accepted column names, normalised (lower case, no spaces, `_` or `-`), to the field they fill.
   * A dotted field (`bankDetails.swift`) fills a nested object.
   */
  columns: Record<string, string>;
  /** Fields the file must have a column for. */
  required: string[];
}

/** Header names are matched without regard to case, spaces, `_` or `-` ("Contact person", "contact_person"). */
export const normaliseColumn = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Turns a CSV file into import rows: empty cells are left out (so they change nothing on an
 * existing record), dotted fields become nested objects. Rows whose cells do not line up with the
 * header (data past the last column, broken quoting) become `{ $error }` so the import reports
 * them and carries on. A file that cannot be read as a whole throws {@link CsvFileError}.
 */
export function rowsFromCsv(text: string, spec: CsvSpec): { rows: (Record<string, unknown> | CsvRowError)[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header || header.every((h) => h.trim() === '')) {
    throw new CsvFileError('The CSV file is empty: the first line must name the columns', [{ path: 'body', code: 'emptyFile', params: {}, message: 'has no header line' }]);
  }
  const fields = header.map((h) => (h.trim() === '' ? undefined : spec.columns[normaliseColumn(h)]));
  const unknown = header.filter((h, i) => h.trim() !== '' && !fields[i]);
  if (unknown.length) {
    throw new CsvFileError(`Unknown CSV columns: ${unknown.join(', ')}`, unknown.map((h) => ({ path: `columns.${h}`, code: 'unknownColumn', params: { column: h }, message: 'is not a known column' })));
  }
  const seen = new Map<string, string>();
  for (const [i, field] of fields.entries()) {
    if (!field) continue;
    if (seen.has(field)) {
      const message = `columns ${seen.get(field)} and ${header[i]} are the same field`;
      throw new CsvFileError(`Duplicate CSV columns: ${message}`, [{ path: `columns.${header[i]}`, code: 'duplicateColumn', params: { column: header[i], other: seen.get(field)! }, message }]);
    }
    seen.set(field, header[i]);
  }
  for (const field of spec.required) {
    if (!fields.includes(field)) throw new CsvFileError(`The CSV file has no ${field} column`, [{ path: `columns.${field}`, code: 'required', params: {}, message: 'is required' }]);
  }

  // Papaparse reports quoting problems per record (row 0 is the header).
  const garbled = new Map<number, string>();
  for (const e of parsed.errors) if (e.row !== undefined && e.row > 0) garbled.set(e.row - 1, e.message);

  const rows = records.map((cells, i): Record<string, unknown> | CsvRowError => {
    if (garbled.has(i)) return { $error: `the CSV row is malformed: ${garbled.get(i)}` };
    // Short rows are fine (missing cells are empty); data beyond the header's columns is not.
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
      return { $error: `has ${cells.length} cells but the header has ${header.length} columns` };
    }
    const row: Record<string, unknown> = {};
    for (const [j, field] of fields.entries()) {
      const cell = cells[j]?.trim();
      if (!field || !cell) continue;
      const dot = field.indexOf('.');
      if (dot > 0) {
        const nested = (row[field.slice(0, dot)] ??= {}) as Record<string, string>;
        nested[field.slice(dot + 1)] = cell;
      } else row[field] = cell;
    }
    return row;
  });
  return { rows };
}

/** A list in one CSV cell (or already a list in JSON): items separated by `;`, `|` or a quoted `,`. */
export const listFromText = <T extends v.GenericSchema<string[], unknown>>(inner: T, message = 'must be a list') =>
  v.pipe(
    v.union([v.array(v.string()), v.string()], coded('invalidType', message, { expected: 'list' })),
    v.transform((x) => (Array.isArray(x) ? x : x.split(/[;|,]/)).map((s) => s.trim()).filter(Boolean)),
    inner,
  );

/** A whole number in a CSV cell (text) or JSON (number). */
export const intFromText = <T extends v.GenericSchema<number, unknown>>(inner: T) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,15}$/, coded('notInteger', 'must be a whole number')), v.transform(Number))],
      coded('invalidType', 'must be a number', { expected: 'number' }),
    ),
    inner,
  );
