import { rowsFromCsv, type ImportTemplate } from '../../common/import';
import { REGION_CSV_COLUMNS } from './contract';

/** The CSV form of a region import (the server's reader): `name` required, `slug`, `description`. */
export const regionRowsFromCsv = (text: string) => rowsFromCsv(text, { columns: REGION_CSV_COLUMNS, required: ['name'] });

/** The template the import dialog offers: the columns, and a row that imports cleanly into the demo catalogue. */
export const REGION_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'regions-template.csv',
  columns: ['name', 'slug', 'description'],
  example: {
    name: 'Caribbean',
    slug: '',
    description: 'Island hopping from Barbados to St Lucia.',
  },
};
