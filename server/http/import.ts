import * as v from 'valibot';
import { issueSummary, toApiIssues } from '../../src/api/common/issues';
import { CsvFileError, IMPORT_MAX_BYTES, importInput, importReportAnswer, type CsvRowError, type ImportReport, type ImportRowResult } from '../../src/api/common/import';
import type { ModuleKey } from '../../src/api/permissions';
import type { AuthContext } from '../auth/session';
import type { Tx } from '../db/client';
import { ApiError, fromDatabaseError, issue } from './errors';
import { allow, route, type RouteDef } from './route';

/**
 * The machinery every `POST /<resource>/import` shares: per-row validation with the resource's
 * schema, chunked writes in savepoints, and the report. A resource only says how to write a chunk
 * of valid rows (create or update each, in order).
 */
export interface PlannedRow<T> {
  row: number;
  input: T;
}

/** Who is importing (the timeline and ownership of imported records name them). */
export interface ImportContext {
  auth: AuthContext;
}

export interface Importer<T> {
  /** One row, checked on its own; a refusal rejects that row only. */
  rowSchema: v.GenericSchema<unknown, T>;
  /**
   * Writes valid rows, in order, inside a savepoint the runner opens. It answers one result per row;
   * it may reject a row it cannot resolve (a region that does not exist…). Throwing a database
   * error makes the runner redo the chunk row by row, so only the offending row is refused.
   */
  writeChunk(tx: Tx, chunk: PlannedRow<T>[], ctx: ImportContext): Promise<ImportRowResult[]>;
  chunkSize?: number;
}

const DEFAULT_CHUNK = 500;

/** A row's issues, by the same mapper as request validation (codes and parameters included). */
export const issueList = (issues: v.BaseIssue<unknown>[]) => toApiIssues(issues, 'row');

const isCsvRowError = (raw: unknown): raw is CsvRowError =>
  !!raw && typeof raw === 'object' && typeof (raw as { $error?: unknown }).$error === 'string';

function rejection(row: number, err: unknown): ImportRowResult {
  const known = fromDatabaseError(err);
  if (!known) throw err;
  return { row, status: 'rejected', reason: known.message };
}

export async function runImport<T>(tx: Tx, rows: unknown[], importer: Importer<T>, ctx: ImportContext): Promise<ImportReport> {
  const results: ImportRowResult[] = [];
  const valid: PlannedRow<T>[] = [];
  rows.forEach((raw, i) => {
    const row = i + 1;
    if (isCsvRowError(raw)) {
      results.push({ row, status: 'rejected', reason: raw.$error });
      return;
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      results.push({ row, status: 'rejected', reason: 'row must be an object', issues: [issue('row', 'invalidType', 'must be an object', { expected: 'object' })] });
      return;
    }
    const parsed = v.safeParse(importer.rowSchema, raw);
    if (parsed.success) {
      valid.push({ row, input: parsed.output });
      return;
    }
    const issues = issueList(parsed.issues);
    results.push({ row, status: 'rejected', reason: issueSummary(issues, issues.length), issues });
  });
  const size = importer.chunkSize ?? DEFAULT_CHUNK;
  const inSavepoint = (chunk: PlannedRow<T>[]) => tx.transaction((sp) => importer.writeChunk(sp, chunk, ctx));
  for (let start = 0; start < valid.length; start += size) {
    const chunk = valid.slice(start, start + size);
    try {
      results.push(...(await inSavepoint(chunk)));
    } catch {
      // One row of the chunk broke a rule the database keeps (a name taken by another record…):
      // redo the chunk row by row, each in its own savepoint, so only that row is refused.
      for (const planned of chunk) {
        try {
          results.push(...(await inSavepoint([planned])));
        } catch (err) {
          results.push(rejection(planned.row, err));
        }
      }
    }
  }
  results.sort((a, b) => a.row - b.row);
  const count = (status: ImportRowResult['status']) => results.filter((r) => r.status === status).length;
  return {
    summary: { total: rows.length, created: count('created'), updated: count('updated'), rejected: count('rejected') },
    rows: results,
  };
}

/** A `text/csv` body parser for a route: a file that cannot be read as a whole is a 400. */
export const csvBodyParser = (toRows: (text: string) => { rows: unknown[] }) => (text: string) => {
  try {
    return toRows(text);
  } catch (err) {
    if (err instanceof CsvFileError) throw new ApiError(400, 'VALIDATION_FAILED', err.message, err.issues);
    throw err;
  }
};

/** `POST <path>` taking CSV or JSON `{ rows }`, permission `<module>.create`, answering `{ data: ImportReport }`. */
export function importRoute<T>(def: {
  path: string;
  module: ModuleKey;
  fromCsv: (text: string) => { rows: unknown[] };
  importer: Importer<T>;
  maxRows?: number;
}): RouteDef {
  return route({
    method: 'POST',
    path: def.path,
    access: allow(def.module, 'create'),
    body: importInput(def.maxRows),
    importRow: def.importer.rowSchema,
    answers: importReportAnswer,
    bodyParsers: { 'text/csv': csvBodyParser(def.fromCsv) },
    maxBodyBytes: IMPORT_MAX_BYTES,
    async handler({ tx, body, auth }) {
      return { data: await runImport(tx, body.rows, def.importer, { auth }) };
    },
  });
}
