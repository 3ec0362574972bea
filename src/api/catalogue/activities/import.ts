import { rowsFromCsv } from '../../common/import';
import { ACTIVITY_CSV_COLUMNS } from './contract';

/** The CSV form of an activity import, read the same way in the browser and on the server (price in minor units). */
export const activityRowsFromCsv = (text: string) =>
  rowsFromCsv(text, {
    columns: ACTIVITY_CSV_COLUMNS,
    required: ['name', 'destination', 'category', 'difficulty', 'durationMinutes', 'pricePerPerson'],
  });
