import Papa from 'papaparse';
import * as v from 'valibot';
import { can, type ModuleKey, type Permissions } from '../permissions';
import { endpoint } from './endpoint';
import { DATE_ORDERS } from './import-dates';
import { coded, type ApiIssue, type IssueCode, type IssueParams } from './issues';
import { apiIssueSchema, booleanQuery, oneOf, uuid } from './schemas';

/**
 * The shared wire format of every `POST /<resource>/import` (see docs/decisions.md "Imports"): a
 * CSV file (`Content-Type: text/csv`), JSON `{ rows: [...] }`, or a multipart upload with the
 * file (CSV or JSON) in the field `file`. Each row is checked on its own with the resource's
 * import-row schema and the answer is an {@link ImportReport}. Options go in the query string
 * ({@link importQuery}).
 */

/** The most rows one file may have, for a role that may delete the module's records (or the Owner). */
export const IMPORT_MAX_ROWS = 50_000;
/** The most rows one file may have for a role that may only create (a sales agent's leads from a fair). */
export const IMPORT_MAX_ROWS_WITHOUT_DELETE = 5_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * How many rows one import may carry for this caller: a role that may delete the module's
 * records may already change all of them, and imports up to {@link IMPORT_MAX_ROWS}; a role that
 * only creates imports up to {@link IMPORT_MAX_ROWS_WITHOUT_DELETE}, which keeps one request from
 * holding a database connection for long. The same rule in the browser and on the server.
 */
export const importRowLimit = (permissions: Permissions, module: ModuleKey) =>
  can(permissions, module, 'delete') ? IMPORT_MAX_ROWS : IMPORT_MAX_ROWS_WITHOUT_DELETE;

/** The JSON body: the rows are checked one by one later, so one bad row never refuses the file. */
export const importInput = (maxRows = IMPORT_MAX_ROWS) =>
  v.strictObject({
    rows: v.pipe(
      v.array(v.unknown(), coded('invalidType', 'must be a list of rows', { expected: 'list' })),
      v.minLength(1, coded('tooFewItems', 'must have at least one row', { min: 1 })),
      v.maxLength(maxRows, coded('tooManyItems', `must have at most ${maxRows} rows`, { max: maxRows })),
    ),
  });

/**
 * The import's options, in the query string (the same for CSV, JSON and multipart bodies):
 * - `preview=true` answers what the import would do and writes nothing;
 * - `updateExisting=true` updates the records rows match (needs the module's `update`
 *   permission); without it a matching row is skipped, never written;
 * - `dateOrder=dmy|mdy`: how `05/03/2026` is read (import-dates.ts).
 */
export const importQuery = v.strictObject({
  preview: booleanQuery,
  updateExisting: booleanQuery,
  dateOrder: v.optional(oneOf(DATE_ORDERS)),
});
export type ImportQuery = v.InferOutput<typeof importQuery>;
export type ImportOptions = { preview?: boolean; updateExisting?: boolean; dateOrder?: (typeof DATE_ORDERS)[number] };

export const IMPORT_STATUSES = ['created', 'updated', 'skipped', 'rejected'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * Why a row was skipped, for the screen's own words: `EXISTS` (it matches a record and "update
 * existing" was not chosen; `params.field` is what matched), `UNCHANGED` (it matches a record that
 * already has these values), `DUPLICATE_ROW` (an earlier row of the file, `params.row`, has the
 * same `params.field`), `DUPLICATE` (it matches an existing record the import never changes: a
 * lead; `params.field`). A rejected row says why in its `issues`; `DATABASE` marks one the
 * database refused when it was written.
 */
export const IMPORT_ROW_CODES = ['EXISTS', 'UNCHANGED', 'DUPLICATE_ROW', 'DUPLICATE', 'DATABASE'] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];
export type SkipCode = Exclude<ImportRowCode, 'DATABASE'>;

/** One field an update changes: dotted for a nested field (`bankDetails.swift`). */
export const fieldChangeSchema = v.object({ field: v.string(), from: v.unknown(), to: v.unknown() });
export type FieldChange = v.InferOutput<typeof fieldChangeSchema>;

export const importRowResultSchema = v.object({
  /** 1-based position of the row among the data rows (in a CSV file, the header is row 0). */
  row: v.number(),
  status: v.picklist(IMPORT_STATUSES),
  /** The record created, updated, or matched. */
  _id: v.optional(uuid),
  /** The row's name (also for a rejected row, when it has one). */
  name: v.optional(v.string()),
  /** Why a row was rejected or skipped, in English (`email must be a valid email address`); people read `code` / `issues`. */
  reason: v.optional(v.string()),
  code: v.optional(v.picklist(IMPORT_ROW_CODES)),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  /** What is wrong with a rejected row, field by field, with codes (src/api/common/issues.ts). */
  issues: v.optional(v.array(apiIssueSchema)),
  /** For a row that matches an existing record: what updating it changes (also when it is skipped). */
  changes: v.optional(v.array(fieldChangeSchema)),
});
export type ImportRowResult = Omit<v.InferOutput<typeof importRowResultSchema>, 'issues'> & { issues?: ApiIssue[] };

export const importReportSchema = v.object({
  /** True when nothing was written: the rows say what the same import would do. */
  preview: v.boolean(),
  summary: v.object({ total: v.number(), created: v.number(), updated: v.number(), skipped: v.number(), rejected: v.number() }),
  rows: v.array(importRowResultSchema),
});
export type ImportReport = Omit<v.InferOutput<typeof importReportSchema>, 'rows'> & { rows: ImportRowResult[] };
/** `POST /<resource>/import` answers the report. */
export const importReportAnswer = v.object({ data: importReportSchema });

