import { rowsFromCsv, type ImportTemplate } from '../common/import';
import { LEAD_CSV_COLUMNS } from './contract';

/**
 * The CSV form of a lead import (the reader the server uses): the first line names the columns,
 * matched without regard to case, spaces, `_` or `-`; `regions` and `destinations` list ids, slugs
 * or names separated by `;`, `|` or `,`; `assignedTo` is a member's id or email.
 */
export const leadRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: LEAD_CSV_COLUMNS, required: ['name'] });

/**
 * The template the import dialog offers: every column, and a lead that imports cleanly into the
 * demo catalogue. `queryDate` is a calendar date, `followUp` a local time in the organization's time
 * zone (both also in spreadsheet forms: src/api/common/import-dates.ts).
 */
export const LEAD_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'leads-template.csv',
  columns: ['name', 'phone', 'email', 'source', 'comment', 'regions', 'destinations', 'assignedTo', 'queryDate', 'followUp'],
  example: {
    name: 'Maya Khoury',
    phone: '+971 50 555 0199',
    email: 'maya.khoury@example.com',
    source: 'referral',
    comment: 'Honeymoon in May, about ten nights',
    regions: 'Indian Ocean',
    destinations: 'Maldives;Mauritius',
    assignedTo: '',
    queryDate: '2026-03-05',
    followUp: '2027-01-15 10:00',
  },
};
