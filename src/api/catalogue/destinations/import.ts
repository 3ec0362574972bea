import { rowsFromCsv, type ImportTemplate } from '../../common/import';
import { DESTINATION_CSV_COLUMNS } from './contract';

/** The CSV form of a destination import (the server's reader): `region` names the region by id, slug or name. */
export const destinationRowsFromCsv = (text: string) =>
  rowsFromCsv(text, { columns: DESTINATION_CSV_COLUMNS, required: ['name', 'region', 'country'] });

/** The template the import dialog offers: the columns, and a row that imports cleanly into the demo catalogue. */
export const DESTINATION_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'destinations-template.csv',
  columns: ['name', 'slug', 'region', 'country', 'description'],
  example: {
    name: 'Lisbon',
    slug: '',
    region: 'Europe',
    country: 'Portugal',
    description: 'Seven hills, trams and fado.',
  },
};
