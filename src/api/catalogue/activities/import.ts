import { rowsFromCsv, type ImportTemplate } from '../../common/import';
import { ACTIVITY_CSV_COLUMNS } from './contract';

/** The CSV form of an activity import, read the same way in the browser and on the server (price in minor units). */
export const activityRowsFromCsv = (text: string) =>
  rowsFromCsv(text, {
    columns: ACTIVITY_CSV_COLUMNS,
    required: ['name', 'destination', 'category', 'difficulty', 'durationMinutes', 'pricePerPerson'],
  });

/** The template the import dialog offers: the columns, and a row that imports cleanly into the demo catalogue. */
export const ACTIVITY_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'activities-template.csv',
  columns: ['name', 'slug', 'destination', 'category', 'difficulty', 'durationMinutes', 'pricePerPerson', 'description'],
  example: {
    name: 'Sunset Dhow Cruise',
    slug: '',
    destination: 'Dubai',
    category: 'water-sports',
    difficulty: 'easy',
    durationMinutes: '120',
    pricePerPerson: '6500',
    description: 'Two hours on the creek, dinner on board (price in minor units: 65.00).',
  },
};
