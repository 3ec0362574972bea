import { rowsFromCsv } from '../../common/import';
import { DESTINATION_CSV_COLUMNS } from './contract';

/** The CSV form of a destination import (the server's reader): `region` names the region by id, slug or name. */
export const destinationRowsFromCsv = (text: string) =>
  rowsFromCsv(text, { columns: DESTINATION_CSV_COLUMNS, required: ['name', 'region', 'country'] });
