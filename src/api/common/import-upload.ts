import { api, toQueryString, type CallOptions } from '../client';
import { rowsFromFile, summarise, type ImportEndpoint, type ImportOptions, type ImportReport } from './import';
import type { ItemAnswer } from './schemas';

/**
 * The browser side of every `POST /<resource>/import`: the picked file is read here with the same
 * reader the server uses (so a file refused as a whole is refused before anything is sent, and
 * the row count is known), then sent as it is, a multipart upload, once for the preview and once
 * for the import. One request per file: the preview and the import judge the whole file at once
 * (a row repeating another is found wherever it is).
 */
export async function readImportFile(file: File, fromCsv: (text: string) => { rows: unknown[] }): Promise<unknown[]> {
  return rowsFromFile({ name: file.name, type: file.type, text: await file.text() }, fromCsv);
}

/** One upload of `file` to the resource's import (its contract's `importEndpoint`, else its path: `/hotels/import`) with the options in the query string. */
export function uploadImport(target: ImportEndpoint | string, file: File, options: ImportOptions, call: CallOptions): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = { preview: options.preview ? 'true' : undefined, updateExisting: options.updateExisting ? 'true' : undefined, dateOrder: options.dateOrder };
  // The report's issue codes are the product's own (`ImportReport`); the answer's schema reads them as text.
  if (typeof target !== 'string') return api.call(target, { query, body: form }, call).then((r) => r.data as ImportReport);
  return api.postForm<ItemAnswer<ImportReport>>(`${target}${toQueryString(query)}`, form, call).then((r) => r.data);
}

/** A preview made with "update existing", as it stands without it: the rows that would update are skipped. */
export function withoutUpdates(report: ImportReport): ImportReport {
  const rows = report.rows.map((r) => (r.status === 'updated' ? { ...r, status: 'skipped' as const, code: 'EXISTS' as const } : r));
  return { ...report, rows, summary: summarise(report.summary.total, rows) };
}
