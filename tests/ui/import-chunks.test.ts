import { describe, expect, it, vi } from 'vitest';
import { ImportFileError, importInChunks, rowsFromFile } from '../../src/api/common/import-chunks';
import type { ImportReport } from '../../src/api/common/import';
import { vendorRowsFromCsv } from '../../src/api/vendors/import';

/** A stand-in server: rejects rows without a name, creates the rest; numbers rows per request from 1. */
const fakeServer = vi.fn(async (rows: unknown[]): Promise<ImportReport> => {
  const results = rows.map((r, i) =>
    (r as { name?: string }).name
      ? { row: i + 1, status: 'created' as const, name: (r as { name: string }).name }
      : { row: i + 1, status: 'rejected' as const, reason: 'name is required' },
  );
  const n = (s: string) => results.filter((r) => r.status === s).length;
  return { summary: { total: rows.length, created: n('created'), updated: 0, rejected: n('rejected') }, rows: results };
});

describe('import in chunks (progress for large files, one report numbered as in the file)', () => {
  it('reads CSV with the shared reader: garbled rows are rejected locally, the rest sent in chunks', async () => {
    const csv = ['name,services', 'A,hotels', ',visa', 'B,others,extra', 'C,flights', 'D,visa'].join('\n');
    const rows = rowsFromFile('v.csv', csv, vendorRowsFromCsv);
    const progress: number[] = [];
    fakeServer.mockClear();
    const report = await importInChunks(rows, fakeServer, { chunkSize: 2, onProgress: (p) => progress.push(p.done) });
    expect(fakeServer).toHaveBeenCalledTimes(2);
    expect(fakeServer.mock.calls.map(([r]) => r.length)).toEqual([2, 2]);
    expect(progress).toEqual([1, 3, 5]);
    expect(report.summary).toEqual({ total: 5, created: 3, updated: 0, rejected: 2 });
    expect(report.rows.map((r) => [r.row, r.status])).toEqual([
      [1, 'created'],
      [2, 'rejected'],
      [3, 'rejected'],
      [4, 'created'],
      [5, 'created'],
    ]);
    expect(report.rows[2]!.reason).toMatch(/cells but the header has 2 columns/);
  });

  it('reads JSON as { rows } or a bare list, and refuses a file it cannot read as a whole', () => {
    expect(rowsFromFile('v.json', '{"rows":[{"name":"A"}]}', vendorRowsFromCsv)).toEqual([{ name: 'A' }]);
    expect(rowsFromFile('v.json', '[{"name":"A"}]', vendorRowsFromCsv)).toEqual([{ name: 'A' }]);
    expect(() => rowsFromFile('v.json', '{"rows":', vendorRowsFromCsv)).toThrow(ImportFileError);
    expect(() => rowsFromFile('v.csv', 'name,colour\nA,red', vendorRowsFromCsv)).toThrow(/Unknown CSV columns: colour/);
  });
});
