import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import { MATCH_MODES, type MatchMode } from '../../../api/tours/tour-plan';
import { DestinationPicker, RegionPicker } from '../../../ui/catalogue-pickers';
import { FilterField, MultiSelectFilter } from '../../../ui/filter-fields';
import type { FilterParamKind, FilterValue, ListState } from '../../../ui/list-page';
import { useContactOptions } from '../../../ui/point-of-contact';

/**
 * The seed's filters of the tour lists, as building blocks every list uses (places, nights, point
 * of contact), and the panel of the personalized and group tour lists: each filter its own address
 * parameter, in the server's format.
 */

type Filters = ListState['filters'];
type OnChange = (key: string, value: FilterValue) => void;

/** The seed's filters of the personalized and group tour lists. */
export const TOUR_FILTER_PARAMS: Record<string, FilterParamKind> = {
  regions: 'list',
  regionFilter: 'text',
  destinations: 'list',
  destinationFilter: 'text',
  totalNights: 'text',
  pointOfContact: 'list',
};

const list = (value: FilterValue) => (Array.isArray(value) ? value : []);

function MatchModeSwitch({ label, value, onChange }: { label: string; value: FilterValue; onChange: (mode: MatchMode | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <SelectButton
      className="match-mode"
      aria-label={label}
      value={value === 'all' ? 'all' : 'any'}
      allowEmpty={false}
      options={MATCH_MODES.map((m) => ({ value: m, label: t(m === 'all' ? 'tourPlan.matchAll' : 'tourPlan.matchAny') }))}
      optionLabel="label"
      optionValue="value"
      // `any` is the default: left out of the address.
      onChange={(e) => e.value && onChange(e.value === 'all' ? 'all' : undefined)}
    />
  );
}

/** Regions and destinations (the destinations offered within the regions chosen); with `matchModes`, each matched any or all. */
export function PlaceFilters({ id, filters, onChange, matchModes }: { id: string; filters: Filters; onChange: OnChange; matchModes?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterField id={`${id}-regions`} label={t('tourPlan.regions')}>
        <RegionPicker inputId={`${id}-regions`} multiple value={list(filters.regions)} onChange={(ids) => onChange('regions', ids)} />
        {matchModes && <MatchModeSwitch label={t('tourPlan.regionMatch')} value={filters.regionFilter} onChange={(m) => onChange('regionFilter', m)} />}
      </FilterField>
      <FilterField id={`${id}-destinations`} label={t('tourPlan.destinations')}>
        <DestinationPicker inputId={`${id}-destinations`} multiple regions={list(filters.regions)} value={list(filters.destinations)} onChange={(ids) => onChange('destinations', ids)} />
        {matchModes && <MatchModeSwitch label={t('tourPlan.destinationMatch')} value={filters.destinationFilter} onChange={(m) => onChange('destinationFilter', m)} />}
      </FilterField>
    </>
  );
}

/** Tours of exactly this many nights; the point of contact, when the member may list members. */
export function NightsAndContactFilters({ id, filters, onChange, maxNights }: { id: string; filters: Filters; onChange: OnChange; maxNights: number }) {
  const { t } = useTranslation();
  const contacts = useContactOptions();
  return (
    <>
      <FilterField id={`${id}-nights`} label={t('tourPlan.totalNights')}>
        <InputNumber
          inputId={`${id}-nights`}
          value={typeof filters.totalNights === 'string' && filters.totalNights ? Number(filters.totalNights) : null}
          min={0}
          max={maxNights}
          useGrouping={false}
          onValueChange={(e) => onChange('totalNights', e.value === null || e.value === undefined ? undefined : String(e.value))}
        />
      </FilterField>
      {contacts.available && <MultiSelectFilter id={`${id}-contact`} label={t('tourPlan.pointOfContact')} value={filters.pointOfContact} options={contacts.options} onChange={(ids) => onChange('pointOfContact', ids)} />}
    </>
  );
}

/**
 * The seed's filters of personalized and group tours: regions and destinations (matching any, or
 * all, of them), nights, point of contact. `children`: the list's own (published; status and departure range).
 */
export function TourFilterPanel({ filters, onChange, children }: { filters: Filters; onChange: OnChange; children?: ReactNode }) {
  return (
    <>
      <PlaceFilters id="f-tour" filters={filters} onChange={onChange} matchModes />
      <NightsAndContactFilters id="f-tour" filters={filters} onChange={onChange} maxNights={365} />
      {children}
    </>
  );
}
