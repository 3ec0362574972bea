import { rowsFromCsv } from '../../common/import';
import { HOTEL_CSV_COLUMNS } from './contract';

/**
 * The CSV form of a hotel import, read the same way in the browser and on the server: `destination`
 * names the destination (id, slug or name); `roomTypes` is `name:nightlyRate:maxOccupancy` separated
 * by `;` (rates in minor units); `amenities` separated by `;`, `|` or a quoted `,`.
 */
export const hotelRowsFromCsv = (text: string) =>
  rowsFromCsv(text, { columns: HOTEL_CSV_COLUMNS, required: ['name', 'destination', 'stars', 'roomTypes'] });
