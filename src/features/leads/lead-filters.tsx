import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { FOLLOW_UP_TYPES, LEAD_SOURCES, LEAD_STATES, type FollowUpType } from '../../api/leads/contract';
import type { FollowUpsFilter } from '../../api/leads/get-leads';
import { DestinationPicker, RegionPicker } from '../../ui/catalogue-pickers';
import { DROPDOWN_PT, SWITCH_PT } from '../../ui/form-fields';
import { FilterField, MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, type FilterParamKind, type FilterValue, type ListState } from '../../ui/list-page';
import { useSalesOwnerOptions } from './member-options';

/**
 * The leads list keeps each filter as its own address parameter, in the server's query format,
 * so a filtered view reads (and is shared) as `/leads?status=new&followups[enabled]=true&followups[type]=today`.
 */
export const LEAD_FILTER_PARAMS: Record<string, FilterParamKind> = {
  query: 'object',
  status: 'list',
  assignedTo: 'list',
  source: 'list',
  regions: 'list',
  destinations: 'list',
  followups: 'object',
};

/** The follow-ups view: what a sales agent opens each morning. */
export const TODAYS_FOLLOW_UPS: FollowUpsFilter = { enabled: 'true', type: 'todayAndMissed' };

/** The follow-ups filter in a list state, when it is on. */
export function followUpsOf(filters: ListState['filters']): FollowUpsFilter | undefined {
  const f = filters.followups as FollowUpsFilter | undefined;
  return f?.enabled === 'true' ? { enabled: 'true', type: (FOLLOW_UP_TYPES as readonly string[]).includes(f.type ?? '') ? f.type : 'todayAndMissed' } : undefined;
}

const list = (v: FilterValue) => (Array.isArray(v) ? v : []);

/** The filter panel of the leads list: query range, status, owner, source, regions, destinations, follow-ups. */
export function LeadFilterPanel({ filters, onChange }: { filters: ListState['filters']; onChange: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const owners = useSalesOwnerOptions();
  const followUps = followUpsOf(filters);
  const typeOptions = FOLLOW_UP_TYPES.map((type) => ({ value: type, label: t(`leads.followUpTypes.${type}`) }));
  return (
    <>
      <DateRangeFilter label={t('leads.fields.queryDate')} value={filters.query} onChange={(range) => onChange('query', range)} />
      <MultiSelectFilter id="f-lead-status" label={t('leads.fields.status')} value={filters.status} options={LEAD_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))} placeholder={t('list.any')} onChange={(values) => onChange('status', values)} />
      {owners.available && (
        <MultiSelectFilter id="f-lead-owner" label={t('leads.fields.assignedTo')} value={filters.assignedTo} options={[{ value: 'unassigned', label: t('leads.unassigned') }, ...owners.options]} filter placeholder={t('list.any')} onChange={(values) => onChange('assignedTo', values)} />
      )}
      <MultiSelectFilter id="f-lead-source" label={t('leads.fields.source')} value={filters.source} options={LEAD_SOURCES.map((s) => ({ value: s, label: t(`leads.sources.${s}`) }))} placeholder={t('list.any')} onChange={(values) => onChange('source', values)} />
      <FilterField id="f-lead-regions" label={t('leads.fields.regions')}>
        <RegionPicker inputId="f-lead-regions" multiple value={list(filters.regions)} onChange={(ids) => onChange('regions', ids)} />
      </FilterField>
      <FilterField id="f-lead-destinations" label={t('leads.fields.destinations')}>
        <DestinationPicker inputId="f-lead-destinations" multiple regions={list(filters.regions)} value={list(filters.destinations)} onChange={(ids) => onChange('destinations', ids)} />
      </FilterField>
      <div className="field">
        <div className="field--inline row" style={{ flexWrap: 'nowrap' }}>
          <InputSwitch
            inputId="f-lead-followups"
            checked={!!followUps}
            pt={SWITCH_PT}
            onChange={(e) => onChange('followups', e.value ? { ...TODAYS_FOLLOW_UPS } : undefined)}
          />
          <label htmlFor="f-lead-followups">{t('leads.followUps.only')}</label>
        </div>
        <label htmlFor="f-lead-followup-type" className="visually-hidden">
          {t('leads.followUps.type')}
        </label>
        <Dropdown
          inputId="f-lead-followup-type"
          value={followUps?.type ?? 'todayAndMissed'}
          options={typeOptions}
          optionLabel="label"
          optionValue="value"
          disabled={!followUps}
          pt={DROPDOWN_PT}
          onChange={(e) => onChange('followups', { enabled: 'true', type: e.value as FollowUpType })}
        />
      </div>
    </>
  );
}
