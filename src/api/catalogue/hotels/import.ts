import { rowsFromCsv, type ImportTemplate } from '../../common/import';
import { HOTEL_CSV_COLUMNS } from './contract';

/**
 * The CSV form of a hotel import, read the same way in the browser and on the server: `destination`
 * names the destination (id, slug or name); `roomTypes` is `name:nightlyRate:maxOccupancy` separated
 * by `;` (rates in minor units); `amenities` separated by `;`, `|` or a quoted `,`.
 */
export const hotelRowsFromCsv = (text: string) =>
  rowsFromCsv(text, { columns: HOTEL_CSV_COLUMNS, required: ['name', 'destination', 'stars', 'roomTypes'] });

/** The template the import dialog offers: the columns, and a row that imports cleanly into the demo catalogue. */
export const HOTEL_IMPORT_TEMPLATE: ImportTemplate = {
  file: 'hotels-template.csv',
  columns: ['name', 'slug', 'destination', 'stars', 'address', 'roomTypes', 'amenities', 'description'],
  example: {
    name: 'Lagoon View Resort',
    slug: '',
    destination: 'Mauritius',
    stars: '4',
    address: 'Coastal Road, Grand Baie',
    roomTypes: 'Garden Double:14000:2; Ocean Suite:26000:3',
    amenities: 'Pool;Spa;Wi-Fi',
    description: 'A beachfront resort on the north coast.',
  },
};
