import type { CsvRowError, ImportReport, ImportRowResult } from './import';

/**
 * The browser side of every `POST /<resource>/import`: the file is read here (the same CSV
 * reader the server uses, so columns and garbled rows are judged the same way) and sent as JSON
 * `{ rows }` in chunks, so a large file shows real progress and no request nears the size limit.
 * The chunks' reports are merged into one, numbered as in the file.
 */
export const IMPORT_CHUNK_ROWS = 1000;

export interface ImportProgress {
  /** Rows answered so far (sent or rejected while reading). */
  done: number;
  total: number;
}

/** A file the reader refused as a whole (unknown columns, not JSON…): nothing is sent. */
export class ImportFileError extends Error {}

const isRowError = (row: unknown): row is CsvRowError =>
  !!row && typeof row === 'object' && typeof (row as { $error?: unknown }).$error === 'string';

/**
 * The rows of a picked file: CSV through the resource's reader (`fromCsv`, which throws on a
 * file-level problem), JSON as `{ "rows": [...] }` or a bare array.
 */
export function rowsFromFile(name: string, text: string, fromCsv: (text: string) => { rows: unknown[] }): unknown[] {
  const isJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (!isJson) {
    try {
      return fromCsv(text).rows;
    } catch (error) {
      throw new ImportFileError(error instanceof Error ? error.message : String(error));
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ImportFileError('The file is not valid JSON');
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { rows?: unknown })?.rows;
  if (!Array.isArray(rows)) throw new ImportFileError('The JSON file must be a list of rows or { "rows": [...] }');
  return rows;
}

/**
 * Sends `rows` in chunks with `send` and merges the answers: `row` is the row's place in the file
 * (from 1). Rows the reader already found garbled are reported rejected without being sent.
 */
export async function importInChunks(
  rows: unknown[],
  send: (rows: unknown[]) => Promise<ImportReport>,
  options: { chunkSize?: number; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const size = options.chunkSize ?? IMPORT_CHUNK_ROWS;
  const results: ImportRowResult[] = [];
  const toSend: { row: number; data: unknown }[] = [];
  rows.forEach((data, i) => {
    if (isRowError(data)) results.push({ row: i + 1, status: 'rejected', reason: data.$error });
    else toSend.push({ row: i + 1, data });
  });
  let done = results.length;
  options.onProgress?.({ done, total: rows.length });
  for (let start = 0; start < toSend.length; start += size) {
    const chunk = toSend.slice(start, start + size);
    const report = await send(chunk.map((c) => c.data));
    for (const r of report.rows) results.push({ ...r, row: chunk[r.row - 1]?.row ?? r.row });
    done += chunk.length;
    options.onProgress?.({ done, total: rows.length });
  }
  results.sort((a, b) => a.row - b.row);
  const count = (status: ImportRowResult['status']) => results.filter((r) => r.status === status).length;
  return {
    summary: { total: rows.length, created: count('created'), updated: count('updated'), rejected: count('rejected') },
    rows: results,
  };
}
