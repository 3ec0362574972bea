import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { DestinationPicker, RegionPicker } from './catalogue-pickers';
import { FilterField, MultiSelectFilter } from './filter-fields';
import { DateRangeFilter, type FilterParamKind, type FilterValue } from './list-page';
import { useContactOptions } from './point-of-contact';

/** How the trip filters sit in the address (`?regions=…&departure[from]=…`). */
export const TRIP_FILTER_PARAMS: Record<string, FilterParamKind> = {
  regions: 'list',
  destinations: 'list',
  convertedBy: 'list',
  departure: 'object',
  arrival: 'object',
  totalNights: 'list',
  createdAt: 'object',
};

const list = (value: FilterValue) => (Array.isArray(value) ? value : []);

/**
 * The seed's trip filters that every list of bookings shares (bookings, pending installments, the
 * operations board): regions, destinations, who sold it, departure, arrival, nights, created. The
 * server reads them with one function too (bookingFilters in server/bookings/lists.ts). Labels are
 * the area's own (`<area>.filters.<name>`): "Created" on the board is "Booked" on the bookings.
 */
export function TripFilters({ area, idPrefix, filters, onChange }: { area: 'bookings' | 'operations'; idPrefix: string; filters: Record<string, FilterValue>; onChange: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const members = useContactOptions();
  const nights = list(filters.totalNights)[0];
  const label = (name: string) => t(`${area}.filters.${name}`);
  return (
    <>
      <FilterField id={`${idPrefix}-regions`} label={label('regions')}>
        <RegionPicker inputId={`${idPrefix}-regions`} multiple value={list(filters.regions)} onChange={(ids) => onChange('regions', ids)} />
      </FilterField>
      <FilterField id={`${idPrefix}-destinations`} label={label('destinations')}>
        <DestinationPicker inputId={`${idPrefix}-destinations`} multiple regions={list(filters.regions)} value={list(filters.destinations)} onChange={(ids) => onChange('destinations', ids)} />
      </FilterField>
      {members.available && <MultiSelectFilter id={`${idPrefix}-converted-by`} label={label('convertedBy')} value={filters.convertedBy} options={members.options} onChange={(ids) => onChange('convertedBy', ids)} />}
      <DateRangeFilter label={label('departure')} value={filters.departure} onChange={(v) => onChange('departure', v)} />
      <DateRangeFilter label={label('arrival')} value={filters.arrival} onChange={(v) => onChange('arrival', v)} />
      <FilterField id={`${idPrefix}-nights`} label={label('totalNights')}>
        <InputNumber inputId={`${idPrefix}-nights`} value={nights ? Number(nights) : null} min={0} max={120} useGrouping={false} onValueChange={(e) => onChange('totalNights', e.value === null || e.value === undefined ? undefined : [String(e.value)])} />
      </FilterField>
      <DateRangeFilter label={label('createdAt')} value={filters.createdAt} onChange={(v) => onChange('createdAt', v)} />
    </>
  );
}
