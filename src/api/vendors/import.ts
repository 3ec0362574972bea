import { rowsFromCsv, type ImportTemplate } from '../common/import';

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
  isactive: 'isActive',
  active: 'isActive',
};

export { CsvFileError, type CsvRowError } from '../common/import';

/**
 * Turns a CSV file into vendor import rows (see `rowsFromCsv`): empty cells are left out (so they
 * change nothing on an existing vendor), bank columns become `bankDetails`.
 */
export const vendorRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: VENDOR_CSV_COLUMNS, required: ['name'] });

/** The template the import dialog offers: every column, and a vendor that imports cleanly. */
export const VENDOR_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'vendors-template.csv',
  columns: ['name', 'services', 'contactPerson', 'email', 'phone', 'address', 'notes', 'isActive', 'bankAccountName', 'bankName', 'iban', 'swift'],
  example: {
    name: 'Desert Rose Transfers',
    services: 'transfers;activities',
    contactPerson: 'Omar Haddad',
    email: 'bookings@desertrose.example',
    phone: '+971 4 555 0100',
    address: 'Al Quoz 3, Dubai',
    notes: 'Airport transfers around the clock',
    isActive: 'true',
    bankAccountName: 'Desert Rose Transfers LLC',
    bankName: 'Emirates NBD',
    iban: 'AE07 0331 2345 6789 0123 456',
    swift: 'EBILAEAD',
  },
};
