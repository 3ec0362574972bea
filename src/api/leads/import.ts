import { rowsFromCsv } from '../common/import';
import { LEAD_CSV_COLUMNS } from './contract';

/**
 * The CSV form of a lead import (the reader the server uses): the first line names the columns,
 * matched without regard to case, spaces, `_` or `-`; `regions` and `destinations` list ids, slugs
 * or names separated by `;`, `|` or `,`; `assignedTo` is a member's id or email.
 */
export const leadRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: LEAD_CSV_COLUMNS, required: ['name'] });

/** The columns a lead CSV may have, for the import dialog's hint. */
export const LEAD_CSV_HINT = ['name', 'phone', 'email', 'source', 'comment', 'regions', 'destinations', 'assignedTo', 'followUp', 'queryDate'];