/**
 * `POST /<resource>/import` (CSV, JSON `{ rows }` or a multipart file; `preview`, `updateExisting`,
 * `dateOrder` in the query), declared in its area's contract (`importEndpoint('/vendors/import')`);
 * the server's `importRoute` registers it with the resource's importer.
 */
export const importEndpoint = <const P extends string>(path: P) =>
  endpoint({ method: 'POST', path, query: importQuery, body: importInput(IMPORT_MAX_ROWS), answer: importReportAnswer });
export type ImportEndpoint = ReturnType<typeof importEndpoint<string>>;

export function summarise(total: number, rows: ImportRowResult[]): ImportReport['summary'] {
  const summary = { total, created: 0, updated: 0, skipped: 0, rejected: 0 };
  for (const r of rows) summary[r.status]++;
  return summary;
}

/** A problem with the file as a whole (no header, unknown columns, not JSON, not text): nothing is imported. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly issues: ApiIssue[],
  ) {
    super(message);
  }
}
/** A data row the file itself garbled (cells do not match the header); reported as rejected (`malformedRow`), with its name when it has one. */
export interface CsvRowError {
  $error: string;
  $name?: string;
  $params?: Record<string, number>;
}

export const isCsvRowError = (raw: unknown): raw is CsvRowError =>
  !!raw && typeof raw === 'object' && typeof (raw as { $error?: unknown }).$error === 'string';

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
  const nameColumn = fields.indexOf('name');
  const garbledRow = (cells: string[], $error: string, $params?: Record<string, number>): CsvRowError => {
    const name = nameColumn >= 0 ? cells[nameColumn]?.trim() : undefined;
    return { $error, ...(name ? { $name: name } : {}), ...($params ? { $params } : {}) };
  };

  const rows = records.map((cells, i): Record<string, unknown> | CsvRowError => {
    if (garbled.has(i)) return garbledRow(cells, `is not a well-formed CSV row: ${garbled.get(i)}`);
    // Short rows are fine (missing cells are empty); data beyond the header's columns is not.
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) {
      return garbledRow(cells, `has ${cells.length} cells but the header has ${header.length} columns`, { cells: cells.length, columns: header.length });
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

/** What a file is read as: its declared type first, else its extension, else its first character. */
export function importFileKind(name: string, type: string, text: string): 'csv' | 'json' | undefined {
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json' || /\.json$/i.test(name)) return 'json';
  // Windows browsers send CSV files as application/vnd.ms-excel.
  if (['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'].includes(mediaType) || /\.(csv|txt)$/i.test(name)) return 'csv';
  if (mediaType === '' || mediaType === 'application/octet-stream') return /^\s*[[{]/.test(text) ? 'json' : 'csv';
  return undefined;
}

/**
 * The rows of an uploaded file, in the browser (before anything is sent) and on the server (a
 * multipart upload): CSV through the resource's reader, JSON as `{ "rows": [...] }` or a bare list.
 * A file that is not what it claims to be throws {@link CsvFileError} naming `file`.
 */
export function rowsFromFile(file: { name: string; type: string; text: string }, fromCsv: (text: string) => { rows: unknown[] }): unknown[] {
  const kind = importFileKind(file.name, file.type, file.text);
  const refuse = (code: IssueCode, message: string, params: IssueParams = {}): never => {
    throw new CsvFileError(`The file ${message}`, [{ path: 'file', code, params, message }]);
  };
  if (!kind) refuse('oneOf', `must be a CSV or JSON file, not ${file.type}`, { values: ['CSV', 'JSON'] });
  // NUL, or bytes that are not UTF-8 (decoded as U+FFFD): a workbook, or text in another encoding.
  if (/[\u0000\uFFFD]/.test(file.text)) {
    refuse('notUtf8', `is not a UTF-8 ${kind === 'json' ? 'JSON' : 'CSV'} text file (a spreadsheet workbook? save it as "CSV UTF-8")`);
  }
  if (kind === 'csv') return fromCsv(file.text).rows;
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch {
    refuse('invalidJson', 'is not valid JSON');
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) refuse('invalidType', 'must be a JSON list of rows or { "rows": [...] }', { expected: 'list' });
  return rows as unknown[];
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

/** `true`/`false` in a CSV cell (also yes/no, 1/0, active/inactive) or a JSON boolean. */
export const boolFromText = (message = 'must be true or false') =>
  v.union(
    [
      v.boolean(),
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.picklist(['true', 'false', 'yes', 'no', '1', '0', 'active', 'inactive'], coded('invalidType', message, { expected: 'boolean' })),
        v.transform((s) => ['true', 'yes', '1', 'active'].includes(s)),
      ),
    ],
    coded('invalidType', message, { expected: 'boolean' }),
  );

/**
 * The template a person downloads from the import dialog: the columns the resource's CSV reader
 * knows, in a sensible order, and one example row (tests check that it imports cleanly).
 */
export interface ImportTemplate {
  /** The downloaded file's name. */
  file: string;
  columns: string[];
  example: Record<string, string>;
}

/** The template as CSV text: the header line and the example row. */
export const templateCsv = (template: ImportTemplate) =>
  Papa.unparse({ fields: template.columns, data: [template.columns.map((c) => template.example[c] ?? '')] }, { newline: '\r\n' });
