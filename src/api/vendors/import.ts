import Papa from 'papaparse';

/**
 * The CSV form of a vendor import. The first line names the columns; names are matched without
 * regard to case, spaces, `_` or `-` ("Contact person", "contact_person", "contactPerson").
 * `services` lists service types separated by `;`, `|` or `,` (quote the cell when using commas).
 */
export const VENDOR_CSV_COLUMNS: Record<string, string> = {
  name: 'name',
  vendor: 'name',
  vendorname: 'name',
  services: 'services',
  contactperson: 'contactPerson',
  contact: 'contactPerson',
  email: 'email',
  phone: 'phone',
  address: 'address',
  notes: 'notes',
  bankaccountname: 'bankDetails.accountName',
  accountname: 'bankDetails.accountName',
  bank: 'bankDetails.bankName',
  bankname: 'bankDetails.bankName',
  bankaccountnumber: 'bankDetails.accountNumber',
  accountnumber: 'bankDetails.accountNumber',
  iban: 'bankDetails.accountNumber',
  swift: 'bankDetails.swift',
  bic: 'bankDetails.swift',
  bankswift: 'bankDetails.swift',
};

/** A problem with the file as a whole (no header, unknown columns): nothing is imported. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** A data row the file itself garbled (cells do not match the header); reported as rejected. */
export interface CsvRowError {
  $error: string;
}

const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Turns a CSV file into import rows: empty cells are left out (so they change nothing on an
 * existing vendor), bank columns become `bankDetails`. Rows whose cells do not line up with the
 * header (data past the last column, broken quoting) become `{ $error }` so the import reports
 * them and carries on.
 */
export function vendorRowsFromCsv(text: string): { rows: (Record<string, unknown> | CsvRowError)[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header || header.every((h) => h.trim() === '')) {
    throw new CsvFileError('The CSV file is empty: the first line must name the columns', [{ path: 'body', message: 'has no header line' }]);
  }
  const fields = header.map((h) => (h.trim() === '' ? undefined : VENDOR_CSV_COLUMNS[normalise(h)]));
  const unknown = header.filter((h, i) => h.trim() !== '' && !fields[i]);
  if (unknown.length) {
    throw new CsvFileError(`Unknown CSV columns: ${unknown.join(', ')}`, unknown.map((h) => ({ path: `columns.${h}`, message: 'is not a known column' })));
  }
  const seen = new Map<string, string>();
  for (const [i, field] of fields.entries()) {
    if (!field) continue;
    if (seen.has(field)) {
      const message = `columns ${seen.get(field)} and ${header[i]} are the same field`;
      throw new CsvFileError(`Duplicate CSV columns: ${message}`, [{ path: `columns.${header[i]}`, message }]);
    }
    seen.set(field, header[i]);
  }
  if (!fields.includes('name')) {
    throw new CsvFileError('The CSV file has no name column', [{ path: 'columns.name', message: 'is required' }]);
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
      if (field.startsWith('bankDetails.')) {
        const bank = (row.bankDetails ??= {}) as Record<string, string>;
        bank[field.slice('bankDetails.'.length)] = cell;
      } else row[field] = cell;
    }
    return row;
  });
  return { rows };
}
