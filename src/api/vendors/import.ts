import { rowsFromCsv } from '../common/import';

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

export { CsvFileError, type CsvRowError } from '../common/import';

/**
 * Turns a CSV file into vendor import rows (see `rowsFromCsv`): empty cells are left out (so they
 * change nothing on an existing vendor), bank columns become `bankDetails`.
 */
export const vendorRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: VENDOR_CSV_COLUMNS, required: ['name'] });
