import { rowsFromCsv } from '../../common/import';
import { REGION_CSV_COLUMNS } from './contract';

/** The CSV form of a region import (the server's reader): `name` required, `slug`, `description`. */
export const regionRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: REGION_CSV_COLUMNS, required: ['name'] });
